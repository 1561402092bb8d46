export * from './budget.ts';
export * from './estimate.ts';
export * from './prices.ts';
export * from './usage.ts';
