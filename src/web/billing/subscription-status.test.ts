import { describe, expect, it } from 'vitest';
import type { MeSubscription } from '../auth/use-me.ts';
import { summarizeSubscription } from './subscription-status.ts';

const subscription = (fields: Partial<MeSubscription>): MeSubscription => ({
  status: 'active',
  interval: 'month',
  productName: 'Kiln Premium',
  currentPeriodStart: '2026-11-23T10:00:00.000Z',
  currentPeriodEnd: '2026-12-23T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  source: 'stripe',
  ...fields,
});

describe('summarizeSubscription', () => {
  it('an active subscription renews at the end of its period', () => {
    expect(summarizeSubscription(subscription({}))).toEqual({
      status: 'Active',
      isGood: true,
      billing: 'Monthly',
      started: 'November 23, 2026',
      periodEnd: { label: 'Subscription renews on', date: 'December 23, 2026' },
    });
  });

  it('canceled in the portal, it stays premium and ends on the period end', () => {
    const summary = summarizeSubscription(subscription({ cancelAtPeriodEnd: true, interval: 'year' }));
    expect(summary.status).toBe('Canceling on December 23, 2026');
    expect(summary.isGood).toBe(true);
    expect(summary.billing).toBe('Yearly');
    expect(summary.periodEnd).toEqual({ label: 'Subscription ends on', date: 'December 23, 2026' });
  });

  it('names trialing and past due; only trialing and active give Premium (spec §6)', () => {
    expect(summarizeSubscription(subscription({ status: 'trialing' }))).toMatchObject({
      status: 'Trialing',
      isGood: true,
    });
    expect(summarizeSubscription(subscription({ status: 'past_due' }))).toMatchObject({
      status: 'Past due',
      isGood: false,
      periodEnd: { label: 'Subscription ends on', date: 'December 23, 2026' },
    });
  });

  it('a plan granted by an administrator may have no period', () => {
    expect(
      summarizeSubscription(
        subscription({ source: 'admin', interval: null, currentPeriodStart: null, currentPeriodEnd: null }),
      ),
    ).toEqual({ status: 'Active', isGood: true, billing: null, started: null, periodEnd: null });
  });
});
