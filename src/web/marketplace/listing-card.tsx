import { Link, useNavigate } from 'react-router';
import { ExternalLink, ShoppingCart } from 'lucide-react';
import { toast } from 'sonner';
import { formatPrice } from '../../core/marketplace/index.ts';
import { FrameworkBadge } from '../components/framework-badge.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { AuthorCard } from '../profile/author-card.tsx';
import { ListingThumbnail } from './listing-thumbnail.tsx';
import type { MarketplaceListing } from './marketplace-types.ts';
import { useBuyListing } from './use-marketplace.ts';

/** One listing: preview, title, seller's author card, price, description and what the viewer can do. */
export function ListingCard({ listing, isSignedIn }: { listing: MarketplaceListing; isSignedIn: boolean }) {
  const buy = useBuyListing();
  const navigate = useNavigate();
  const price = formatPrice(listing.priceCents);
  const headingId = `listing-${listing.id}-title`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-xs"
    >
      <ListingThumbnail title={listing.title} thumbnail={listing.thumbnail} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="min-w-0 truncate font-medium">
            {listing.title}
          </h2>
          <span className="shrink-0 text-base font-semibold tabular-nums" aria-label={`Price ${price}`}>
            {price}
          </span>
        </div>
        <AuthorCard author={listing.seller} createdAt={listing.listedAt} />
        {listing.description ? (
          <p className="text-sm leading-relaxed whitespace-pre-line text-muted-foreground">
            {listing.description}
          </p>
        ) : null}
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            <FrameworkBadge framework={listing.framework} />
            Version #{listing.version}
          </span>
          {listing.sellerSlug ? (
            <span className="flex items-center gap-2">
              <Badge variant="brand">Your listing</Badge>
              <Button asChild variant="outline" size="sm">
                <Link to={`/components/${encodeURIComponent(listing.sellerSlug)}`}>Edit</Link>
              </Button>
            </span>
          ) : listing.copy?.slug ? (
            <Button asChild size="sm" variant="outline">
              <Link to={`/components/${encodeURIComponent(listing.copy.slug)}`}>
                <ExternalLink aria-hidden="true" /> Open your copy
              </Link>
            </Button>
          ) : (
            <Button
              size="sm"
              variant="brand"
              disabled={buy.isPending}
              onClick={() => {
                if (!isSignedIn) {
                  void navigate(`/login?next=${encodeURIComponent('/marketplace')}`);
                  return;
                }
                buy.mutate(listing.id, {
                  onError: (error) =>
                    toast.error('Could not start the purchase', { description: error.message }),
                });
              }}
            >
              <ShoppingCart aria-hidden="true" /> Buy for {price}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
