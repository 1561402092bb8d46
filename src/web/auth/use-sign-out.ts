import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { authClient } from '../lib/auth-client.ts';

/** Signs out, forgets every cached answer of the previous session, and goes home. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const { error } = await authClient.signOut();
    if (error) {
      toast.error('Could not sign out', { description: error.message ?? 'Try again in a moment.' });
      return;
    }
    queryClient.clear();
    void navigate('/', { replace: true });
    toast('Signed out', { description: 'See you soon.' });
  }, [navigate, queryClient]);
}
