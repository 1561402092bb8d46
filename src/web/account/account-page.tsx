import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { LogOut, UserRound } from 'lucide-react';
import { Avatar } from '../components/ui/avatar.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useMe } from '../auth/use-me.ts';
import { useSession } from '../auth/use-session.ts';
import { useSignOut } from '../auth/use-sign-out.ts';
import { useBilling } from '../billing/use-billing.ts';
import { useCheckoutReturn } from '../billing/use-checkout-return.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { ConnectionsCard } from './connections-card.tsx';
import { CostCard } from './cost-card.tsx';
import { DefaultInstructionsCard } from './default-instructions-card.tsx';
import { ExtraVersionsCard } from './extra-versions-card.tsx';
import { PlanStatusCard } from './plan-status-card.tsx';
import { SalesCard } from './sales-card.tsx';
import { UsageCard } from './usage-card.tsx';

/**
 * /account: who is signed in, the plan (its Stripe subscription and portal) and its usage, extra
 * versions (?buy_extra=true) and connections; Stripe Checkout comes back here (?checkout=…).
 */
export default function AccountPage() {
  useDocumentTitle('Account');
  const { user, isPending } = useSession();
  const me = useMe();
  const signOut = useSignOut();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const isBuyingExtra = searchParams.get('buy_extra') === 'true';
  const billing = useBilling();
  const checkoutReturn = useCheckoutReturn(user?.id ?? null);

  if (isPending) {
    return (
      <div
        className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14"
        role="status"
        aria-label="Loading"
      >
        <Skeleton className="h-8 w-40" />
        <Skeleton className="mt-8 h-40 rounded-2xl" />
      </div>
    );
  }
  if (!user) {
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Account</h1>
      <p className="mt-1.5 text-sm text-muted-foreground">Your profile, plan and connections.</p>
      <div className="mt-8 grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Profile</CardTitle>
            <CardDescription>How other people see you on Kiln.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 items-center gap-4">
              <Avatar name={user.name} email={user.email} imageUrl={user.image} className="size-12 text-lg" />
              <div className="min-w-0">
                <p className="truncate font-medium">{user.name}</p>
                <p className="truncate text-sm text-muted-foreground">{user.email}</p>
              </div>
            </div>
            <div className="flex gap-2">
              <Button asChild variant="outline">
                <Link to={`/users/${encodeURIComponent(user.id)}`}>
                  <UserRound aria-hidden="true" /> View profile
                </Link>
              </Button>
              <Button variant="ghost" onClick={() => void signOut()}>
                <LogOut aria-hidden="true" /> Sign out
              </Button>
            </div>
          </CardContent>
        </Card>
        <PlanStatusCard
          me={me.data}
          error={me.error}
          isConfirmingPayment={checkoutReturn.confirming === 'subscription'}
        />
        {me.data?.quota ? <UsageCard quota={me.data.quota} isPremium={me.data.isPremium} /> : null}
        <CostCard userId={user.id} />
        <DefaultInstructionsCard userId={user.id} />
        <ExtraVersionsCard
          isOpen={isBuyingExtra}
          billing={billing.data}
          isBillingOff={billing.data?.enabled === false || billing.isError}
          credits={me.data?.quota?.credits ?? 0}
          isConfirmingPayment={checkoutReturn.confirming === 'extra_versions'}
        />
        <SalesCard />
        <ConnectionsCard />
      </div>
    </div>
  );
}
