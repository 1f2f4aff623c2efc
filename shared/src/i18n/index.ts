export * from './languages';
export * from './resources';
export * from './catalogue';
export * from './catalogue-store';
export * from './create-i18n';
