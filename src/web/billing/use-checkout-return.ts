import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { fetchMe, meQueryKey, type MeResponse } from '../auth/use-me.ts';
import { EXPECTED_CREDITS_KEY } from './billing-redirects.ts';

type Outcome = 'subscription' | 'extra_versions';

/** Sonner replaces a toast with the same id: 'Confirming…' turns into the result. */
const TOAST_ID = 'checkout-return';
const POLL_MS = 1_000;
/** Stripe usually delivers the webhook within seconds; past this the page stops asking. */
const GIVE_UP_MS = 60_000;

function readOutcome(value: string | null): Outcome | null {
  return value === 'subscription' || value === 'extra_versions' ? value : null;
}

function readExpectedCredits(): number | null {
  try {
    const stored = Number(sessionStorage.getItem(EXPECTED_CREDITS_KEY));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

function isConfirmed(outcome: Outcome, me: MeResponse, expectedCredits: number | null): boolean {
  if (outcome === 'subscription') return me.isPremium;
  return (me.quota?.credits ?? 0) >= (expectedCredits ?? 1);
}

/**
 * Stripe Checkout comes back to /account?checkout=subscription or ?checkout=extra_versions before
 * its webhook may have reached Kiln: say 'Confirming your payment…', ask /api/me every second
 * until the plan or the credits show the payment, then say so once.
 */
export function useCheckoutReturn(userId: string | null) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [outcome] = useState(() => readOutcome(searchParams.get('checkout')));
  const [expectedCredits] = useState(readExpectedCredits);
  const [startedAt] = useState(() => Date.now());
  const [isSettled, setIsSettled] = useState(false);
  const isWaiting = outcome !== null && !isSettled;

  const me = useQuery({
    queryKey: meQueryKey(userId),
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: isWaiting && userId !== null,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!isWaiting || outcome === null || (data && isConfirmed(outcome, data, expectedCredits))) {
        return false;
      }
      return Date.now() - startedAt < GIVE_UP_MS ? POLL_MS : false;
    },
  });

  // The parameter has done its work once read: a reload should not confirm again.
  const hasParameter = searchParams.has('checkout');
  useEffect(() => {
    if (!hasParameter) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
  }, [hasParameter, setSearchParams]);

  useEffect(() => {
    if (!isWaiting) return;
    toast.loading('Confirming your payment…', { id: TOAST_ID });
    const giveUp = setTimeout(
      () => {
        setIsSettled(true);
        toast.info('Your payment is still being confirmed', {
          id: TOAST_ID,
          description: 'Stripe has not confirmed it to Kiln yet. Reload this page in a minute to see it.',
        });
      },
      GIVE_UP_MS - (Date.now() - startedAt),
    );
    return () => clearTimeout(giveUp);
  }, [isWaiting, startedAt]);

  const data = me.data;
  useEffect(() => {
    if (!isWaiting || outcome === null || !data || !isConfirmed(outcome, data, expectedCredits)) return;
    setIsSettled(true);
    try {
      sessionStorage.removeItem(EXPECTED_CREDITS_KEY);
    } catch {
      // Nothing stored.
    }
    if (outcome === 'subscription') {
      toast.success('Welcome to Premium', {
        id: TOAST_ID,
        description: 'Your plan now has the Premium limits and features.',
      });
    } else {
      const credits = data.quota?.credits ?? 0;
      toast.success('Extra versions added', {
        id: TOAST_ID,
        description: `You now have ${credits} extra ${credits === 1 ? 'version' : 'versions'}.`,
      });
    }
  }, [isWaiting, data, outcome, expectedCredits]);

  return { confirming: isWaiting ? outcome : null };
}
