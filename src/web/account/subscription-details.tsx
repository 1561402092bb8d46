import type { MeSubscription } from '../auth/use-me.ts';
import { Badge } from '../components/ui/badge.tsx';
import { summarizeSubscription } from '../billing/subscription-status.ts';

/** The subscription's status and current period (Stripe's, or 'granted by an administrator'). */
export function SubscriptionDetails({ subscription }: { subscription: MeSubscription }) {
  const summary = summarizeSubscription(subscription);
  const rows: Array<[string, string]> = [];
  if (summary.billing) rows.push(['Billing', summary.billing]);
  if (summary.started) rows.push(['Current period started', summary.started]);
  if (summary.periodEnd) rows.push([summary.periodEnd.label, summary.periodEnd.date]);
  return (
    <div className="grid gap-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-muted-foreground">Status</span>
        <Badge variant={summary.isGood && !subscription.cancelAtPeriodEnd ? 'brand' : 'outline'}>
          {summary.status}
        </Badge>
      </p>
      {rows.length > 0 ? (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows.map(([term, value]) => (
            <div key={term} className="flex items-baseline justify-between gap-4 border-b border-dashed pb-2">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {subscription.source === 'admin' ? (
        <p className="text-muted-foreground">
          Your plan is managed by the administrator of this Kiln server.
        </p>
      ) : null}
    </div>
  );
}
