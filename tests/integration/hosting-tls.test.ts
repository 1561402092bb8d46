/**
 * Automatic HTTPS for deployed sites and custom domains with real components (issue 14 item 4):
 * Caddy's on-demand TLS asks an endpoint before it obtains a certificate from Pebble, Pebble
 * resolves the name through a real DNS server on 127.0.0.1 and validates against Caddy, and the
 * TLS probe of refreshSSLStatus reads what a browser would get.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sslStatusFrom } from '../../src/core/hosting/ssl-status.ts';
import { probeCertificate } from '../../src/server/hosting/tls-probe.ts';
import { CADDY_PATH, startTlsFront, tlsFrontMissing, type TlsFront } from '../support/caddy-pebble.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createPreviewKiln, createVersion, type TestKiln } from './preview-helpers.ts';

const missing = tlsFrontMissing();
/** Issuance is a few ACME round trips; a loaded CI machine may take much longer. Nothing is timed. */
const ISSUANCE_TIMEOUT_MS = 240_000;

/** An HTTPS request to Caddy on 127.0.0.1 naming `servername` (SNI and Host), trusting only Pebble's root. */
function getOverTls(
  front: TlsFront,
  servername: string,
  pathname = '/',
): Promise<{ status: number; body: string; issuer: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port: front.httpsPort,
        servername,
        path: pathname,
        headers: { host: servername },
        ca: [front.acmeRoot],
        agent: false,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          const certificate = (response.socket as TLSSocket).getPeerCertificate();
          resolve({ status: response.statusCode ?? 0, body, issuer: String(certificate.issuer?.CN ?? '') });
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe.skipIf(missing !== null)(
  `on-demand certificates from Pebble through Caddy${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let dns: TestDnsServer;
    let front: TlsFront;
    let site: http.Server;
    /** Names the test's ask endpoint allows, and every name Caddy asked about. */
    const allowed = new Set<string>();
    const asked: string[] = [];

    beforeAll(async () => {
      dns = await startDnsServer();
      // The ask endpoint and the site behind Caddy, like Kiln's /api/tls/ask and its sites.
      site = http.createServer((request, response) => {
        const url = new URL(request.url ?? '/', 'http://site');
        if (url.pathname === '/ask') {
          const domain = url.searchParams.get('domain') ?? '';
          asked.push(domain);
          response.writeHead(allowed.has(domain) ? 200 : 404).end();
          return;
        }
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<h1>Hello from ${request.headers.host}</h1>`);
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      const port = (site.address() as AddressInfo).port;
      front = await startTlsFront({
        dnsServer: dns.address,
        askUrl: `http://127.0.0.1:${port}/ask`,
        upstream: `127.0.0.1:${port}`,
      });
    });

    afterAll(async () => {
      await front?.close();
      await new Promise((resolve) => site?.close(resolve));
      await dns?.close();
    });

    const probe = (servername: string) =>
      probeCertificate({
        host: '127.0.0.1',
        port: front.httpsPort,
        servername,
        ca: [front.acmeRoot],
        timeoutMs: 90_000,
      });

    it(
      'an allowed domain gets a real certificate and serves its page over HTTPS; its SSL status turns pending → active',
      async () => {
        const domain = 'shop.allowed.test';
        dns.set(domain, { A: ['127.0.0.1'] });
        const verifiedAt = new Date();

        // Not yet allowed (not verified): no certificate, and the status is pending.
        const before = await probe(domain);
        expect(before.kind, front.logs()).toBe('error');
        expect(sslStatusFrom(before, verifiedAt, new Date())).toBe('pending');

        allowed.add(domain);
        const page = await getOverTls(front, domain);
        expect(page.status, front.logs()).toBe(200);
        expect(page.body).toBe(`<h1>Hello from ${domain}</h1>`);
        // Trusted through Pebble's root alone: Pebble issued it (through its intermediate).
        expect(page.issuer).toMatch(/Pebble/i);
        expect(asked).toContain(domain);
        // Pebble looked the name up in the test's DNS to validate the challenge.
        expect(dns.queries.some((query) => query.endsWith(`A ${domain}`))).toBe(true);

        const after = await probe(domain);
        expect(after.kind).toBe('valid');
        expect(sslStatusFrom(after, verifiedAt, new Date())).toBe('active');
      },
      ISSUANCE_TIMEOUT_MS,
    );

    it(
      'a domain the ask endpoint refuses gets no certificate: the handshake fails',
      async () => {
        const domain = 'not-verified.example.test';
        dns.set(domain, { A: ['127.0.0.1'] });
        await expect(getOverTls(front, domain)).rejects.toThrow();
        expect(asked).toContain(domain);
        const result = await probe(domain);
        expect(result.kind).toBe('error');
        expect(sslStatusFrom(result, null, new Date())).toBe('pending');
      },
      ISSUANCE_TIMEOUT_MS,
    );
  },
);

