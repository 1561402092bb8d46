/**
 * The `/v1` API the `stripe` SDK calls: Bearer secret key, form-encoded bodies in bracket
 * notation (read with `qs`, as Stripe does), JSON answers, Stripe's error bodies, `expand[]`.
 */
import { Hono, type Context } from 'hono';
import qs from 'qs';
import type { FakeStripeAccount, Params } from './account.ts';
import { list, StripeApiError, type StripeErrorBody } from './objects.ts';

export interface ApiRequest {
  method: string;
  path: string;
  params: Params;
}

/** Replaces ids named by `expand[]` paths (`product`, `data.product`, `items.data.price.product`). */
function expand(value: unknown, path: string[], lookup: (id: string) => unknown): unknown {
  if (path.length === 0 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => expand(item, path, lookup));
  const [key, ...rest] = path as [string, ...string[]];
  const object = { ...(value as Record<string, unknown>) };
  let field = object[key];
  if (rest.length === 0 && typeof field === 'string') field = lookup(field);
  object[key] = rest.length === 0 ? field : expand(field, rest, lookup);
  return object;
}

export function createApi(account: FakeStripeAccount, secretKey: string, requests: ApiRequest[]): Hono {
  const app = new Hono();
  const lookup = (id: string): unknown => {
    const maps = [
      account.products,
      account.prices,
      account.customers,
      account.subscriptions,
      account.checkoutSessions,
    ] as Map<string, unknown>[];
    for (const map of maps) if (map.has(id)) return structuredClone(map.get(id));
    return id;
  };
  const params = async (c: Context): Promise<Params> => {
    const query = qs.parse(new URL(c.req.url).search.slice(1), { depth: 10, arrayLimit: 1000 });
    const body = c.req.method === 'GET' || c.req.method === 'DELETE' ? '' : await c.req.text();
    return { ...query, ...qs.parse(body, { depth: 10, arrayLimit: 1000 }) };
  };
  /** Answers `make()`'s object, expanded as asked. */
  const answer = async (c: Context, make: (p: Params) => unknown | Promise<unknown>) => {
    const p = await params(c);
    requests.push({ method: c.req.method, path: c.req.path, params: p });
    let result = await make(p);
    const paths = Array.isArray(p.expand) ? p.expand.map(String) : [];
    for (const path of paths) result = expand(result, path.split('.'), lookup);
    return c.json(result as object);
  };

  app.use('/v1/*', async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const key = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!key) {
      return c.json(
        { error: { type: 'invalid_request_error', message: 'You did not provide an API key.' } },
        401,
      );
    }
    if (key !== secretKey) {
      const shown = `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
      return c.json(
        {
          error: {
            type: 'invalid_request_error',
            code: 'api_key_invalid',
            message: `Invalid API Key provided: ${shown}`,
          },
        },
        401,
      );
    }
    await next();
  });

  app.get('/v1/products/:id', (c) => answer(c, () => account.product(c.req.param('id'))));
  app.post('/v1/products', (c) => answer(c, (p) => account.createProduct(p)));

  app.get('/v1/prices', (c) => answer(c, (p) => list('/v1/prices', account.listPrices(p))));
  app.get('/v1/prices/:id', (c) => answer(c, () => account.price(c.req.param('id'))));
  app.post('/v1/prices', (c) => answer(c, (p) => account.createPrice(p)));

  app.post('/v1/customers', (c) => answer(c, (p) => account.createCustomer(p)));
  app.get('/v1/customers/:id', (c) => answer(c, () => account.customer(c.req.param('id'))));

  app.post('/v1/checkout/sessions', (c) => answer(c, (p) => account.createCheckoutSession(p)));
  app.get('/v1/checkout/sessions/:id', (c) => answer(c, () => account.checkoutSession(c.req.param('id'))));
  app.get('/v1/checkout/sessions/:id/line_items', (c) =>
    answer(c, () => {
      const id = c.req.param('id');
      return list(`/v1/checkout/sessions/${id}/line_items`, account.lineItems(id));
    }),
  );

  app.post('/v1/billing_portal/sessions', (c) => answer(c, (p) => account.createPortalSession(p)));

  app.get('/v1/subscriptions', (c) =>
    answer(c, (p) => {
      const all = [...account.subscriptions.values()].filter(
        (subscription) =>
          (p.customer === undefined || subscription.customer === p.customer) &&
          (p.status === undefined || p.status === 'all' || subscription.status === p.status),
      );
      return list('/v1/subscriptions', all);
    }),
  );
  app.get('/v1/subscriptions/:id', (c) => answer(c, () => account.subscription(c.req.param('id'))));
  app.post('/v1/subscriptions/:id', (c) => answer(c, (p) => account.updateFromApi(c.req.param('id'), p)));
  app.delete('/v1/subscriptions/:id', (c) =>
    answer(c, async () => {
      await account.endNow(c.req.param('id'));
      return account.subscription(c.req.param('id'));
    }),
  );

  app.all('/v1/*', (c) =>
    c.json(
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${c.req.method}: ${c.req.path}).`,
        },
      } satisfies StripeErrorBody,
      404,
    ),
  );

  app.onError((error, c) => {
    if (error instanceof StripeApiError) return c.json(error.body, error.status as 400);
    return c.json({ error: { type: 'api_error', message: String(error) } } satisfies StripeErrorBody, 500);
  });
  return app;
}
