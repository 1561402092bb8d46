export * from './migration.ts';
