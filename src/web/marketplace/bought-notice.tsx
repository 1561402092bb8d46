import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { Spinner } from '../components/ui/spinner.tsx';
import type { MarketplaceListing } from './marketplace-types.ts';

/**
 * Back from Stripe (`?bought={listingId}`): the copy is made when Stripe's webhook arrives, which
 * may be a moment after the buyer returns; the page polls until it is there.
 */
export function BoughtNotice({
  listing,
  isWaiting,
}: {
  listing: MarketplaceListing | undefined;
  isWaiting: boolean;
}) {
  const slug = listing?.copy?.slug;
  if (slug) {
    return (
      <div
        role="status"
        className="flex flex-wrap items-center gap-3 rounded-xl border border-brand/40 bg-brand-soft px-4 py-3 text-sm"
      >
        <CheckCircle2 aria-hidden="true" className="size-5 text-brand" />
        <span className="font-medium">Your copy is ready</span>
        <span className="text-muted-foreground">
          A private copy of “{listing.title}” is in your components.
        </span>
        <Link
          to={`/components/${encodeURIComponent(slug)}`}
          className="ml-auto font-medium underline underline-offset-2"
        >
          Open your copy
        </Link>
      </div>
    );
  }
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border bg-surface px-4 py-3 text-sm">
      {isWaiting ? <Spinner /> : null}
      <span>
        {isWaiting
          ? 'Thanks for your purchase. Your copy is being prepared…'
          : 'Your payment is being confirmed. Your copy will appear in your components shortly; reload this page to check.'}
      </span>
    </div>
  );
}
