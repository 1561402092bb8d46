export * from './providers.ts';
export * from './masking.ts';
export * from './address-safety.ts';
export * from './credentials.ts';
export * from './postgres-connection.ts';
