import { en, fr } from '@hub/shared/i18n';
import { fullName } from './people';

describe('fullName', () => {
  it('should sign an erased person "Former user", in French too, and name anyone else', () => {
    const former = { id: 3, first_name: '', last_name: '', email: 'erased-3@erased.invalid' };
    expect(fullName(former, en.contact.formerUser)).toBe('Former user');
    expect(fullName(former, fr.contact.formerUser)).toBe('Ancien utilisateur');
    expect(fullName({ id: 4, first_name: 'Nina', last_name: 'North', email: 'user@northwind.test' }, 'Former user')).toBe('Nina North');
    expect(fullName(null, 'Former user')).toBe('—');
  });
});
