/**
 * The deployment and custom-domain shapes of docs/api.md "Deployment and custom domain"
 * (spec §3 `custom_domains`, §7 the deploy and domain server actions), as the server sends them.
 */
import type { SslStatus } from '../../../core/hosting/ssl-status.ts';
import type { CustomDomainView } from '../../../server/hosting/custom-domains.ts';
import type { DeploymentView } from '../../../server/hosting/deployments.ts';

export type { SslStatus };

/** GET /api/chats/:id/custom-domain (`customDomain`), and every custom-domain change. */
export type CustomDomain = CustomDomainView;

/**
 * GET/POST/PATCH/DELETE /api/chats/:id/deployment. `customDomain` names the verified custom
 * domain serving the site (then `liveUrl` is its address, else `subdomainUrl`).
 */
export type Deployment = DeploymentView;

/** One of the two DNS records the owner adds (TXT `_kiln-verify.{domain}`, CNAME `{domain}`). */
export type DnsRecord = CustomDomain['records']['txt'];

/** GET /api/deployments/subdomains/:subdomain and GET /api/custom-domains/availability. */
export interface Availability {
  available: boolean;
  reason: string | null;
}

/** POST /api/custom-domains/:id/verify: `error` names the missing or wrong record. */
export interface VerifyResult {
  success: boolean;
  error: string | null;
  warning: string | null;
  customDomain: CustomDomain;
}

/** POST /api/custom-domains/:id/ssl-status (refreshSSLStatus). */
export interface SslStatusResult {
  ssl_status: SslStatus;
  customDomain: CustomDomain;
}
