export * from './auth.ts';
export * from './chats.ts';
export * from './billing.ts';
export * from './integrations.ts';
export * from './jobs.ts';
export * from './generations.ts';
export * from './admin.ts';
