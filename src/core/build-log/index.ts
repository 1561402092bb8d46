export * from './tables.ts';
export * from './classify.ts';
export * from './trim.ts';
export * from './missing-packages.ts';
