export * from './contract';
export * from './history-bridge';
export * from './remote-context';
export * from './remote-root';
export * from './remote-error-boundary';
export * from './create-remote-lifecycles';
export * from './standalone';
export * from './test-props';
