import { describe, expect, it } from 'vitest';
import { PLANS } from '../plans/index.ts';
import { describeQuota, freeQuotaWindow, paidQuotaWindow } from './quota.ts';

const utc = (iso: string) => new Date(iso);

describe("Spec §8 limit-exceeded (free): 'counted from the 1st of the month, resets on the 1st of next month'", () => {
  it('is the calendar month of now (UTC)', () => {
    expect(freeQuotaWindow(utc('2026-03-17T12:00:00Z'))).toEqual({
      start: utc('2026-03-01T00:00:00Z'),
      resetsAt: utc('2026-04-01T00:00:00Z'),
    });
  });

  it('rolls over the year in December', () => {
    expect(freeQuotaWindow(utc('2026-12-31T23:59:59Z')).resetsAt).toEqual(utc('2027-01-01T00:00:00Z'));
  });
});

describe("Spec §8 limit-exceeded (paid): 'limit per price interval, resets on the 1st of the month after current_period_start'", () => {
  it('counts from current_period_start and resets on the 1st of the following month', () => {
    expect(paidQuotaWindow(utc('2026-01-20T08:30:00Z'))).toEqual({
      start: utc('2026-01-20T08:30:00Z'),
      resetsAt: utc('2026-02-01T00:00:00Z'),
    });
  });
});

describe("Spec §9: 'Version limit shown as message limit ÷ 2'", () => {
  it(`shows ${PLANS.free.versionsPerWindow} versions for the free plan's ${PLANS.free.versionsPerWindow * 2} messages`, () => {
    const status = describeQuota({
      plan: PLANS.free,
      now: utc('2026-03-17T12:00:00Z'),
      currentPeriodStart: null,
      messagesUsed: 7,
    });
    expect(status).toMatchObject({
      versionLimit: PLANS.free.versionsPerWindow,
      versionsUsed: 3,
      isExceeded: false,
    });
    expect(status.versionsRemaining).toBe(PLANS.free.versionsPerWindow - 3);
  });

  it('is exceeded once the message limit is reached', () => {
    const status = describeQuota({
      plan: PLANS.premium,
      now: utc('2026-03-17T12:00:00Z'),
      currentPeriodStart: utc('2026-03-05T00:00:00Z'),
      messagesUsed: PLANS.premium.versionsPerWindow * 2,
    });
    expect(status).toMatchObject({
      isExceeded: true,
      versionsRemaining: 0,
      resetsAt: utc('2026-04-01T00:00:00Z'),
    });
  });
});
