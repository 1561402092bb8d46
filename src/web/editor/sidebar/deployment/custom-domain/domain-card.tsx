import { useState } from 'react';
import {
  BadgeCheck,
  CircleAlert,
  ExternalLink,
  Globe,
  Hourglass,
  RefreshCw,
  TriangleAlert,
} from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import type { CustomDomain } from '../../../data/deployment-types.ts';
import { useRefreshSslStatus, useVerifyCustomDomain } from '../../../data/use-custom-domain-mutations.ts';
import { useEditor } from '../../../state/editor-context.ts';
import {
  DOMAIN_VERIFIED,
  SUCCESS_TOAST_MS,
  sslStatusLabel,
  sslStatusToast,
  verifyFailureToast,
} from './custom-domain-toasts.ts';
import { DnsRecords } from './dns-records.tsx';
import { RemoveDomainButton } from './remove-domain-button.tsx';
import { SslStatusBadge } from './ssl-status-badge.tsx';

interface DomainCardProps {
  customDomain: CustomDomain;
  /** The domain's address once it serves the site (the deployment's liveUrl), else https://{domain}. */
  liveUrl: string | null;
  /** Owner with premium: verify, check status, remove. */
  canManage: boolean;
}

/**
 * Spec §2 "Domain card": 'Verified' or 'Awaiting verification', the SSL badge with 'Check Status'
 * while pending, 'Domain Active' with a link once verified; before that, the DNS records and
 * 'Verify Domain'. The last verification's explanation stays on the card until the next one.
 */
export function DomainCard({ customDomain, liveUrl, canManage }: DomainCardProps) {
  const { slug, chatId } = useEditor();
  const verify = useVerifyCustomDomain(slug, chatId);
  const refresh = useRefreshSslStatus(slug, chatId);
  const [problem, setProblem] = useState<{ error: string | null; warning: string | null } | null>(null);
  const { id, domain, isVerified } = customDomain;
  const isSslPending = sslStatusLabel(customDomain.sslStatus) === 'Pending';
  const address = liveUrl ?? `https://${domain}/`;

  const onVerify = () =>
    verify.mutate(id, {
      onSuccess: (result) => {
        if (result.success) {
          setProblem(result.warning ? { error: null, warning: result.warning } : null);
          toast.success(DOMAIN_VERIFIED.title, {
            description: DOMAIN_VERIFIED.description,
            duration: SUCCESS_TOAST_MS,
          });
          if (result.warning) toast.warning(result.warning);
        } else {
          setProblem({ error: result.error, warning: result.warning });
          const { title, description } = verifyFailureToast(result);
          toast.error(title, { description });
        }
      },
      onError: (error) => {
        setProblem(null);
        const { title, description } = verifyFailureToast(error);
        toast.error(title, { description });
      },
    });

  const onCheckStatus = () =>
    refresh.mutate(id, {
      onSuccess: (result) => {
        const { tone, title, description, duration } = sslStatusToast(result.ssl_status, isVerified);
        toast[tone](title, { description, duration });
      },
      onError: (error) => toast.error('Failed to check SSL status', { description: error.message }),
    });

  return (
    <article
      aria-label={`Custom domain ${domain}`}
      className="flex flex-col gap-3 rounded-xl border bg-card p-3"
    >
      <header className="flex min-w-0 items-center gap-2">
        <Globe aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <p className="min-w-0 flex-1 text-sm font-semibold break-all">{domain}</p>
        {canManage ? <RemoveDomainButton id={id} domain={domain} /> : null}
      </header>
      <div className="-mt-1 flex flex-wrap items-center gap-1.5">
        {isVerified ? (
          <span className="inline-flex items-center gap-1 rounded-full border border-emerald-600/25 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:border-emerald-400/25 dark:bg-emerald-950/50 dark:text-emerald-100">
            <BadgeCheck aria-hidden="true" className="size-3" /> Verified
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full border bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
            <Hourglass aria-hidden="true" className="size-3" /> Awaiting verification
          </span>
        )}
        <SslStatusBadge status={customDomain.sslStatus} />
        {/* Spec §2: while SSL is pending (before verification it says what starts the certificate). */}
        {isSslPending && canManage ? (
          <Button
            variant="ghost"
            size="sm"
            className="h-6 px-2 text-xs"
            onClick={onCheckStatus}
            disabled={refresh.isPending}
            aria-busy={refresh.isPending || undefined}
          >
            {refresh.isPending ? (
              <Spinner className="size-3" />
            ) : (
              <RefreshCw aria-hidden="true" className="size-3" />
            )}
            Check Status
          </Button>
        ) : null}
      </div>

      {isVerified ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px]">
          <span className="font-medium text-emerald-700 dark:text-emerald-400">Domain Active</span>
          <a
            href={address}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-w-0 items-center gap-1 break-all underline underline-offset-2"
          >
            {domain}
            <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          </a>
        </p>
      ) : (
        <DnsRecords customDomain={customDomain} />
      )}

      {problem?.error ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg bg-destructive-soft px-2.5 py-2 text-[13px] leading-snug text-red-800 dark:text-red-200"
        >
          <CircleAlert aria-hidden="true" className="mt-px size-4 shrink-0" />
          {problem.error}
        </p>
      ) : null}
      {problem?.warning ? (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-2.5 py-2 text-[13px] leading-snug text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
          <TriangleAlert aria-hidden="true" className="mt-px size-4 shrink-0 text-amber-600" />
          {problem.warning}
        </p>
      ) : null}

      {!isVerified && canManage ? (
        <Button onClick={onVerify} disabled={verify.isPending} aria-busy={verify.isPending || undefined}>
          {verify.isPending ? <Spinner /> : <BadgeCheck aria-hidden="true" />}
          {verify.isPending ? 'Verifying...' : 'Verify Domain'}
        </Button>
      ) : null}
    </article>
  );
}
