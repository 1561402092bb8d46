export * from './rules.ts';
export * from './types.ts';
