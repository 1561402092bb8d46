import { ExternalLink } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { openCustomerPortal } from '../billing/billing-redirects.ts';
import { useBillingRedirect } from '../billing/use-billing-redirect.ts';

/** Stripe's customer portal (cancel, change card, invoices); it returns to /account. */
export function ManageSubscriptionButton() {
  const portal = useBillingRedirect(openCustomerPortal, 'Could not open the subscription page');
  return (
    <Button
      variant="outline"
      disabled={portal.isRedirecting}
      aria-busy={portal.isRedirecting || undefined}
      onClick={() => portal.mutate(undefined)}
    >
      {portal.isRedirecting ? <Spinner /> : <ExternalLink aria-hidden="true" />}
      {portal.isRedirecting ? 'Opening…' : 'Manage subscription'}
    </Button>
  );
}
