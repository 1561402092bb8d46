import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { observeRequests } from './http.ts';
import { createLogger } from './logger.ts';

const silent = createLogger('error', { write: () => undefined });

describe('observeRequests', () => {
  it("stamps X-Request-Id on a route's own Response without copying it (a site's hot path)", async () => {
    const sent = new Response('hello', { headers: { 'content-type': 'text/plain' } });
    const app = new Hono().use('*', observeRequests(silent)).get('/', () => sent);
    const response = await app.request('/', { headers: { 'x-request-id': 'site-1' } });
    expect(response).toBe(sent);
    expect(response.headers.get('x-request-id')).toBe('site-1');
    expect(await response.text()).toBe('hello');
  });

  it('still stamps a response whose headers cannot change', async () => {
    const app = new Hono()
      .use('*', observeRequests(silent))
      .get('/', () => Response.redirect('http://localhost/elsewhere', 302));
    const response = await app.request('/', { headers: { 'x-request-id': 'redirect-1' } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://localhost/elsewhere');
    expect(response.headers.get('x-request-id')).toBe('redirect-1');
  });
});
