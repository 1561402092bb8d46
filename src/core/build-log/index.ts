export * from './tables.ts';
export * from './classify.ts';
export * from './trim.ts';
