import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { isStripeError } from './errors.ts';

describe('isStripeError (the SDK itself stays unloaded where Stripe is not set up)', () => {
  it("recognises the SDK's own errors, and nothing else", () => {
    const raw = { message: 'No such customer' };
    expect(isStripeError(new Stripe.errors.StripeInvalidRequestError(raw))).toBe(true);
    expect(isStripeError(new Stripe.errors.StripeConnectionError(raw))).toBe(true);
    expect(isStripeError(new Stripe.errors.StripeAPIError(raw))).toBe(true);
    expect(isStripeError(new Stripe.errors.StripeRateLimitError(raw))).toBe(true);
    expect(isStripeError(new Error('database down'))).toBe(false);
    expect(isStripeError(Object.assign(new Error('x'), { type: 'entity.parse.failed' }))).toBe(false);
    expect(isStripeError({ type: 'StripeCardError', message: 'not an Error' })).toBe(false);
    expect(isStripeError(null)).toBe(false);
  });
});
