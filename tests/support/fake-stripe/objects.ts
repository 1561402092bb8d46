/**
 * The Stripe objects the fake hands out, each typed as a subset of the `stripe` SDK's own type
 * (`Pick` of `Stripe.X`), so a field the fake sends has the name and type the real API gives it.
 * Fields Kiln never reads (tax, shipping, invoices…) are left out rather than faked.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

/** A Stripe-style id: prefix, underscore, 24 random characters (`cus_…`, `cs_test_…`). */
export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** `Pick<T, K>` with some picked fields replaced by the fake's own (narrower) shapes. */
type Shape<T, K extends keyof T, Replaced = object> = Omit<Pick<T, K>, keyof Replaced> & Replaced;

export interface List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export function list<T>(url: string, data: T[]): List<T> {
  return { object: 'list', data, has_more: false, url };
}

export type FakeProduct = Shape<
  Stripe.Product,
  | 'id'
  | 'object'
  | 'active'
  | 'created'
  | 'description'
  | 'images'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'updated'
  | 'url'
>;

export type FakePrice = Shape<
  Stripe.Price,
  | 'id'
  | 'object'
  | 'active'
  | 'billing_scheme'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'lookup_key'
  | 'metadata'
  | 'nickname'
  | 'product'
  | 'recurring'
  | 'tax_behavior'
  | 'type'
  | 'unit_amount',
  { product: string | FakeProduct }
>;

export type FakeCustomer = Shape<
  Stripe.Customer,
  'id' | 'object' | 'balance' | 'created' | 'description' | 'email' | 'livemode' | 'metadata' | 'name'
>;

export type FakeSubscriptionItem = Shape<
  Stripe.SubscriptionItem,
  | 'id'
  | 'object'
  | 'created'
  | 'current_period_end'
  | 'current_period_start'
  | 'discounts'
  | 'metadata'
  | 'price'
  | 'quantity'
  | 'subscription'
  | 'tax_rates',
  { price: FakePrice }
>;

export type FakeSubscription = Shape<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'description'
  | 'ended_at'
  | 'items'
  | 'latest_invoice'
  | 'livemode'
  | 'metadata'
  | 'start_date'
  | 'status'
  | 'trial_end'
  | 'trial_start',
  { customer: string | FakeCustomer; items: List<FakeSubscriptionItem> }
>;

export type FakeCheckoutSession = Shape<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_status'
  | 'status'
  | 'subscription'
  | 'success_url'
  | 'url',
  { customer: string | FakeCustomer | null; subscription: string | FakeSubscription | null }
>;

export type FakeLineItem = Shape<
  Stripe.LineItem,
  'id' | 'object' | 'amount_subtotal' | 'amount_total' | 'currency' | 'description' | 'price' | 'quantity',
  { price: FakePrice }
>;

export type FakePortalSession = Shape<
  Stripe.BillingPortal.Session,
  | 'id'
  | 'object'
  | 'configuration'
  | 'created'
  | 'customer'
  | 'customer_account'
  | 'flow'
  | 'livemode'
  | 'locale'
  | 'on_behalf_of'
  | 'return_url'
  | 'url'
>;

/** A webhook event as Stripe sends it (snapshot payload). */
export interface FakeEvent<T = unknown> {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: T; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** Stripe's error body (`{ error: { type, code, message, param } }`). */
export interface StripeErrorBody {
  error: { type: string; code?: string; message: string; param?: string; doc_url?: string };
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.error.message);
  }
}

export function resourceMissing(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${id}'`,
      param,
      doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
    },
  });
}

export function parameterMissing(param: string): StripeApiError {
  return new StripeApiError(400, {
    error: {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: `Missing required param: ${param}.`,
      param,
      doc_url: 'https://stripe.com/docs/error-codes/parameter-missing',
    },
  });
}

export function invalidRequest(message: string, param?: string): StripeApiError {
  return new StripeApiError(400, { error: { type: 'invalid_request_error', message, param } });
}
