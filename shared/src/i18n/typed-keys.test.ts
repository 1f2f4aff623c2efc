import { createI18n } from './create-i18n';

// The catalogues' keys are types (i18next-types.d.ts): the type check refuses a misspelt key. Each
// `@ts-expect-error` below fails the type check the day keys stop being typed.
describe('typed catalogue keys', () => {
  it('should accept the keys of a namespace and refuse a misspelt one', () => {
    const i18n = createI18n(['shell', 'common'], 'en');
    expect(i18n.t('nav.home', { ns: 'shell' })).toBe('Home');
    expect(i18n.t('appTitle', { ns: 'common' })).toBe('Client Hub');
    // @ts-expect-error: no such key in the shell's catalogue
    expect(i18n.t('nav.hoem', { ns: 'shell' })).toBe('nav.hoem');
    // @ts-expect-error: no such key in 'common'
    expect(i18n.t('appTitel', { ns: 'common' })).toBe('appTitel');
  });
});
