import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';

/** Sonner replaces a toast with the same id, so a repeated effect shows it once. */
const TOAST_ID = 'github-callback';

/**
 * GitHub's web flow comes back to /account?github=connected or ?github=error&reason=… (GET
 * /api/codehost/oauth/callback): say how it went once, then drop the parameters from the address.
 */
export function useGithubCallbackToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = searchParams.get('github');
  const reason = searchParams.get('reason');

  useEffect(() => {
    if (outcome !== 'connected' && outcome !== 'error') return;
    if (outcome === 'connected') {
      toast.success('GitHub connected', {
        id: TOAST_ID,
        description: 'You can now sync components with GitHub.',
      });
    } else {
      toast.error('Could not connect GitHub', {
        id: TOAST_ID,
        description: reason || 'GitHub did not complete the sign-in. Please try again.',
      });
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('github');
        next.delete('reason');
        return next;
      },
      { replace: true },
    );
  }, [outcome, reason, setSearchParams]);
}
