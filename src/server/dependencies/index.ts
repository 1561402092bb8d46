export * from './choose-version.ts';
export * from './registry.ts';
export * from './resolver.ts';
export * from './store-versions.ts';
