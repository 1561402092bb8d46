import { useSearchParams } from 'react-router';
import { Store } from 'lucide-react';
import { useSession } from '../auth/use-session.ts';
import { useBilling } from '../billing/use-billing.ts';
import { EmptyState } from '../components/empty-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { BoughtNotice } from './bought-notice.tsx';
import { ListingCard } from './listing-card.tsx';
import { useMarketplaceListings } from './use-marketplace.ts';

/**
 * /marketplace: the active listings (spec §1, issue 18 item 4). Only on a server that takes
 * payments (Stripe keys); elsewhere it says the marketplace is not available.
 */
export default function MarketplacePage() {
  useDocumentTitle('Marketplace');
  const { user } = useSession();
  const billing = useBilling();
  const [searchParams] = useSearchParams();
  const boughtId = searchParams.get('bought');
  const isOn = billing.data?.marketplace === true;
  const listings = useMarketplaceListings({ enabled: isOn, waitingFor: boughtId });

  if (billing.isPending) return <PageSkeleton />;
  if (!isOn) {
    return (
      <EmptyState
        headingLevel="h1"
        icon={<Store aria-hidden="true" />}
        title="The marketplace is not available"
        description="This Kiln server does not take payments, so components cannot be bought or sold here."
        className="py-24"
      />
    );
  }
  const bought = boughtId ? listings.data?.find((listing) => listing.id === boughtId) : undefined;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Marketplace</h1>
      <p className="mt-1.5 text-sm text-muted-foreground">
        Components people sell. Buying one gives you your own private copy of the listed version.
      </p>
      {boughtId && listings.data ? (
        <div className="mt-6">
          <BoughtNotice listing={bought} isWaiting={listings.isWaitingForCopy} />
        </div>
      ) : null}
      {listings.isPending ? (
        <PageSkeleton />
      ) : listings.isError ? (
        <p className="mt-8 text-sm text-destructive">
          The listings could not be loaded: {listings.error.message}
        </p>
      ) : listings.data.length === 0 ? (
        <EmptyState
          icon={<Store aria-hidden="true" />}
          title="Nothing is listed yet"
          description="Owners list a private component from its Settings tab: 'List on marketplace'."
        />
      ) : (
        <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {listings.data.map((listing) => (
            <ListingCard key={listing.id} listing={listing} isSignedIn={user !== null} />
          ))}
        </div>
      )}
    </div>
  );
}

function PageSkeleton() {
  return (
    <div
      className="mx-auto mt-8 grid w-full max-w-6xl gap-5 px-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-3"
      role="status"
      aria-label="Loading"
    >
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-72 rounded-2xl" />
      ))}
    </div>
  );
}
