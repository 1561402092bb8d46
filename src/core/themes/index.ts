export * from './daisy-themes.ts';
