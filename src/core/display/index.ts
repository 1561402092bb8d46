export * from './file-size.ts';
export * from './file-name.ts';
export * from './quota.ts';
export * from './count.ts';
