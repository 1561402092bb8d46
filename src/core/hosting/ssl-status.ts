/**
 * Spec §3 `custom_domains.ssl_status` and §7 refreshSSLStatus: the state of a custom domain's
 * certificate, from what a TLS handshake with the domain's name found (server/hosting/tls-probe.ts).
 */
export type SslStatus = 'pending' | 'active' | 'expired' | 'failed';

export type ProbeResult =
  | { kind: 'valid'; validTo: Date }
  | { kind: 'expired'; validTo: Date }
  | { kind: 'untrusted'; message: string }
  | { kind: 'error'; code: string; message: string };

/**
 * Issuance usually takes 2–5 minutes after verification (spec §9); an hour without a trusted
 * certificate means it is not coming by itself (the ACME server refused, or DNS moved away).
 */
export const SSL_ISSUANCE_GRACE_MS = 60 * 60 * 1000;

export function sslStatusFrom(probe: ProbeResult, verifiedAt: Date | null, now: Date): SslStatus {
  if (probe.kind === 'valid') return 'active';
  if (probe.kind === 'expired') return 'expired';
  if (verifiedAt === null) return 'pending';
  return now.getTime() - verifiedAt.getTime() > SSL_ISSUANCE_GRACE_MS ? 'failed' : 'pending';
}
