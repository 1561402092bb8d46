export * from './handler-entry.ts';
