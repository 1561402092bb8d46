export * from './account.ts';
export * from './config.ts';
export * from './errors.ts';
export * from './window.ts';
export * from './lease.ts';
