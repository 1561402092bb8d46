export * from './instructions.ts';
