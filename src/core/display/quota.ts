/**
 * Spec §8 'limit-exceeded' and §9: the version quota window and what to show about it.
 * Pure: the caller passes the current time and the subscription's period start (UTC dates).
 */
import { displayedVersionLimit, messageLimit, type Plan } from '../plans/index.ts';

export interface QuotaWindow {
  /** Versions are counted from this instant (inclusive). */
  start: Date;
  /** The quota resets at this instant. */
  resetsAt: Date;
}

function firstOfMonthUtc(date: Date, monthOffset: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthOffset, 1));
}

/** Free plan: the calendar month from the 1st, resetting on the 1st of next month. */
export function freeQuotaWindow(now: Date): QuotaWindow {
  return { start: firstOfMonthUtc(now, 0), resetsAt: firstOfMonthUtc(now, 1) };
}

/** Paid plan: counted per interval from current_period_start; resets on the 1st of the month after it. */
export function paidQuotaWindow(currentPeriodStart: Date): QuotaWindow {
  return { start: new Date(currentPeriodStart.getTime()), resetsAt: firstOfMonthUtc(currentPeriodStart, 1) };
}

export interface QuotaInput {
  plan: Plan;
  now: Date;
  /** The subscription's current_period_start; null for the free plan. */
  currentPeriodStart: Date | null;
  /** Messages (user + assistant) already counted in the window. */
  messagesUsed: number;
}

export interface QuotaStatus extends QuotaWindow {
  /** Spec §9: the version limit shown is the message limit ÷ 2. */
  versionLimit: number;
  versionsUsed: number;
  versionsRemaining: number;
  isExceeded: boolean;
}

export function describeQuota(input: QuotaInput): QuotaStatus {
  const window =
    input.plan.id === 'free' || input.currentPeriodStart === null
      ? freeQuotaWindow(input.now)
      : paidQuotaWindow(input.currentPeriodStart);
  const limitMessages = messageLimit(input.plan);
  const versionLimit = displayedVersionLimit(limitMessages);
  const versionsUsed = displayedVersionLimit(Math.max(0, input.messagesUsed));
  return {
    ...window,
    versionLimit,
    versionsUsed,
    versionsRemaining: Math.max(0, versionLimit - versionsUsed),
    isExceeded: input.messagesUsed >= limitMessages,
  };
}
