import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { startCheckout } from '../billing/billing-redirects.ts';
import type { BillingInterval } from '../billing/use-billing.ts';
import { useBillingRedirect } from '../billing/use-billing-redirect.ts';

/**
 * Premium's button with online payment: sign up first, Stripe Checkout for the chosen interval,
 * or the account page for someone who already has Premium.
 */
export function UpgradeButton({
  isSignedIn,
  isPremium,
  interval,
  isAvailable,
}: {
  isSignedIn: boolean;
  isPremium: boolean;
  interval: BillingInterval;
  /** False while the prices load or when the chosen interval has no price. */
  isAvailable: boolean;
}) {
  const checkout = useBillingRedirect(startCheckout, 'Could not open the checkout');
  if (isPremium) {
    return (
      <Button asChild className="w-full">
        <Link to="/account">Go to My Account</Link>
      </Button>
    );
  }
  if (!isSignedIn) {
    return (
      <Button asChild className="w-full">
        <Link to={`/signup?next=${encodeURIComponent('/pricing')}`}>Upgrade to Premium</Link>
      </Button>
    );
  }
  return (
    <Button
      className="w-full"
      disabled={!isAvailable || checkout.isRedirecting}
      aria-busy={checkout.isRedirecting || undefined}
      onClick={() => checkout.mutate(interval)}
    >
      {checkout.isRedirecting ? <Spinner /> : null}
      {checkout.isRedirecting ? 'Opening checkout…' : 'Upgrade to Premium'}
    </Button>
  );
}
