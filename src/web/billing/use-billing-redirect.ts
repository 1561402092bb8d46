import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from '../lib/api.ts';

/** Why a billing call was refused, in words (the server's codes from the billing contract). */
function describeRefusal(error: Error): string {
  if (error instanceof ApiError) {
    if (error.code === 'billing-disabled') return 'Online payment is not switched on for this server.';
    if (error.code === 'already-premium') return 'You already have Premium.';
    if (error.code === 'no-billing-account') return 'There is no Stripe subscription on this account yet.';
    if (error.status === 401) return 'Please sign in again.';
  }
  return error.message;
}

/**
 * One of the calls that answer with a Stripe address and leave the page. The button stays busy
 * after success too: the browser is on its way to Stripe.
 */
export function useBillingRedirect<T>(action: (input: T) => Promise<void>, failureTitle: string) {
  const mutation = useMutation({
    mutationFn: action,
    onError: (error) => toast.error(failureTitle, { description: describeRefusal(error) }),
  });
  // Back from Stripe with the browser's back button, the page may come from the back/forward
  // cache with the button still busy.
  const { reset } = mutation;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
  return { ...mutation, isRedirecting: mutation.isPending || mutation.isSuccess };
}
