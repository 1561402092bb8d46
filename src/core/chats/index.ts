export * from './slug.ts';
export * from './version-number.ts';
