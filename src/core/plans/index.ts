export * from './catalogue.ts';
export * from './subscription.ts';
export * from './upload-limit.ts';
