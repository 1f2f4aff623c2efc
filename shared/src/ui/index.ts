export * from './system';
export * from './section-unavailable';
export * from './delete-confirm-dialog';
