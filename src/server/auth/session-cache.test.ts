import { describe, expect, it } from 'vitest';
import type { Auth } from './auth.ts';
import { createSessionCache, SESSION_CACHE_MS } from './session-cache.ts';

/** An auth whose getSession counts its calls and answers with the cookie it was given. */
function countingAuth() {
  let calls = 0;
  const auth = {
    api: {
      getSession: ({ headers }: { headers: Headers }) => {
        calls++;
        const cookie = headers.get('cookie');
        return Promise.resolve(cookie ? { user: { id: cookie }, session: {} } : null);
      },
    },
  } as unknown as Auth;
  return { auth, calls: () => calls };
}

const withCookie = (cookie?: string) => new Headers(cookie ? { cookie } : {});

describe('sessions reused per Cookie header for SESSION_CACHE_MS', () => {
  it('resolves a Cookie header once within the window, again after it', async () => {
    let now = 1_000;
    const { auth, calls } = countingAuth();
    const cache = createSessionCache(auth, () => now);
    expect(await cache.get(withCookie('a=1'))).toMatchObject({ user: { id: 'a=1' } });
    now += SESSION_CACHE_MS - 1;
    await cache.get(withCookie('a=1'));
    expect(calls()).toBe(1);
    await cache.get(withCookie('b=2'));
    expect(calls()).toBe(2);
    now += 2;
    await cache.get(withCookie('a=1'));
    expect(calls()).toBe(3);
  });

  it('forgets a Cookie header at once (sign-out, account changes)', async () => {
    const { auth, calls } = countingAuth();
    const cache = createSessionCache(auth, () => 0);
    await cache.get(withCookie('a=1'));
    cache.forget(withCookie('a=1'));
    await cache.get(withCookie('a=1'));
    expect(calls()).toBe(2);
  });

  it('never caches a request without cookies', async () => {
    const { auth, calls } = countingAuth();
    const cache = createSessionCache(auth, () => 0);
    expect(await cache.get(withCookie())).toBeNull();
    await cache.get(withCookie());
    expect(calls()).toBe(2);
  });
});
