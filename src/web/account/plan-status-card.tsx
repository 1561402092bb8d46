import { useId } from 'react';
import { Link } from 'react-router';
import type { MeResponse } from '../auth/use-me.ts';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { ManageSubscriptionButton } from './manage-subscription-button.tsx';
import { PlanSummary } from './plan-summary.tsx';
import { SubscriptionDetails } from './subscription-details.tsx';

/**
 * The plan card of /account: the plan, its subscription (status, period) and what to do next —
 * Stripe's portal for a paid subscription, /pricing for the free plan.
 */
export function PlanStatusCard({
  me,
  error,
  isConfirmingPayment,
}: {
  me: MeResponse | undefined;
  error: Error | null;
  /** Back from Stripe Checkout, before the webhook has reached Kiln. */
  isConfirmingPayment: boolean;
}) {
  const titleId = useId();
  const subscription = me?.subscription ?? null;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle id={titleId}>Plan</CardTitle>
          {me ? <Badge variant={me.isPremium ? 'brand' : 'neutral'}>{me.plan.name}</Badge> : null}
        </div>
        <CardDescription>Your plan, its billing and what it includes.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {me ? (
          <>
            {subscription ? <SubscriptionDetails subscription={subscription} /> : null}
            <PlanSummary plan={me.plan} />
          </>
        ) : error ? (
          <p className="text-sm text-destructive">Your plan could not be loaded: {error.message}</p>
        ) : (
          <Skeleton className="h-16" />
        )}
        {isConfirmingPayment ? (
          <p role="status" className="text-sm text-muted-foreground">
            Confirming your payment…
          </p>
        ) : null}
        {subscription?.source === 'stripe' ? (
          <div>
            <ManageSubscriptionButton />
          </div>
        ) : me && !me.isPremium && !subscription && !isConfirmingPayment ? (
          <div>
            <Button asChild>
              <Link to="/pricing">Upgrade to Premium</Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
