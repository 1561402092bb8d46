import { useState } from 'react';
import { Store } from 'lucide-react';
import { toast } from 'sonner';
import {
  checkListingInput,
  formatPrice,
  LISTING_DESCRIPTION_MAX,
  parseDollars,
} from '../../../../core/marketplace/index.ts';
import { useBilling } from '../../../billing/use-billing.ts';
import { Button } from '../../../components/ui/button.tsx';
import { describedBy, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import type { OwnerListing } from '../../../marketplace/marketplace-types.ts';
import { useChangeListing, useOwnerListing } from '../../../marketplace/use-marketplace.ts';
import { useEditor } from '../../state/editor-context.ts';

/**
 * 'List on marketplace' (issue 18 item 4): the owner sells a private component's newest finished
 * version for a price. Shown only where the server takes payments.
 */
export function MarketplaceSection() {
  const { data, chatId, permissions, latestVersion } = useEditor();
  const billing = useBilling();
  const isShown = billing.data?.marketplace === true && permissions.listOnMarketplace;
  const state = useOwnerListing(chatId, { enabled: isShown, isPrivate: data.chat.isPrivate, latestVersion });
  if (!isShown || !state.data) return null;
  const { listing } = state.data;
  // A saved listing restarts the form with what was saved.
  return (
    <ListingForm key={listing ? `${listing.updatedAt}:${listing.isActive}` : 'new'} state={state.data} />
  );
}

function ListingForm({ state }: { state: OwnerListing }) {
  const { chatId } = useEditor();
  const change = useChangeListing(chatId);
  const { listing, finishedVersion, refusal } = state;
  const isListed = listing?.isActive === true;
  const [price, setPrice] = useState(listing ? (listing.priceCents / 100).toString() : '');
  const [description, setDescription] = useState(listing?.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const isPublic = refusal?.code === 'component-public';
  const canSave = refusal === null && !change.isPending;

  const save = () => {
    const cents = parseDollars(price);
    const checked = cents === null ? null : checkListingInput({ priceCents: cents, description });
    if (!checked?.ok) {
      setError(checked ? checked.error.message : 'The price must be between $1 and $1,000.');
      return;
    }
    setError(null);
    change.mutate(checked.value, {
      onSuccess: () => toast.success(isListed ? 'Listing updated' : 'Listed on the marketplace'),
      onError: (failure) => toast.error('Could not save the listing', { description: failure.message }),
    });
  };

  return (
    <section className="rounded-xl border bg-card p-4" aria-labelledby="marketplace-label">
      <div className="mb-3 grid gap-1">
        <Label id="marketplace-label" className="flex items-center gap-1.5">
          <Store aria-hidden="true" className="size-4" /> List on marketplace
        </Label>
        <p className="text-[13px] leading-snug text-muted-foreground">
          {isListed
            ? `Listed: version #${listing.version} for ${formatPrice(listing.priceCents)}. Buyers get their own private copy of it.`
            : 'Sell your newest finished version. Buyers get their own private copy; yours stays private while it is listed.'}
        </p>
      </div>
      {isPublic ? (
        <p className="mb-3 rounded-lg bg-brand-soft px-3 py-2 text-[13px] text-brand-foreground">
          Make it private to list it: a listed component must stay private.
        </p>
      ) : refusal ? (
        <p className="mb-3 rounded-lg bg-surface px-3 py-2 text-[13px] text-muted-foreground">
          {refusal.message}
        </p>
      ) : isListed && finishedVersion !== null && finishedVersion > listing.version ? (
        <p className="mb-3 rounded-lg bg-surface px-3 py-2 text-[13px] text-muted-foreground">
          Version #{finishedVersion} is newer. Update the listing to offer it.
        </p>
      ) : null}
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <FormField id="listing-price" label="Price (USD)" hint="From $1 to $1,000." error={error}>
          <Input
            id="listing-price"
            inputMode="decimal"
            placeholder="19"
            value={price}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy('listing-price', error, true)}
            onChange={(event) => setPrice(event.target.value)}
          />
        </FormField>
        <FormField
          id="listing-description"
          label="Description"
          hint={`${description.length}/${LISTING_DESCRIPTION_MAX} characters`}
        >
          <textarea
            id="listing-description"
            rows={3}
            maxLength={LISTING_DESCRIPTION_MAX}
            value={description}
            aria-describedby="listing-description-hint"
            placeholder="What it is and what a buyer gets."
            className="w-full rounded-lg border border-input bg-background px-3 py-2 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none"
            onChange={(event) => setDescription(event.target.value)}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="brand" size="sm" disabled={!canSave}>
            {isListed ? 'Update listing' : 'List on marketplace'}
          </Button>
          {isListed ? (
            <Button
              variant="outline"
              size="sm"
              disabled={change.isPending}
              onClick={() =>
                change.mutate('remove', {
                  onSuccess: () => toast.success('Removed from the marketplace'),
                  onError: (failure) =>
                    toast.error('Could not remove the listing', { description: failure.message }),
                })
              }
            >
              Remove listing
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
