/**
 * What a browser sees of the fake Stripe: the hosted Checkout page (`/pay/:session`: line items,
 * total, 'Pay', 'Cancel') and the customer portal (`/portal/:session`: plan, period, 'Cancel plan',
 * 'Renew plan', 'End subscription now', 'Return to Kiln'). Plain HTML forms, no script.
 */
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { periodOf, type FakeStripeAccount } from './account.ts';
import type { FakeSubscription } from './objects.ts';

const money = (cents: number | null, currency: string | null) =>
  `${((cents ?? 0) / 100).toFixed(2)} ${(currency ?? 'usd').toUpperCase()}`;
const day = (unixSeconds: number | null) =>
  unixSeconds === null ? '' : new Date(unixSeconds * 1000).toISOString().slice(0, 10);

function page(title: string, body: unknown) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${title}</title>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

export function createPages(account: FakeStripeAccount): Hono {
  const app = new Hono();

  app.get('/pay/:id', (c) => {
    const session = account.checkoutSessions.get(c.req.param('id'));
    if (!session) return c.html(page('Not found', html`<h1>Checkout session not found</h1>`), 404);
    if (session.status !== 'open') {
      return c.html(page('Checkout', html`<h1>This Checkout Session is no longer active</h1>`));
    }
    const items = account.lineItems(session.id);
    return c.html(
      page(
        'Checkout',
        html`<h1>Pay Kiln (test mode)</h1>
          <ul>
            ${items.map(
              (item) =>
                html`<li>
                  <span class="name">${item.description}</span> ×
                  <span class="quantity">${item.quantity}</span>
                  <span class="amount">${money(item.amount_total, item.currency)}</span>
                  ${item.price.recurring ? html`<span class="interval">per ${item.price.recurring.interval}</span>` : ''}
                </li>`,
            )}
          </ul>
          <p>Total: <strong data-testid="total">${money(session.amount_total, session.currency)}</strong></p>
          <form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form>
          ${session.cancel_url ? html`<a href="${session.cancel_url}">Cancel</a>` : ''}`,
      ),
    );
  });

  app.post('/pay/:id', async (c) => {
    const session = account.checkoutSessions.get(c.req.param('id'));
    if (!session) return c.text('Checkout session not found', 404);
    await account.completeCheckout(session.id);
    return c.redirect(session.success_url ?? '/', 303);
  });

  const portalRow = (portalId: string, subscription: FakeSubscription) => {
    const item = subscription.items.data[0];
    const product = item ? account.products.get(String(item.price.product)) : undefined;
    const { start, end } = periodOf(subscription);
    const action = (name: string, label: string) =>
      html`<form method="post" action="/portal/${portalId}/subscriptions/${subscription.id}/${name}">
        <button type="submit">${label}</button>
      </form>`;
    return html`<section data-subscription="${subscription.id}">
      <h2>${product?.name ?? 'Plan'}</h2>
      <p>
        ${money(item?.price.unit_amount ?? null, subscription.currency)} per
        ${item?.price.recurring?.interval ?? 'month'} · <span class="status">${subscription.status}</span>
      </p>
      <p>Current period: ${day(start)} – ${day(end)}</p>
      ${subscription.cancel_at_period_end ? html`<p>Cancels on ${day(subscription.cancel_at)}</p>` : ''}
      ${
        subscription.status === 'canceled'
          ? ''
          : subscription.cancel_at_period_end
            ? html`${action('renew', 'Renew plan')}${action('end', 'End subscription now')}`
            : html`${action('cancel', 'Cancel plan')}${action('end', 'End subscription now')}`
      }
    </section>`;
  };

  app.get('/portal/:id', (c) => {
    const session = account.portalSessions.get(c.req.param('id'));
    if (!session) return c.html(page('Not found', html`<h1>Portal session not found</h1>`), 404);
    const subscriptions = account.subscriptionsOf(session.customer);
    return c.html(
      page(
        'Billing portal',
        html`<h1>Billing (test mode)</h1>
          ${subscriptions.length === 0 ? html`<p>No subscriptions</p>` : ''}
          ${subscriptions.map((subscription) => portalRow(session.id, subscription))}
          ${session.return_url ? html`<a href="${session.return_url}">Return to Kiln</a>` : raw('')}`,
      ),
    );
  });

  app.post('/portal/:id/subscriptions/:subscription/:action', async (c) => {
    const session = account.portalSessions.get(c.req.param('id'));
    const subscription = account.subscriptions.get(c.req.param('subscription'));
    if (!session || !subscription || subscription.customer !== session.customer)
      return c.text('Not found', 404);
    const action = c.req.param('action');
    if (action === 'cancel') await account.cancelAtPeriodEnd(subscription.id);
    else if (action === 'renew') await account.renew(subscription.id);
    else if (action === 'end') await account.endNow(subscription.id);
    else return c.text('Unknown action', 404);
    return c.redirect(`/portal/${session.id}`, 303);
  });

  return app;
}
