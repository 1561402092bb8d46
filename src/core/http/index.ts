export * from './body-type.ts';
export * from './origin.ts';
