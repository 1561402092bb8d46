import { describe, expect, it } from 'vitest';
import { evaluateDomainRecords, verificationTxtHost, type FoundRecords } from './domain-verification.ts';

const token = 'kiln-verify-3f9a1c';
const base = { domain: 'shop.example.com', token, kilnHost: 'kiln.app', publicIps: ['203.0.113.7'] };

function verify(
  found: Partial<FoundRecords>,
  extra: Partial<Parameters<typeof evaluateDomainRecords>[0]> = {},
) {
  return evaluateDomainRecords({ ...base, found: { txt: [], cname: [], addresses: [], ...found }, ...extra });
}

const good = { txt: [token], cname: ['kiln.app'] };

describe('the TXT record host (spec: _{brand}-verify.{domain})', () => {
  it('is _kiln-verify.{domain}', () => {
    expect(verificationTxtHost('example.com')).toBe('_kiln-verify.example.com');
  });
});

describe('ownership: the TXT record holds the verification token', () => {
  it('succeeds with the token and a CNAME to Kiln', () => {
    expect(verify(good)).toEqual({ success: true, error: null, warning: null });
  });

  it('accepts the token pasted with quotes or spaces around it', () => {
    expect(verify({ ...good, txt: [` "${token}" `] }).success).toBe(true);
  });

  it('accepts the token among other TXT records at the host', () => {
    expect(verify({ ...good, txt: ['v=spf1 -all', token] }).success).toBe(true);
  });

  it('a missing TXT record names the host and the value to add', () => {
    const result = verify({ ...good, txt: [] });
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      `No TXT record found at _kiln-verify.shop.example.com. Add one with the value "${token}".`,
    );
  });

  it('a wrong TXT value says what was found and what is expected', () => {
    expect(verify({ ...good, txt: ['abc'] }).error).toBe(
      `The TXT record at _kiln-verify.shop.example.com is "abc", expected "${token}".`,
    );
  });

  it('several wrong TXT values are all shown', () => {
    expect(verify({ ...good, txt: ['abc', 'def'] }).error).toBe(
      `The TXT records at _kiln-verify.shop.example.com are "abc", "def"; none is the expected "${token}".`,
    );
  });

  it('the token must match exactly, not as a part', () => {
    expect(verify({ ...good, txt: [`${token}x`] }).success).toBe(false);
    expect(verify({ ...good, txt: [token.toUpperCase()] }).success).toBe(false);
  });

  it('a failed TXT lookup asks to try again instead of calling the record missing', () => {
    const result = verify({ ...good, txt: [] }, { problems: { txt: 'queryTxt ETIMEOUT' } });
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      'The DNS lookup of _kiln-verify.shop.example.com failed (queryTxt ETIMEOUT). Please try again in a few minutes.',
    );
  });
});

describe('routing: the domain reaches Kiln', () => {
  it('a CNAME to Kiln is matched without regard to case or the trailing dot', () => {
    expect(verify({ txt: [token], cname: ['KILN.App.'] }).success).toBe(true);
  });

  it('a CNAME to Kiln is enough even when the address lookup failed', () => {
    expect(verify(good, { problems: { addresses: 'queryA ESERVFAIL' } })).toEqual({
      success: true,
      error: null,
      warning: null,
    });
  });

  it('an apex domain with an A record to Kiln’s public address succeeds', () => {
    expect(verify({ txt: [token], addresses: ['203.0.113.7'] })).toEqual({
      success: true,
      error: null,
      warning: null,
    });
  });

  it('an AAAA record to Kiln’s address matches however the address is written', () => {
    const result = verify(
      { txt: [token], addresses: ['2001:db8::7'] },
      { publicIps: ['2001:DB8:0:0::0007'] },
    );
    expect(result.success).toBe(true);
  });

  it('addresses partly Kiln’s succeed with a warning naming the stray one', () => {
    const result = verify({ txt: [token], addresses: ['203.0.113.7', '2001:db8::99'] });
    expect(result.success).toBe(true);
    expect(result.error).toBeNull();
    expect(result.warning).toBe(
      "shop.example.com also points to 2001:db8::99, which is not Kiln's address: visitors sent there will not reach your site. Remove that record.",
    );
  });

  it('a CNAME chain whose addresses are all Kiln’s reaches Kiln', () => {
    expect(verify({ txt: [token], cname: ['alias.example.net'], addresses: ['203.0.113.7'] }).success).toBe(
      true,
    );
  });

  it('a CNAME pointing elsewhere names where it points', () => {
    const result = verify({ txt: [token], cname: ['shops.myshopify.com.'], addresses: ['23.227.38.65'] });
    expect(result).toEqual({
      success: false,
      error: 'The CNAME record of shop.example.com points to shops.myshopify.com, expected kiln.app.',
      warning: null,
    });
  });

  it('no CNAME and no address asks for the CNAME or an A record to Kiln’s addresses', () => {
    expect(verify({ txt: [token] }).error).toBe(
      'No CNAME record found for shop.example.com. Add a CNAME record shop.example.com → kiln.app (or, for a root domain, an A record to 203.0.113.7).',
    );
  });

  it('without KILN_PUBLIC_IPS only the CNAME is offered, and an A record is not accepted', () => {
    expect(verify({ txt: [token] }, { publicIps: [] }).error).toBe(
      'No CNAME record found for shop.example.com. Add a CNAME record shop.example.com → kiln.app.',
    );
    expect(verify({ txt: [token], addresses: ['203.0.113.7'] }, { publicIps: [] }).success).toBe(false);
  });

  it('addresses that are not Kiln’s are named', () => {
    expect(verify({ txt: [token], addresses: ['198.51.100.4'] }).error).toBe(
      'shop.example.com points to 198.51.100.4, which is not Kiln. Add a CNAME record shop.example.com → kiln.app (or, for a root domain, an A record to 203.0.113.7).',
    );
  });

  it('a failed CNAME or address lookup with nothing found asks to try again', () => {
    const expected =
      'The DNS lookup of shop.example.com failed (queryCname ETIMEOUT). Please try again in a few minutes.';
    expect(verify({ txt: [token] }, { problems: { cname: 'queryCname ETIMEOUT' } }).error).toBe(expected);
    expect(verify({ txt: [token] }, { problems: { addresses: 'queryCname ETIMEOUT' } }).error).toBe(expected);
  });
});

describe('both records wrong', () => {
  it('reports the TXT and the CNAME problem together', () => {
    const result = verify({});
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      `No TXT record found at _kiln-verify.shop.example.com. Add one with the value "${token}". ` +
        'No CNAME record found for shop.example.com. Add a CNAME record shop.example.com → kiln.app (or, for a root domain, an A record to 203.0.113.7).',
    );
  });
});
