import { Skeleton } from '../components/ui/skeleton.tsx';
import { formatPrice, yearlySaving } from '../billing/format-price.ts';
import type { BillingInfo, BillingInterval } from '../billing/use-billing.ts';

/** Premium's Stripe price for the chosen interval, and what paying yearly saves. */
export function PremiumPrice({
  billing,
  interval,
}: {
  billing: BillingInfo | undefined;
  interval: BillingInterval;
}) {
  if (!billing) return <Skeleton className="h-10 w-32" />;
  const price = billing.prices[interval];
  if (!price) {
    // Stripe did not answer with this interval's price: no button should promise one.
    return <span className="text-base font-medium">Price not available right now</span>;
  }
  const saving = interval === 'year' ? yearlySaving(billing.prices.month, billing.prices.year) : null;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline gap-1">
        <span className="text-4xl font-semibold tracking-tight">{formatPrice(price)}</span>
        <span className="text-sm text-muted-foreground">per {interval}</span>
      </div>
      {saving ? (
        <p className="text-sm text-muted-foreground">
          {formatPrice(saving.perMonth)} a month, billed yearly — you save {formatPrice(saving.saved)} (
          {saving.percent}%)
        </p>
      ) : null}
    </div>
  );
}
