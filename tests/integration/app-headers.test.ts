import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_NONCE_META } from '../../src/core/http/script-nonce.ts';
import { createHttpApp } from '../../src/server/http/app.ts';
import { REPO_ROOT } from '../../src/server/paths.ts';
import { createVersion, createUser } from './preview-helpers.ts';
import { createTestKiln, TestClient } from './test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;

/**
 * Issue 21 item 3: the app's own pages (the SPA and the API on the app origin) get a strict
 * Content-Security-Policy, no framing, a referrer and permissions policy, COOP; HSTS and Secure
 * cookies only when the public URL is https. Preview hosts keep their own policy.
 */

/** `directive value value; …` → { directive: [values] }. */
function parsePolicy(header: string | null): Record<string, string[]> {
  const policy: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) policy[name] = values;
  }
  return policy;
}

function expectStrictPolicy(header: string | null, previewSources: string[]) {
  const policy = parsePolicy(header);
  expect(policy['default-src']).toEqual(["'self'"]);
  const scripts = policy['script-src']!;
  expect(scripts[0]).toBe("'self'");
  expect(scripts.slice(1)).toEqual([expect.stringMatching(/^'nonce-[A-Za-z0-9+/=_-]{16,}'$/)]);
  for (const values of Object.values(policy)) {
    expect(values).not.toContain("'unsafe-eval'");
  }
  expect(policy['frame-src']).toEqual(previewSources);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(policy['form-action']).toEqual(["'self'"]);
  return policy;
}

function expectAppHeaders(headers: Headers) {
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  const permissions = headers.get('permissions-policy') ?? '';
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
    expect(permissions).toContain(feature);
  }
}

describe('the app origin over plain http (KILN_PUBLIC_URL http://…)', () => {
  let kiln: TestKiln;
  let server: ServerType;
  let base: string;
  let webRoot: string;
  beforeAll(async () => {
    kiln = await createTestKiln();
    // The web app's own index.html (src/web), as the server serves it; no build needed.
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-web-'));
    fs.copyFileSync(path.join(REPO_ROOT, 'src/web/index.html'), path.join(webRoot, 'index.html'));
    const app = createHttpApp({ ...kiln.services, webRoot });
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await kiln?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const previewSources = ['http://*.preview.localhost:3000', 'http://*.webcontainer.localhost:3000'];

  it('the SPA and the API: a strict CSP, no framing, no HSTS', async () => {
    for (const path of ['/', '/account', '/api/health', '/api/me', '/api/nothing-here']) {
      const response = await fetch(`${base}${path}`);
      expectStrictPolicy(response.headers.get('content-security-policy'), previewSources);
      expectAppHeaders(response.headers);
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
      expect(parsePolicy(response.headers.get('content-security-policy'))).not.toHaveProperty(
        'upgrade-insecure-requests',
      );
    }
  });

  it("index.html carries this response's nonce, a new one each time, and no inline script", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${base}/`);
      const html = await response.text();
      const policy = parsePolicy(response.headers.get('content-security-policy'));
      const nonce = /^'nonce-(.+)'$/.exec(policy['script-src']![1]!)![1]!;
      expect(html).toContain(`<meta name="${SCRIPT_NONCE_META}" content="${nonce}">`);
      nonces.add(nonce);
      // Every script of the page is a file: none inline (the theme bootstrap included).
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/\bsrc=/);
        expect(body!.trim()).toBe('');
      }
    }
    expect(nonces.size).toBe(2);
  });

  it('cookies are not Secure over plain http (a browser would drop them)', async () => {
    const client = new TestClient(kiln);
    await client.signUp('headers-http@example.com');
    const session = client.lastSetCookie.find((line) => line.includes('session_token'))!;
    expect(session).toBeDefined();
    expect(session).not.toMatch(/;\s*Secure/i);
  });

  it('a preview host keeps its own policy, not the app’s', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: await createUser(kiln),
      framework: 'html',
      files: [{ name: 'index.html', content: '<p>hi</p>' }],
    });
    const response = await kiln.app.request('/', {
      headers: { host: `${chatId}-${version}.preview.localhost:3000` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).not.toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBeNull();
  });
});

describe('the app origin behind TLS (KILN_PUBLIC_URL https://…)', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln({
      KILN_PUBLIC_URL: 'https://kiln.example.com',
      KILN_HOST: 'kiln.example.com',
      KILN_PREVIEW_HOST: 'kiln-preview.example',
    });
  });
  afterAll(async () => kiln?.close());

  it('HSTS, upgrade-insecure-requests and frames from the preview domain only', async () => {
    for (const path of ['/', '/api/health']) {
      const response = await kiln.app.request(`https://kiln.example.com${path}`);
      const policy = expectStrictPolicy(response.headers.get('content-security-policy'), [
        'https://*.kiln-preview.example',
        'https://*.webcontainer.kiln-preview.example',
      ]);
      expect(policy).toHaveProperty('upgrade-insecure-requests');
      expectAppHeaders(response.headers);
      expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    }
  });

  it('the session cookie and the preview token cookie are Secure', async () => {
    const client = new TestClient(kiln);
    await client.signUp('headers-https@example.com');
    const session = client.lastSetCookie.find((line) => line.includes('session_token'))!;
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/^__Secure-/);

    const userId = (await client.me()).user!.id;
    const { chatId, version } = await createVersion(kiln, {
      userId,
      framework: 'html',
      isPrivate: true,
      files: [{ name: 'index.html', content: '<p>private</p>' }],
    });
    const redirect = await client.request(`/content/${chatId}/${version}`);
    const target = new URL(redirect.headers.get('location')!);
    expect(target.host).toBe(`${chatId}-${version}.kiln-preview.example`);
    const step = await kiln.app.request(`${target.pathname}${target.search}`, {
      headers: { host: target.host },
    });
    expect(step.status).toBe(302);
    expect(step.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  });
});
