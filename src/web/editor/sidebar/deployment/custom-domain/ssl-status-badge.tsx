import { ShieldAlert, ShieldCheck, ShieldEllipsis } from 'lucide-react';
import { cn } from '../../../../lib/cn.ts';
import type { SslStatus } from '../../../data/deployment-types.ts';
import { sslStatusLabel } from './custom-domain-toasts.ts';

const STYLES = {
  Pending:
    'border-amber-300/70 bg-amber-50 text-amber-900 dark:border-amber-400/30 dark:bg-amber-950/50 dark:text-amber-100',
  Active:
    'border-emerald-600/25 bg-emerald-50 text-emerald-900 dark:border-emerald-400/25 dark:bg-emerald-950/50 dark:text-emerald-100',
  Expired: 'border-destructive/30 bg-destructive-soft text-destructive',
  Failed: 'border-destructive/30 bg-destructive-soft text-destructive',
} as const;

/** Spec §2: the SSL status badge (Pending, Active, Expired, Failed; unknown shown as Pending). */
export function SslStatusBadge({ status }: { status: SslStatus | string | null | undefined }) {
  const label = sslStatusLabel(status);
  const Icon = label === 'Active' ? ShieldCheck : label === 'Pending' ? ShieldEllipsis : ShieldAlert;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STYLES[label],
      )}
    >
      <Icon aria-hidden="true" className="size-3" />
      <span className="sr-only">SSL certificate: </span>
      <span aria-hidden="true">SSL </span>
      {label}
    </span>
  );
}
