import { describe, expect, it } from 'vitest';
import { sslStatusFrom, type ProbeResult } from './ssl-status.ts';

const now = new Date('2026-05-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const handshakeError: ProbeResult = {
  kind: 'error',
  code: 'ERR_SSL_TLSV1_ALERT_INTERNAL_ERROR',
  message: 'alert',
};
const untrusted: ProbeResult = { kind: 'untrusted', message: 'self-signed certificate' };

describe('SSL status from a TLS probe (spec §3 ssl_status: pending | active | expired | failed)', () => {
  it('a trusted certificate for the name is active', () => {
    expect(sslStatusFrom({ kind: 'valid', validTo: new Date('2026-08-01') }, minutesAgo(3), now)).toBe(
      'active',
    );
  });

  it('a certificate past its end date is expired', () => {
    expect(sslStatusFrom({ kind: 'expired', validTo: new Date('2026-04-01') }, minutesAgo(600), now)).toBe(
      'expired',
    );
  });

  it('no certificate yet is pending within the first hour after verification', () => {
    expect(sslStatusFrom(handshakeError, minutesAgo(5), now)).toBe('pending');
    expect(sslStatusFrom(untrusted, minutesAgo(60), now)).toBe('pending');
  });

  it('no trusted certificate more than an hour after verification has failed', () => {
    expect(sslStatusFrom(handshakeError, minutesAgo(61), now)).toBe('failed');
    expect(sslStatusFrom(untrusted, minutesAgo(24 * 60), now)).toBe('failed');
  });

  it('an unverified domain is pending whatever the handshake found', () => {
    expect(sslStatusFrom(handshakeError, null, now)).toBe('pending');
    expect(sslStatusFrom(untrusted, null, now)).toBe('pending');
  });
});
