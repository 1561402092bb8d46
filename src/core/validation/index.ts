export * from './prompt.ts';
export * from './attachments.ts';
export * from './subdomain.ts';
export * from './custom-domain.ts';
export * from './repository-name.ts';
export * from './migration-run.ts';
