export * from './rounds.ts';
