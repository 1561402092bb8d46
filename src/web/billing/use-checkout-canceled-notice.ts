import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';

/**
 * Stripe Checkout's 'back' link returns to /pricing?checkout=canceled: say calmly that nothing
 * was charged, once, then drop the parameter from the address.
 */
export function useCheckoutCanceledNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const isCanceled = searchParams.get('checkout') === 'canceled';
  useEffect(() => {
    if (!isCanceled) return;
    toast.info('Checkout canceled', {
      id: 'checkout-canceled',
      description: 'Nothing was charged. You can upgrade whenever you like.',
    });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
  }, [isCanceled, setSearchParams]);
}
