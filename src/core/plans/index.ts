export * from './catalogue.ts';
export * from './subscription.ts';
