import type Stripe from 'stripe';
import type { BillingInterval } from '../../../core/billing/index.ts';
import type { StripeConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { prices, products } from '../../db/schema/index.ts';

export interface PremiumPrice {
  id: string;
  interval: BillingInterval;
  amountCents: number;
  currency: string;
}

export type PremiumCatalogue = Record<BillingInterval, PremiumPrice>;

const PRODUCT_NAME = 'Kiln Premium';
export const LOOKUP_KEYS: Record<BillingInterval, string> = {
  month: 'kiln_premium_month',
  year: 'kiln_premium_year',
};

const productIdOf = (price: Stripe.Price) =>
  typeof price.product === 'string' ? price.product : price.product.id;

/**
 * Premium's two prices: the ids the self-hoster configured, else the ones Kiln made before (found
 * by lookup key), else made now. Each is mirrored into `products`/`prices`, which subscriptions
 * reference (spec §3 "prices {interval, products}").
 */
export async function loadPremiumCatalogue(
  stripe: Stripe,
  db: Database,
  config: StripeConfig,
): Promise<PremiumCatalogue> {
  const found = await stripe.prices.list({
    lookup_keys: Object.values(LOOKUP_KEYS),
    active: true,
    expand: ['data.product'],
  });
  let productId: string | undefined = found.data[0] ? productIdOf(found.data[0]) : undefined;
  const catalogue = {} as PremiumCatalogue;
  for (const interval of ['month', 'year'] as const) {
    const configured = config.priceIds[interval];
    let price = configured
      ? await stripe.prices.retrieve(configured, { expand: ['product'] })
      : found.data.find((candidate) => candidate.lookup_key === LOOKUP_KEYS[interval]);
    if (!price) {
      productId ??= (await stripe.products.create({ name: PRODUCT_NAME, metadata: { kiln: 'premium' } })).id;
      price = await stripe.prices.create({
        product: productId,
        unit_amount: config.amounts[interval],
        currency: 'usd',
        recurring: { interval },
        lookup_key: LOOKUP_KEYS[interval],
      });
    }
    await mirrorPrice(db, price, interval);
    catalogue[interval] = {
      id: price.id,
      interval,
      amountCents: price.unit_amount ?? 0,
      currency: price.currency,
    };
  }
  return catalogue;
}

async function mirrorPrice(db: Database, price: Stripe.Price, interval: BillingInterval): Promise<void> {
  const product = typeof price.product === 'string' ? null : price.product;
  const productId = productIdOf(price);
  const name = product && 'name' in product ? product.name : PRODUCT_NAME;
  await db
    .insert(products)
    .values({ id: productId, name })
    .onConflictDoUpdate({ target: products.id, set: { name } });
  const values = {
    productId,
    interval,
    unitAmount: price.unit_amount ?? 0,
    currency: price.currency,
    active: price.active,
    lookupKey: price.lookup_key ?? null,
  };
  await db
    .insert(prices)
    .values({ id: price.id, ...values })
    .onConflictDoUpdate({ target: prices.id, set: values });
}
