export * from './system';
export * from './section-unavailable';
export * from './delete-confirm-dialog';
export * from './image-sizes';
export * from './image-picker';
export * from './image-sizes';
export * from './image-picker';
