import Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';

/**
 * The official SDK, at Stripe or at a Stripe-compatible address (STRIPE_API_URL: tests run a
 * loopback fake; stripe-mock works too). Kiln never speaks Stripe's HTTP itself.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  if (!config.apiUrl) return new Stripe(config.secretKey, { telemetry: false, maxNetworkRetries: 2 });
  const url = new URL(config.apiUrl);
  return new Stripe(config.secretKey, {
    telemetry: false,
    maxNetworkRetries: 2,
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  });
}

export type { Stripe };
