export * from './build-command.ts';
export * from './locked-versions.ts';
export * from './offline-steps.ts';
export * from './output-dirs.ts';
export * from './build-adaptations.ts';
export * from './sveltekit-static.ts';
export * from './legacy-openssl.ts';
export * from './egress-log.ts';