describe.skipIf(missing !== null)(
  `Kiln's custom domains behind Caddy and Pebble: verify, certificate, SSL status${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const KILN_HOST = 'kiln.test';
    const PAGE = '<!doctype html><html><body><h1>Fresh bread, served over HTTPS</h1></body></html>';
    let dns: TestDnsServer;
    let front: TlsFront;
    let server: http.Server;
    let kiln: TestKiln;
    let owner: Awaited<ReturnType<typeof signedUpUser>>;
    let chatId: string;

    beforeAll(async () => {
      dns = await startDnsServer({ [KILN_HOST]: { A: ['127.0.0.1'] } });
      // Kiln on a real port (Caddy proxies to it and asks it); it is created once Caddy's port is known.
      const kilnHandler: { listener?: http.RequestListener } = {};
      server = http.createServer((request, response) =>
        kilnHandler.listener ? kilnHandler.listener(request, response) : response.writeHead(503).end(),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      front = await startTlsFront({
        dnsServer: dns.address,
        askUrl: `http://127.0.0.1:${port}/api/tls/ask`,
        upstream: `127.0.0.1:${port}`,
      });
      kiln = await createPreviewKiln({
        KILN_HOST,
        KILN_DNS_SERVERS: dns.address,
        KILN_TLS_PROBE_ADDRESS: `127.0.0.1:${front.httpsPort}`,
        KILN_TLS_PROBE_CA: front.acmeRootFile,
        // HTML versions need no build: no standby builders started for nothing.
        KILN_PREVIEW_STANDBY: 'false',
      });
      kiln.services.preview.start();
      kilnHandler.listener = getRequestListener(kiln.app.fetch);

      owner = await signedUpUser(kiln, { premium: true });
      ({ chatId } = await createVersion(kiln, {
        userId: owner.userId,
        framework: 'html',
        files: [{ name: 'index.html', content: PAGE }],
      }));
      const deployed = await owner.client.request(`/api/chats/${chatId}/deployment`, {
        method: 'POST',
        json: { subdomain: 'bakery', version: 1 },
      });
      expect(deployed.status, await deployed.clone().text()).toBe(200);
    });

    afterAll(async () => {
      await front?.close();
      await new Promise((resolve) => server?.close(resolve));
      await kiln?.close();
      await dns?.close();
    });

    const ask = async (domain: string) =>
      (await kiln.app.request(`/api/tls/ask?domain=${encodeURIComponent(domain)}`)).status;

    it(
      'a custom domain gets no certificate until it is verified, then one from Pebble; Check Status turns pending → active',
      async () => {
        const domain = 'shop.bakery.test';
        const added = await owner.client.request(`/api/chats/${chatId}/custom-domain`, {
          method: 'POST',
          json: { domain },
        });
        expect(added.status).toBe(201);
        const card = (await added.json()) as { id: string; verificationToken: string };
        const sslStatus = async () => {
          const response = await owner.client.request(`/api/custom-domains/${card.id}/ssl-status`, {
            method: 'POST',
          });
          expect(response.status).toBe(200);
          return (await response.json()) as { ssl_status: string; customDomain: { sslStatus: string } };
        };

        // The records are in place, but Kiln has not verified them: Caddy may not get a certificate.
        dns.set(`_kiln-verify.${domain}`, { TXT: [card.verificationToken] });
        dns.set(domain, { CNAME: KILN_HOST });
        expect(await ask(domain)).toBe(404);
        await expect(getOverTls(front, domain)).rejects.toThrow();
        expect((await sslStatus()).ssl_status).toBe('pending');

        const verified = await owner.client.request(`/api/custom-domains/${card.id}/verify`, {
          method: 'POST',
        });
        expect(await verified.json()).toMatchObject({
          success: true,
          error: null,
          warning: null,
          customDomain: { isVerified: true },
        });
        expect(await ask(domain)).toBe(200);

        // A visitor's browser: Caddy asks Kiln, Pebble validates through the test DNS, the site is served.
        const page = await getOverTls(front, domain);
        expect(page.status, front.logs()).toBe(200);
        expect(page.body).toContain('Fresh bread, served over HTTPS');
        expect(page.issuer).toMatch(/Pebble/i);

        const after = await sslStatus();
        expect(after.ssl_status).toBe('active');
        expect(after.customDomain.sslStatus).toBe('active');
      },
      ISSUANCE_TIMEOUT_MS,
    );

    it(
      'the deployed subdomain gets a certificate; a subdomain nobody deployed gets none',
      async () => {
        dns.set(`bakery.${KILN_HOST}`, { A: ['127.0.0.1'] });
        dns.set(`nobody.${KILN_HOST}`, { A: ['127.0.0.1'] });
        const page = await getOverTls(front, `bakery.${KILN_HOST}`);
        expect(page.status, front.logs()).toBe(200);
        expect(page.body).toContain('Fresh bread, served over HTTPS');
        await expect(getOverTls(front, `nobody.${KILN_HOST}`)).rejects.toThrow();
      },
      ISSUANCE_TIMEOUT_MS,
    );
  },
);

describe.skipIf(!fs.existsSync(CADDY_PATH))('the Caddyfile Kiln ships (deploy/Caddyfile)', () => {
  it('is a valid Caddy configuration, formatted as caddy fmt writes it', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-caddyfile-'));
    const file = path.join(import.meta.dirname, '..', '..', 'deploy', 'Caddyfile');
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      KILN_HOST: 'kiln.example.com',
    };
    try {
      const output = execFileSync(CADDY_PATH, ['validate', '--adapter', 'caddyfile', '--config', file], {
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(output).toContain('Valid configuration');
      const formatted = execFileSync(CADDY_PATH, ['fmt', file], { env, encoding: 'utf8' });
      expect(formatted).toBe(fs.readFileSync(file, 'utf8'));
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
