/**
 * Webhook events as Stripe sends them: a snapshot of the object, `created` in unix seconds
 * (strictly increasing, read from the fake's clock), POSTed as JSON with a `Stripe-Signature`
 * header made by the real SDK, so Kiln's `constructEvent` check is the real one.
 */
import Stripe from 'stripe';
import { stripeId, type FakeEvent } from './objects.ts';

export interface Delivery {
  event: FakeEvent;
  /** Kiln's answer; null when no webhook URL was set (nothing was sent). */
  status: number | null;
  body: string;
  /** A network error (Kiln not listening). */
  error?: string;
}

export interface DeliverOptions {
  /** Sign with another secret (a forged or stale signature). */
  signatureSecret?: string;
}

/** The fake's clock: real time plus what tests moved it on by (a subscription's period end). */
export class Clock {
  private offsetSeconds = 0;

  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  advance(seconds: number): void {
    this.offsetSeconds += seconds;
  }

  /** Moves the clock to `unixSeconds` if that is later than now. */
  advanceTo(unixSeconds: number): void {
    const ahead = unixSeconds - this.now();
    if (ahead > 0) this.offsetSeconds += ahead;
  }
}

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private lastCreated = 0;

  constructor(
    private readonly clock: Clock,
    private readonly webhookSecret: string,
    public webhookUrl: string | undefined,
  ) {}

  /** An event for `object` (deep-copied: later changes do not reach an event already made). */
  makeEvent<T>(
    type: string,
    object: T,
    options: { created?: number; previousAttributes?: Record<string, unknown> } = {},
  ): FakeEvent<T> {
    const created = options.created ?? Math.max(this.clock.now(), this.lastCreated + 1);
    this.lastCreated = Math.max(this.lastCreated, created);
    return {
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      data: {
        object: structuredClone(object),
        ...(options.previousAttributes
          ? { previous_attributes: structuredClone(options.previousAttributes) }
          : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  /** POSTs the event to the webhook URL (awaited: the answer is in the returned delivery). */
  async deliver(event: FakeEvent, options: DeliverOptions = {}): Promise<Delivery> {
    const delivery: Delivery = { event, status: null, body: '' };
    this.deliveries.push(delivery);
    if (!this.webhookUrl) return delivery;
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.signatureSecret ?? this.webhookSecret,
    });
    try {
      const response = await fetch(this.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: payload,
      });
      delivery.status = response.status;
      delivery.body = await response.text();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    return delivery;
  }

  async send<T>(type: string, object: T, previousAttributes?: Record<string, unknown>): Promise<Delivery> {
    return this.deliver(this.makeEvent(type, object, { previousAttributes }));
  }
}
