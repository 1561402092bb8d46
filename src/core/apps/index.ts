export * from './handler-entry.ts';
export * from './integration-endpoints.ts';
export * from './app-folder.ts';
export * from './error-source.ts';
