export * from './system';
export * from './section-unavailable';
