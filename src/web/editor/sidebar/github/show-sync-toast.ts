import { toast } from 'sonner';
import type { SyncToast } from './sync-toasts.ts';

/** Shows a sync toast with sonner, in its tone and for its duration (else the app's default). */
export function showSyncToast({ tone, title, description, duration }: SyncToast): void {
  const options = { description, ...(duration !== undefined ? { duration } : {}) };
  if (tone === 'success') toast.success(title, options);
  else if (tone === 'info') toast.info(title, options);
  else toast.error(title, options);
}
