/**
 * Custom-domain verification through a real DNS server (issue 14: "verification is tested through
 * it"): the records are served by tests/support/dns-server.ts on 127.0.0.1, read by the resolver
 * Kiln uses (createDnsLookup, node:dns with KILN_DNS_SERVERS) and judged by the core rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateDomainRecords } from '../../src/core/hosting/domain-verification.ts';
import { createDnsLookup, type DnsLookup } from '../../src/server/hosting/dns-lookup.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';

const KILN_HOST = 'kiln.test';
const PUBLIC_IPS = ['203.0.113.7', '2001:db8::7'];
const TOKEN = 'kiln-verify-8c1d0e52b7';

let dns: TestDnsServer;
let lookup: DnsLookup;

beforeAll(async () => {
  dns = await startDnsServer({ [KILN_HOST]: { A: ['203.0.113.7'] } });
  lookup = createDnsLookup({ servers: [dns.address] });
});
afterAll(async () => {
  await dns?.close();
});

async function verify(domain: string) {
  const { found, problems } = await lookup.records(domain);
  return evaluateDomainRecords({
    domain,
    token: TOKEN,
    kilnHost: KILN_HOST,
    publicIps: PUBLIC_IPS,
    found,
    problems,
  });
}

describe('verifying a custom domain through a real DNS server', () => {
  it('reads the TXT record, the CNAME and the addresses the server holds', async () => {
    dns.set('_kiln-verify.www.reads.example', { TXT: [TOKEN, ['v=spf1', ' -all']] });
    dns.set('www.reads.example', { CNAME: KILN_HOST });
    const { found, problems } = await lookup.records('www.reads.example');
    expect(problems).toEqual({});
    expect(found.txt.sort()).toEqual([TOKEN, 'v=spf1 -all'].sort());
    expect(found.cname).toEqual([KILN_HOST]);
    // The resolver follows the CNAME to Kiln's own A record.
    expect(found.addresses).toEqual(['203.0.113.7']);
    expect(await verify('www.reads.example')).toEqual({ success: true, error: null, warning: null });
  });

  it('a missing TXT record fails and names the host to add it at', async () => {
    dns.set('www.no-txt.example', { CNAME: KILN_HOST });
    expect(await verify('www.no-txt.example')).toEqual({
      success: false,
      error: `No TXT record found at _kiln-verify.www.no-txt.example. Add one with the value "${TOKEN}".`,
      warning: null,
    });
  });

  it('a wrong token fails and shows what the record holds', async () => {
    dns.set('_kiln-verify.www.wrong.example', { TXT: ['kiln-verify-0000'] });
    dns.set('www.wrong.example', { CNAME: KILN_HOST });
    const result = await verify('www.wrong.example');
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      `The TXT record at _kiln-verify.www.wrong.example is "kiln-verify-0000", expected "${TOKEN}".`,
    );
  });

  it('a CNAME to another host fails and names it', async () => {
    dns.set('_kiln-verify.shop.elsewhere.example', { TXT: [TOKEN] });
    dns.set('shop.elsewhere.example', { CNAME: 'shops.other-host.example' });
    dns.set('shops.other-host.example', { A: ['198.51.100.20'] });
    const result = await verify('shop.elsewhere.example');
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      'The CNAME record of shop.elsewhere.example points to shops.other-host.example, expected kiln.test.',
    );
  });

  it('an apex domain with an A record to Kiln’s public address succeeds', async () => {
    dns.set('_kiln-verify.apex.example', { TXT: [TOKEN] });
    dns.set('apex.example', { A: ['203.0.113.7'] });
    expect(await verify('apex.example')).toEqual({ success: true, error: null, warning: null });
  });

  it('an apex domain whose AAAA record points elsewhere succeeds with a warning naming it', async () => {
    dns.set('_kiln-verify.mixed.example', { TXT: [TOKEN] });
    dns.set('mixed.example', { A: ['203.0.113.7'], AAAA: ['2001:db8::99'] });
    const result = await verify('mixed.example');
    expect(result.success).toBe(true);
    expect(result.warning).toContain('mixed.example also points to 2001:db8::99');
  });

  it('a domain with no records asks for the CNAME or the A record', async () => {
    const result = await verify('nothing-here.example');
    expect(result.success).toBe(false);
    expect(result.error).toContain('No TXT record found at _kiln-verify.nothing-here.example.');
    expect(result.error).toContain(
      'No CNAME record found for nothing-here.example. Add a CNAME record nothing-here.example → kiln.test (or, for a root domain, an A record to 203.0.113.7, 2001:db8::7).',
    );
  });

  it('propagation later: verification fails until the records appear, then succeeds', async () => {
    const first = await verify('late.example');
    expect(first.success).toBe(false);
    expect(first.error).toContain('No TXT record found at _kiln-verify.late.example');

    dns.set('_kiln-verify.late.example', { TXT: [TOKEN] });
    const second = await verify('late.example');
    expect(second.success).toBe(false);
    expect(second.error).toBe(
      'No CNAME record found for late.example. Add a CNAME record late.example → kiln.test (or, for a root domain, an A record to 203.0.113.7, 2001:db8::7).',
    );

    dns.set('late.example', { CNAME: KILN_HOST });
    expect(await verify('late.example')).toEqual({ success: true, error: null, warning: null });
  });

  it('a TXT value too long for one UDP answer arrives whole (the resolver retries over TCP)', async () => {
    const long = `${TOKEN}-${'x'.repeat(1800)}`;
    const chunks = long.match(/.{1,255}/g)!;
    dns.set('_kiln-verify.long.example', { TXT: [chunks] });
    const { found, problems } = await lookup.records('long.example');
    expect(problems.txt).toBeUndefined();
    expect(found.txt).toEqual([long]);
    expect(dns.queries).toContain('tcp TXT _kiln-verify.long.example');
  });

  it('a server failure is a failed lookup to try again, not a missing record', async () => {
    dns.set('_kiln-verify.broken.example', { TXT: [TOKEN] });
    dns.behave('broken.example', 'servfail');
    const result = await verify('broken.example');
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      'The DNS lookup of broken.example failed (the DNS server answered SERVFAIL). Please try again in a few minutes.',
    );
  });

  it('a server that never answers is a failed lookup to try again', async () => {
    dns.behave('_kiln-verify.silent.example', 'drop');
    dns.set('silent.example', { CNAME: KILN_HOST });
    const quick = createDnsLookup({ servers: [dns.address], timeoutMs: 200 });
    const { found, problems } = await quick.records('silent.example');
    const result = evaluateDomainRecords({
      domain: 'silent.example',
      token: TOKEN,
      kilnHost: KILN_HOST,
      publicIps: PUBLIC_IPS,
      found,
      problems,
    });
    expect(result.error).toBe(
      'The DNS lookup of _kiln-verify.silent.example failed (no answer from the DNS server). Please try again in a few minutes.',
    );
  });
});
