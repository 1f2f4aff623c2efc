import { switchLanguage } from '@hub/shared/i18n';
import { createShellI18n } from './shell-i18n';

describe('createShellI18n', () => {
  it("should speak English and French with the shell's and the common catalogues only", async () => {
    const i18n = createShellI18n('en');
    expect(i18n.t('nav.home', { ns: 'shell' })).toBe('Home');
    expect(i18n.t('common:appTitle')).toBe('Client Hub');
    expect(i18n.hasResourceBundle('en', 'admin')).toBe(false);
    await switchLanguage(i18n, 'fr');
    expect(i18n.t('displayAs.stop', { ns: 'shell' })).toBe('Arrêter');
    expect(i18n.hasResourceBundle('fr', 'admin')).toBe(false);
  });
});
