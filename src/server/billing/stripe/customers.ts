import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { billingCustomers } from '../../db/schema/index.ts';

export interface BillingUser {
  id: string;
  email: string;
  name: string;
}

/** The user's Stripe customer, made on their first checkout (one per user, kept for the portal). */
export async function customerFor(stripe: Stripe, db: Database, user: BillingUser): Promise<string> {
  const existing = await findCustomer(db, user.id);
  if (existing) return existing;
  const customer = await stripe.customers.create({
    email: user.email,
    name: user.name,
    metadata: { user_id: user.id },
  });
  // Two tabs at once: the first stored wins, the other customer is left unused.
  await db
    .insert(billingCustomers)
    .values({ userId: user.id, stripeCustomerId: customer.id })
    .onConflictDoNothing({ target: billingCustomers.userId });
  return (await findCustomer(db, user.id)) ?? customer.id;
}

export async function findCustomer(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row?.id ?? null;
}

export async function userOfCustomer(db: Database, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, customerId));
  return row?.userId ?? null;
}
