import { test } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe/server.ts';
import { takeLock } from './exclusive.ts';

/**
 * The loopback Stripe (tests/support/fake-stripe/) the spec's tests buy through: started before
 * them on the port playwright.config.ts gives Kiln as STRIPE_API_URL, with Kiln's webhook URL,
 * and stopped after. Returns a getter (the fake exists once beforeAll has run). One spec at a
 * time holds it (the port is the server's, and a spec may hold its webhooks back).
 */
export function useFakeStripe(): () => FakeStripe {
  let stripe: FakeStripe | undefined;
  let release: (() => void) | undefined;
  test.beforeAll(async ({ baseURL }) => {
    // Waiting for the other spec is not this spec's time.
    test.setTimeout(900_000);
    release = await takeLock('stripe');
    stripe = await startFakeStripe({
      port: Number(process.env.KILN_E2E_STRIPE_PORT),
      secretKey: 'sk_test_kiln_e2e',
      webhookSecret: 'whsec_kiln_e2e',
      webhookUrl: `${baseURL}/api/billing/webhook`,
    });
  });
  test.afterAll(async () => {
    await stripe?.stop();
    release?.();
  });
  return () => {
    if (!stripe) throw new Error('The fake Stripe starts in beforeAll');
    return stripe;
  };
}
