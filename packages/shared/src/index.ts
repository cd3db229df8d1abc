export * from './constants';
export * from './catalogue';
export * from './pricing';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/products';
export * from './schemas/admin';
export * from './schemas/licensing';
