import { describe, expect, it } from 'vitest';
import { extraVersionsInput, subscriptionCheckoutInput } from './checkout-input.ts';
import { customerIdOf, isStaleEvent, subscriptionFields } from './stripe-subscription.ts';

const subscription = {
  id: 'sub_1',
  status: 'active',
  customer: 'cus_1',
  cancel_at_period_end: false,
  items: {
    data: [
      {
        current_period_start: 1_790_000_000,
        current_period_end: 1_792_592_000,
        price: { id: 'price_m', product: 'prod_1', recurring: { interval: 'month' } },
      },
    ],
  },
};

describe('a Stripe subscription as Kiln stores it', () => {
  it('reads the period from the item (API 2025-03-31 and later)', () => {
    expect(subscriptionFields(subscription)).toEqual({
      id: 'sub_1',
      status: 'active',
      priceId: 'price_m',
      currentPeriodStart: new Date(1_790_000_000_000),
      currentPeriodEnd: new Date(1_792_592_000_000),
      cancelAtPeriodEnd: false,
    });
  });

  it('falls back to the subscription-level period of older API versions', () => {
    const older = {
      ...subscription,
      current_period_start: 1_700_000_000,
      current_period_end: 1_702_592_000,
      items: { data: [{ price: { id: 'price_y', product: { id: 'prod_1' } } }] },
    };
    expect(subscriptionFields(older).currentPeriodStart).toEqual(new Date(1_700_000_000_000));
    expect(subscriptionFields(older).priceId).toBe('price_y');
  });

  it('names the customer whether expanded or not', () => {
    expect(customerIdOf({ customer: 'cus_1' })).toBe('cus_1');
    expect(customerIdOf({ customer: { id: 'cus_2' } })).toBe('cus_2');
  });

  it('treats an event older than the stored state as stale, the same second as fresh', () => {
    const stored = new Date(1_790_000_100_000);
    expect(isStaleEvent(stored, 1_790_000_099)).toBe(true);
    expect(isStaleEvent(stored, 1_790_000_100)).toBe(false);
    expect(isStaleEvent(stored, 1_790_000_101)).toBe(false);
    expect(isStaleEvent(null, 1)).toBe(false);
  });
});

describe('checkout requests', () => {
  it('takes a monthly or yearly interval only', () => {
    expect(subscriptionCheckoutInput.safeParse({ interval: 'month' }).success).toBe(true);
    expect(subscriptionCheckoutInput.safeParse({ interval: 'week' }).success).toBe(false);
  });

  it('takes 1 to 100 whole extra versions', () => {
    expect(extraVersionsInput.safeParse({ quantity: 1 }).success).toBe(true);
    expect(extraVersionsInput.safeParse({ quantity: 100 }).success).toBe(true);
    for (const quantity of [0, 101, 2.5, -1])
      expect(extraVersionsInput.safeParse({ quantity }).success).toBe(false);
  });
});
