export * from './frameworks.ts';
