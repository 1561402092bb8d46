import type { MeSubscription } from '../auth/use-me.ts';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

const STATUS_LABELS: Readonly<Record<string, string>> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  unpaid: 'Unpaid',
  paused: 'Paused',
};

export interface SubscriptionSummary {
  /** 'Active', 'Trialing', 'Past due', 'Canceling on March 1, 2027', … */
  status: string;
  /** Whether the subscription still gives Premium (spec §6: trialing or active). */
  isGood: boolean;
  billing: string | null;
  started: string | null;
  /**
   * 'Subscription renews on …' or, once canceled in the portal, 'Subscription ends on …': the billing
   * period, named so it is not taken for the version limit's reset (the usage card's).
   */
  periodEnd: { label: 'Subscription renews on' | 'Subscription ends on'; date: string } | null;
}

/** What the account page says about a subscription: its status and its current period. */
export function summarizeSubscription(subscription: MeSubscription): SubscriptionSummary {
  const isGood = subscription.status === 'active' || subscription.status === 'trialing';
  const end = formatDate(subscription.currentPeriodEnd);
  const isCanceling = isGood && subscription.cancelAtPeriodEnd;
  const status =
    isCanceling && end ? `Canceling on ${end}` : (STATUS_LABELS[subscription.status] ?? subscription.status);
  return {
    status,
    isGood,
    billing:
      subscription.interval === 'month' ? 'Monthly' : subscription.interval === 'year' ? 'Yearly' : null,
    started: formatDate(subscription.currentPeriodStart),
    periodEnd: end
      ? { label: isCanceling || !isGood ? 'Subscription ends on' : 'Subscription renews on', date: end }
      : null,
  };
}
