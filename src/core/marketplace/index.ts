export * from './listing-input.ts';
export * from './listing-rules.ts';
export * from './price.ts';
export * from './purchase-rules.ts';
