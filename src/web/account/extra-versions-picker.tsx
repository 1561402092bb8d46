import { useId, useState } from 'react';
import { Button } from '../components/ui/button.tsx';
import { FormField, describedBy } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { buyExtraVersions } from '../billing/billing-redirects.ts';
import {
  DEFAULT_EXTRA_VERSIONS,
  MAX_EXTRA_VERSIONS,
  MIN_EXTRA_VERSIONS,
  checkExtraVersionQuantity,
} from '../billing/extra-versions.ts';
import { formatPrice } from '../billing/format-price.ts';
import { useBillingRedirect } from '../billing/use-billing-redirect.ts';

/** How many extra versions to buy (1–100, $1 each), the total, and Stripe Checkout. */
export function ExtraVersionsPicker({
  unitPriceCents,
  currentCredits,
}: {
  unitPriceCents: number;
  currentCredits: number;
}) {
  const id = useId();
  const [text, setText] = useState(String(DEFAULT_EXTRA_VERSIONS));
  const check = checkExtraVersionQuantity(text);
  const buy = useBillingRedirect(
    (quantity: number) => buyExtraVersions(quantity, currentCredits),
    'Could not open the checkout',
  );
  const total =
    check.quantity === null
      ? null
      : formatPrice({ amountCents: check.quantity * unitPriceCents, currency: 'usd' });

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (check.quantity !== null) buy.mutate(check.quantity);
      }}
    >
      <div className="max-w-48">
        <FormField
          id={id}
          label="Extra versions"
          error={check.error}
          hint={`${MIN_EXTRA_VERSIONS}–${MAX_EXTRA_VERSIONS}, ${formatPrice({ amountCents: unitPriceCents, currency: 'usd' })} each`}
        >
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={MIN_EXTRA_VERSIONS}
            max={MAX_EXTRA_VERSIONS}
            step={1}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={check.error ? true : undefined}
            aria-describedby={describedBy(id, check.error, true)}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          disabled={check.quantity === null || buy.isRedirecting}
          aria-busy={buy.isRedirecting || undefined}
        >
          {buy.isRedirecting ? <Spinner /> : null}
          {check.quantity === null
            ? 'Buy extra versions'
            : `Buy ${check.quantity} extra ${check.quantity === 1 ? 'version' : 'versions'}`}
        </Button>
        {total ? (
          <p className="text-sm text-muted-foreground">
            Total <span className="font-medium text-foreground tabular-nums">{total}</span>
          </p>
        ) : null}
      </div>
    </form>
  );
}
