export * from './checkout-input.ts';
export * from './stripe-subscription.ts';
