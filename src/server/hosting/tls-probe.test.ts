/**
 * The TLS probe against real TLS servers on 127.0.0.1 holding certificates made by openssl: what
 * a visitor's browser would find for a name (SNI) becomes valid, expired, untrusted or an error.
 */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCa, type TestCa, type TestCertificate } from '../../../tests/support/test-certificates.ts';
import { probeCertificate, readProbeCa } from './tls-probe.ts';

let dir: string;
let ca: TestCa;
let otherCa: TestCa;
let server: tls.Server;
let port: number;

/** Certificates by SNI name; a name not in the table gets no certificate (the handshake fails). */
const byName = new Map<string, TestCertificate>();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-tls-probe-'));
  ca = createTestCa(dir);
  otherCa = createTestCa(dir, 'Someone Else CA');
  byName.set('shop.example.test', ca.issue({ names: ['shop.example.test'] }));
  byName.set('old.example.test', ca.issue({ names: ['old.example.test'], expired: true }));
  byName.set('mismatch.example.test', ca.issue({ names: ['www.mismatch.example.test'] }));
  byName.set('stranger.example.test', otherCa.issue({ names: ['stranger.example.test'] }));
  server = tls.createServer({
    SNICallback(name, callback) {
      const certificate = byName.get(name);
      if (!certificate) callback(new Error(`no certificate for ${name}`));
      else callback(null, tls.createSecureContext({ cert: certificate.cert, key: certificate.key }));
    },
  });
  server.on('secureConnection', (socket) => socket.end());
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const probe = (servername: string, extra: { ca?: string[]; port?: number; timeoutMs?: number } = {}) =>
  probeCertificate({ host: '127.0.0.1', port, servername, ca: [ca.cert], ...extra });

describe('probing a domain’s certificate through the TLS front', () => {
  it('a trusted certificate for the name (chosen by SNI) is valid, with its end date', async () => {
    const result = await probe('shop.example.test');
    expect(result.kind).toBe('valid');
    const expectedEnd = new X509Certificate(byName.get('shop.example.test')!.cert).validTo;
    expect(result.kind === 'valid' && result.validTo.getTime()).toBe(new Date(expectedEnd).getTime());
  });

  it('the same certificate without its root among the trusted ones is untrusted', async () => {
    const result = await probe('shop.example.test', { ca: [] });
    expect(result).toEqual({
      kind: 'untrusted',
      message: expect.stringContaining('The certificate chain is not trusted'),
    });
  });

  it('a certificate past its end date is expired', async () => {
    const result = await probe('old.example.test');
    expect(result.kind).toBe('expired');
    expect(result.kind === 'expired' && result.validTo.getTime()).toBeLessThan(Date.now());
  });

  it('a certificate for another name is untrusted', async () => {
    const result = await probe('mismatch.example.test');
    expect(result).toEqual({ kind: 'untrusted', message: expect.stringContaining('does not match') });
  });

  it('a certificate from a CA nobody trusts is untrusted', async () => {
    expect((await probe('stranger.example.test')).kind).toBe('untrusted');
  });

  it('a name the front has no certificate for fails the handshake: an error', async () => {
    const result = await probe('unknown.example.test');
    expect(result.kind).toBe('error');
  });

  it('nothing listening is an error', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await probe('shop.example.test', { port: freePort })).toEqual({
      kind: 'error',
      code: 'ECONNREFUSED',
      message: expect.any(String),
    });
  });

  it('a server that never answers the handshake is an error after the timeout', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const result = await probe('shop.example.test', {
        port: (silent.address() as net.AddressInfo).port,
        timeoutMs: 200,
      });
      expect(result).toEqual({ kind: 'error', code: 'ETIMEDOUT', message: 'No TLS answer within 200 ms' });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe('the extra roots of KILN_TLS_PROBE_CA', () => {
  it('reads every certificate of a PEM bundle', () => {
    const bundle = path.join(dir, 'bundle.pem');
    fs.writeFileSync(bundle, `${ca.cert}\n${otherCa.cert}`);
    expect(readProbeCa(bundle)).toEqual([ca.cert.trim(), otherCa.cert.trim()]);
  });

  it('no file configured is no extra root', () => {
    expect(readProbeCa(undefined)).toBeUndefined();
  });

  it('a file without a certificate is refused', () => {
    const empty = path.join(dir, 'empty.pem');
    fs.writeFileSync(empty, 'not a certificate');
    expect(() => readProbeCa(empty)).toThrow('holds no PEM certificate');
  });
});
