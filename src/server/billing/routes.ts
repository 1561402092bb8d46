import { Hono } from 'hono';
import {
  extraVersionsInput,
  subscriptionCheckoutInput,
  type BillingInterval,
} from '../../core/billing/index.ts';
import { EXTRA_VERSION_PRICE_CENTS } from '../../core/plans/index.ts';
import { requireUser } from '../chats/access.ts';
import { ServiceError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import type { AppEnv, RequestViewer } from '../http/viewer.ts';
import { EXTRA_VERSIONS_KIND } from './stripe/payment-kinds.ts';
import { isStripeError } from './stripe/errors.ts';
import type { BillingService } from './stripe/service.ts';

const DISABLED = 'Payments are not set up on this Kiln server. Your administrator can grant plans.';

/** Stripe refused or could not be reached: say so (502), never a bare 'Something went wrong'. */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    console.error(`billing: Stripe answered ${error.type}: ${error.message}`);
    throw new ServiceError(
      502,
      'payment-provider-error',
      'The payment provider could not be reached. Please try again in a moment.',
    );
  }
}

/**
 * /api/billing: what is for sale (anyone), Checkout and the customer portal (signed in), and
 * Stripe's webhook (signed by Stripe; exempt from the same-origin rule in http/app.ts).
 */
export function billingRoutes(billing: BillingService | null) {
  const require = (): BillingService => {
    if (!billing) throw new ServiceError(404, 'billing-disabled', DISABLED);
    return billing;
  };
  const buyer = (viewer: RequestViewer) => {
    const user = requireUser(viewer);
    return { id: user.id, email: user.email, name: user.name };
  };

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const prices = billing ? await billing.catalogue().catch(() => null) : null;
      const price = (interval: BillingInterval) =>
        prices ? { amountCents: prices[interval].amountCents, currency: prices[interval].currency } : null;
      return c.json({
        enabled: billing !== null,
        prices: { month: price('month'), year: price('year') },
        extraVersionPriceCents: EXTRA_VERSION_PRICE_CENTS,
        marketplace: billing !== null,
      });
    })
    .post('/checkout', validate('json', subscriptionCheckoutInput), async (c) => {
      const service = require();
      const user = buyer(c.var.viewer);
      if (c.var.viewer.isPremium) {
        throw new ServiceError(
          409,
          'already-premium',
          'You already have Premium. Manage it from your account.',
        );
      }
      const interval = c.req.valid('json').interval;
      return c.json(await viaStripe(() => service.startSubscriptionCheckout(user, interval)));
    })
    .post('/portal', async (c) => {
      const service = require();
      const user = buyer(c.var.viewer);
      return c.json(await viaStripe(() => service.openPortal(user.id)));
    })
    .post('/extra-versions', validate('json', extraVersionsInput), async (c) => {
      const service = require();
      const { quantity } = c.req.valid('json');
      const user = buyer(c.var.viewer);
      const checkout = await viaStripe(() =>
        service.startPaymentCheckout({
          user,
          kind: EXTRA_VERSIONS_KIND,
          name: 'Kiln extra versions',
          unitAmountCents: EXTRA_VERSION_PRICE_CENTS,
          quantity,
          successPath: '/account?checkout=extra_versions',
          cancelPath: '/account?buy_extra=true',
        }),
      );
      return c.json(checkout);
    })
    .post('/webhook', async (c) => {
      const service = require();
      // The signature covers the exact bytes Stripe sent: read them raw, never re-serialized.
      const raw = await c.req.text();
      const result = await service.handleWebhook(raw, c.req.header('stripe-signature'));
      return c.json({ received: true, duplicate: result.duplicate });
    });
}
