import { useState } from 'react';
import { Link } from 'react-router';
import { PlusCircle } from 'lucide-react';
import { PLANS } from '../../core/plans/index.ts';
import { useMe } from '../auth/use-me.ts';
import { useSession } from '../auth/use-session.ts';
import { Button } from '../components/ui/button.tsx';
import { SegmentedControl } from '../components/ui/segmented-control.tsx';
import { formatPrice, yearlySaving } from '../billing/format-price.ts';
import { useBilling, type BillingInterval } from '../billing/use-billing.ts';
import { useCheckoutCanceledNotice } from '../billing/use-checkout-canceled-notice.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { PlanCard } from './plan-card.tsx';
import { PremiumPrice } from './premium-price.tsx';
import { SelfHostedUpgrade } from './self-hosted-upgrade.tsx';
import { UpgradeButton } from './upgrade-button.tsx';

/**
 * /pricing: Free and Premium with the real limits of the plan catalogue. With Stripe keys
 * Premium is bought through Stripe Checkout, monthly or yearly; without them the page says how
 * the administrator grants it.
 */
export default function PricingPage() {
  useDocumentTitle('Pricing');
  useCheckoutCanceledNotice();
  const { user } = useSession();
  const me = useMe();
  const billing = useBilling();
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const isPremium = me.data?.isPremium ?? false;
  // A server without the billing routes (or failing to answer) is treated as one without Stripe.
  const isBillingOn = billing.data?.enabled === true;
  const isBillingOff = billing.data?.enabled === false || billing.isError;
  const saving = billing.data ? yearlySaving(billing.data.prices.month, billing.data.prices.year) : null;
  const hasBothIntervals = Boolean(billing.data?.prices.month && billing.data.prices.year);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-14 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-medium text-brand-foreground">Pricing</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          Start free. Upgrade when you build more.
        </h1>
        <p className="mt-4 text-pretty text-muted-foreground">
          Every plan has the live preview, the code view and zip downloads. Premium raises the limits and
          unlocks private components, remixes, image uploads and the publishing features.
        </p>
      </div>

      {isBillingOn && hasBothIntervals ? (
        <div className="mt-10 flex justify-center">
          <SegmentedControl
            label="Billing interval"
            value={interval}
            onChange={setBillingInterval}
            options={[
              { value: 'month', label: 'Monthly' },
              { value: 'year', label: saving ? `Yearly (save ${saving.percent}%)` : 'Yearly' },
            ]}
          />
        </div>
      ) : null}

      <div className="mt-12 grid gap-6 md:grid-cols-2">
        <PlanCard
          plan={PLANS.free}
          price={
            <>
              <span className="text-4xl font-semibold tracking-tight">$0</span>
              <span className="text-sm text-muted-foreground">forever</span>
            </>
          }
          tagline="For trying ideas and small components."
          isCurrent={Boolean(user) && !isPremium}
          action={
            user ? (
              <Button asChild variant="outline" className="w-full">
                <Link to="/">Start building</Link>
              </Button>
            ) : (
              <Button asChild variant="outline" className="w-full">
                <Link to="/signup">Create a free account</Link>
              </Button>
            )
          }
        />
        <PlanCard
          plan={PLANS.premium}
          price={
            isBillingOff ? (
              <span className="text-base font-medium">Granted by your Kiln administrator</span>
            ) : (
              <PremiumPrice billing={billing.data} interval={interval} />
            )
          }
          tagline="For people who ship components and apps every week."
          isHighlighted
          isCurrent={isPremium}
          action={
            isBillingOff ? (
              isPremium ? (
                <Button asChild className="w-full">
                  <Link to="/account">Go to My Account</Link>
                </Button>
              ) : (
                <Button asChild className="w-full">
                  <a href="#upgrade">Upgrade to Premium</a>
                </Button>
              )
            ) : (
              <UpgradeButton
                isSignedIn={Boolean(user)}
                isPremium={isPremium}
                interval={interval}
                isAvailable={Boolean(billing.data?.prices[interval])}
              />
            )
          }
        />
      </div>

      {isBillingOff ? <SelfHostedUpgrade email={me.data?.user?.email ?? null} /> : null}
      {isBillingOn && billing.data ? (
        <p className="mt-10 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
          <PlusCircle aria-hidden="true" className="size-4 shrink-0 text-brand" />
          <span>
            Out of versions? Extra versions cost{' '}
            {formatPrice({ amountCents: billing.data.extraVersionPriceCents, currency: 'usd' })} each and
            never expire —{' '}
            <Link
              to="/account?buy_extra=true"
              className="font-medium text-foreground underline underline-offset-2"
            >
              buy them on your account
            </Link>
            .
          </span>
        </p>
      ) : null}
    </div>
  );
}
