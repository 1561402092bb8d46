import { ApiError } from '../../../../lib/api.ts';
import type { SslStatus, VerifyResult } from '../../../data/deployment-types.ts';
import type { ToastText } from '../deployment-toasts.ts';

/** Spec §9: 'Toast durations: 4 s (5 s for verify/SSL success, 2 s for copy)'. */
export const SUCCESS_TOAST_MS = 5000;
export const COPY_TOAST_MS = 2000;

/** Spec §8 "Custom domain toasts". */
export const DOMAIN_ADDED: ToastText = {
  title: 'Domain added',
  description: 'Please verify domain ownership by adding the DNS record',
};
export const DOMAIN_VERIFIED: ToastText = {
  title: 'Domain verified',
  description: 'Domain ownership confirmed. SSL certificate will be issued automatically.',
};
export const DOMAIN_REMOVED: ToastText = { title: 'Domain removed' };

/**
 * Adding failed: 'Domain unavailable' with the server's reason (or 'This domain cannot be used'),
 * the server's title for its other refusals, else 'Failed to add domain'.
 */
export function addDomainFailureToast(error: unknown): ToastText {
  if (error instanceof ApiError)
    return { title: error.title ?? 'Failed to add domain', description: error.message };
  return { title: 'Failed to add domain', description: error instanceof Error ? error.message : undefined };
}

/**
 * 'Verification failed' with the server's explanation of the missing or wrong record (and its
 * warning), else the spec's 'Failed to verify domain'.
 */
export function verifyFailureToast(outcome: Pick<VerifyResult, 'error' | 'warning'> | unknown): ToastText {
  let error: string | null = null;
  let warning: string | null = null;
  if (outcome instanceof Error) error = outcome.message || null;
  else if (outcome && typeof outcome === 'object' && 'error' in outcome) {
    const result = outcome as Pick<VerifyResult, 'error' | 'warning'>;
    error = result.error;
    warning = result.warning;
  }
  const description = [error ?? 'Failed to verify domain', warning].filter(Boolean).join(' ');
  return { title: 'Verification failed', description };
}

export type SslToast = ToastText & { tone: 'success' | 'info' | 'error'; duration?: number };

/** What 'Check Status' found (spec §8: 'SSL Certificate Active', 'Still Pending'). */
export function sslStatusToast(status: SslStatus | string, isVerified = true): SslToast {
  // Before verification no certificate is requested yet: say what starts it.
  if (!isVerified && status !== 'active') {
    return {
      tone: 'info',
      title: 'Still Pending',
      description:
        'The SSL certificate is issued once the domain is verified: add the DNS records, then Verify Domain. Issuance usually takes 2-5 minutes.',
    };
  }
  switch (status) {
    case 'active':
      return {
        tone: 'success',
        title: 'SSL Certificate Active',
        description: 'Your domain is now secured with HTTPS!',
        duration: SUCCESS_TOAST_MS,
      };
    case 'expired':
      return {
        tone: 'error',
        title: 'SSL Certificate Expired',
        description: 'The certificate of this domain has expired and is being renewed.',
      };
    case 'failed':
      return {
        tone: 'error',
        title: 'SSL Certificate Failed',
        description: 'No certificate could be issued. Check that the DNS records still point here.',
      };
    default:
      return {
        tone: 'info',
        title: 'Still Pending',
        description: 'The SSL certificate is being issued. This usually takes 2-5 minutes.',
      };
  }
}

/** Spec §2: 'SSL status badge (Pending, Active, Expired, Failed; unknown shown as Pending)'. */
export function sslStatusLabel(
  status: SslStatus | string | null | undefined,
): 'Pending' | 'Active' | 'Expired' | 'Failed' {
  switch (status) {
    case 'active':
      return 'Active';
    case 'expired':
      return 'Expired';
    case 'failed':
      return 'Failed';
    default:
      return 'Pending';
  }
}
