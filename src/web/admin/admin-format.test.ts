import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  describeAuditDetail,
  describePlan,
  formatDate,
  jobKindLabel,
  shortId,
} from './admin-format.ts';

describe('the users list names the plan and where it comes from', () => {
  it('says Free, Premium from Stripe, Premium until a date, or Premium until revoked', () => {
    expect(describePlan({ plan: 'free', planSource: null, premiumUntil: null })).toEqual({
      name: 'Free',
      detail: null,
    });
    expect(describePlan({ plan: 'premium', planSource: 'stripe', premiumUntil: null })).toEqual({
      name: 'Premium',
      detail: 'Stripe',
    });
    expect(
      describePlan({ plan: 'premium', planSource: 'admin', premiumUntil: '2027-03-05T10:00:00.000Z' }),
    ).toEqual({ name: 'Premium', detail: 'until March 5, 2027' });
    expect(describePlan({ plan: 'premium', planSource: 'admin', premiumUntil: null })).toEqual({
      name: 'Premium',
      detail: null,
    });
  });

  it('reads dates in UTC, the day the server counts in', () => {
    expect(formatDate('2027-03-05T23:30:00.000Z')).toBe('March 5, 2027');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('the activity list reads each change', () => {
  it('labels known actions and shows an unknown one as stored', () => {
    expect(actionLabel('plan.grant')).toBe('Granted premium');
    expect(actionLabel('account.disable')).toBe('Disabled the account');
    expect(actionLabel('something.new')).toBe('something.new');
  });

  it('gives a grant its end, and extra versions their count', () => {
    expect(describeAuditDetail({ action: 'plan.grant', detail: { until: '2027-03-05T10:00:00.000Z' } })).toBe(
      'until March 5, 2027',
    );
    expect(describeAuditDetail({ action: 'plan.grant', detail: { until: null } })).toBe('until revoked');
    expect(describeAuditDetail({ action: 'credits.add', detail: { count: 1, balance: 1 } })).toBe(
      '1 extra version',
    );
    expect(describeAuditDetail({ action: 'credits.add', detail: { count: 10 } })).toBe('10 extra versions');
    expect(describeAuditDetail({ action: 'account.disable', detail: { email: 'a@b.c' } })).toBeNull();
  });
});

describe('shortId', () => {
  it('keeps the first 8 characters of a chat id', () => {
    expect(shortId('0f3c2a9e-1b2c-4d5e-8f90-123456789abc')).toBe('0f3c2a9e');
    expect(shortId('abc')).toBe('abc');
  });
});

describe('jobKindLabel', () => {
  it('reads a job kind as words', () => {
    expect(jobKindLabel('preview-build')).toBe('Preview build');
    expect(jobKindLabel('clone-analysis')).toBe('Clone analysis');
    expect(jobKindLabel('')).toBe('');
  });
});
