import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, NO_RATE_LIMITS, parseRateLimits } from './config.ts';

const parsed = (value: string) => {
  const result = parseRateLimits(value);
  if (!result.ok) throw new Error(result.message);
  return result.limits;
};

describe('KILN_RATE_LIMITS', () => {
  it('keeps the defaults when unset or empty', () => {
    expect(parseRateLimits(undefined)).toEqual({ ok: true, limits: DEFAULT_RATE_LIMITS });
    expect(parseRateLimits('  ')).toEqual({ ok: true, limits: DEFAULT_RATE_LIMITS });
  });

  it('has a window for every action and both caps by default', () => {
    for (const rule of [
      ...Object.values(DEFAULT_RATE_LIMITS.user),
      ...Object.values(DEFAULT_RATE_LIMITS.address),
      ...Object.values(DEFAULT_RATE_LIMITS.account),
    ]) {
      expect(rule).not.toBeNull();
    }
    expect(DEFAULT_RATE_LIMITS.caps).toEqual({ 'generation-running': 3, 'build-queue': 5 });
  });

  it('reads max/duration in s, m, h and d, per user and @ip per address', () => {
    const limits = parsed('generation=5/30s, generation@ip=50/2m,sign-in=3/1h,tls-ask=9/1d');
    expect(limits.user.generation).toEqual({ max: 5, windowMs: 30_000 });
    expect(limits.address.generation).toEqual({ max: 50, windowMs: 120_000 });
    expect(limits.address['sign-in']).toEqual({ max: 3, windowMs: 3_600_000 });
    expect(limits.address['tls-ask']).toEqual({ max: 9, windowMs: 86_400_000 });
    // Everything not named keeps its default.
    expect(limits.user['chat-create']).toEqual(DEFAULT_RATE_LIMITS.user['chat-create']);
  });

  it('reads sign-in@account, the window of failed sign-ins per account', () => {
    expect(DEFAULT_RATE_LIMITS.account['sign-in']).toEqual({ max: 20, windowMs: 3_600_000 });
    const limits = parsed('sign-in@account=5/15m');
    expect(limits.account['sign-in']).toEqual({ max: 5, windowMs: 900_000 });
    // The address window is its own.
    expect(limits.address['sign-in']).toEqual(DEFAULT_RATE_LIMITS.address['sign-in']);
    expect(parsed('sign-in@account=off').account['sign-in']).toBeNull();
    expect(parsed('off').account['sign-in']).toBeNull();
    expect(parsed('*=7/1m').account['sign-in']).toEqual({ max: 7, windowMs: 60_000 });
  });

  it('turns one limit off, or all of them with the value off', () => {
    const limits = parsed('like=off,like@ip=off,build-queue=off');
    expect(limits.user.like).toBeNull();
    expect(limits.address.like).toBeNull();
    expect(limits.caps['build-queue']).toBeNull();
    expect(limits.caps['generation-running']).toBe(3);
    expect(parsed('off')).toEqual(NO_RATE_LIMITS);
  });

  it('* sets every window, later entries win, caps are counts', () => {
    const limits = parsed('*=1000/1m,chat-create=2/1h,generation-running=1');
    expect(limits.user.remix).toEqual({ max: 1000, windowMs: 60_000 });
    expect(limits.address.auth).toEqual({ max: 1000, windowMs: 60_000 });
    expect(limits.user['chat-create']).toEqual({ max: 2, windowMs: 3_600_000 });
    expect(limits.caps).toEqual({ 'generation-running': 1, 'build-queue': 5 });
  });

  it.each([
    ['chats=1/1m', '"chats" is not a limit'],
    ['sign-in@ip=1/1m', 'have an address limit of their own'],
    ['generation@user=1/1m', 'have an address limit of their own'],
    ['generation@account=1/1m', 'only sign-in@account is counted per account'],
    ['sign-up@account=1/1m', 'only sign-in@account is counted per account'],
    ['sign-in@account=5', 'max/duration'],
    ['generation=0/1m', 'max/duration'],
    ['generation=5/1w', 'max/duration'],
    ['generation=5', 'max/duration'],
    ['generation=-1/1m', 'max/duration'],
    ['generation=5/32d', 'at most 31d'],
    ['generation-running=0', 'a count'],
    ['generation-running=2/1m', 'a count'],
    ['generation', 'not name=value'],
    ['generation=1/1m=2', 'not name=value'],
  ])('refuses %s', (value, message) => {
    const result = parseRateLimits(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });
});
