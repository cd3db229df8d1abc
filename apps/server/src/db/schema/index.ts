export * from './users';
export * from './products';
export * from './licensing';
export * from './support';
export * from './system';
export * from './events';
export * from './integrations';
export * from './payments';
