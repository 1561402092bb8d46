import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { rateLimits } from '../../src/server/db/schema/index.ts';
import { createChat, signedUpUser } from './generation-helpers.ts';
import { createVersion } from './preview-helpers.ts';
import { createTestKiln, TestClient } from './test-app.ts';

/**
 * Issue 21 item 2: abuse limits. Each window is set small in the test (KILN_RATE_LIMITS) and
 * long (an hour), so what is refused depends on counts, never on the clock. Requests come from
 * the app in process (a loopback peer, a trusted proxy), so X-Forwarded-For names the client.
 */
type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;

const from = (address: string) => ({ 'x-forwarded-for': address });

async function expectTooMany(response: Response, code = 'rate-limited') {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  const body = (await response.json()) as { error: { code: string; message: string; retryAfter: number } };
  expect(body.error.code).toBe(code);
  expect(body.error.retryAfter).toBe(retryAfter);
  return body.error;
}

describe('sign-in and sign-up limits (Better Auth, counted in the database)', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_RATE_LIMITS: 'sign-in=10/1h,sign-up=4/1h' });
  });
  afterAll(async () => kiln?.close());

  it('30 wrong passwords in a row: the first 10 are answered, then 429 with Retry-After', async () => {
    await new TestClient(kiln).signUp('target@example.com');
    const attacker = new TestClient(kiln);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await attacker.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: 'target@example.com', password: `guess ${attempt}` },
        headers: from('203.0.113.5'),
      });
      statuses.push(response.status);
      if (attempt === 10) {
        const error = await expectTooMany(response);
        expect(error.message).toMatch(
          /^Too many sign-in attempts in a short time\. Try again in \d+ minutes?\.$/,
        );
        expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(20).fill(429)]);
    // Even the right password waits: the address is out of tries.
    const right = await attacker.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'target@example.com', password: 'correct horse 1' },
      headers: from('203.0.113.5'),
    });
    expect(right.status).toBe(429);
    // Another address signs in as usual.
    const owner = await new TestClient(kiln).request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'target@example.com', password: 'correct horse 1' },
      headers: from('198.51.100.8'),
    });
    expect(owner.status).toBe(200);
    // Better Auth's counters live in the shared table, so every process sees them.
    const rows = await kiln.services.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, '203.0.113.5|/sign-in/email'));
    expect(rows).toHaveLength(1);
  });

  it('a client cannot pick its own address with X-Kiln-Client-Address', async () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await new TestClient(kiln).request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: 'nobody@example.com', password: 'guess' },
        headers: { ...from('203.0.113.6'), 'x-kiln-client-address': `192.0.2.${attempt}` },
      });
      expect(response.status).toBe(attempt < 10 ? 401 : 429);
    }
  });

  it('sign-ups from one address: 4, then 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await new TestClient(kiln).request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email: `many${index}@example.com`, password: 'correct horse 1', name: 'Many' },
        headers: from('203.0.113.77'),
      });
      statuses.push(response.status);
      if (index === 4) expect((await expectTooMany(response)).message).toContain('Too many new accounts');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('failed sign-ins per account, whatever the address (issue 31 item 6)', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_RATE_LIMITS: 'sign-in=10/1h,sign-in@account=12/1h' });
  });
  afterAll(async () => kiln?.close());

  const signIn = (email: string, password: string, address: string) =>
    new TestClient(kiln).request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password },
      headers: from(address),
    });
  /** Address `index` of many an attacker holds (each far below its own window of 10). */
  const attacker = (index: number) => `198.18.${Math.floor(index / 200)}.${(index % 200) + 1}`;

  it('13 addresses × wrong passwords for one account: 12 are answered, then 429 from any address', async () => {
    // Signing up signs in from the loopback address: the owner's usual place.
    await new TestClient(kiln).signUp('victim@example.com');
    await new TestClient(kiln).signUp('bystander@example.com');
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let round = 0; round < 2; round++) {
      for (let index = 0; index < 13; index++) {
        // Spelled differently each time: still one account.
        const email = round === 0 ? 'victim@example.com' : ' Victim@EXAMPLE.com';
        const response = await signIn(email, `guess ${round} ${index}`, attacker(index));
        statuses.push(response.status);
        if (response.status === 429) refused ??= response;
      }
    }
    expect(statuses).toEqual([...Array(12).fill(401), ...Array(14).fill(429)]);
    const error = await expectTooMany(refused!);
    expect(error.message).toMatch(
      /^Too many failed sign-ins to this account in a short time\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(refused!.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    // A fresh address with the right password waits too: a lock that checked passwords would
    // still answer guesses.
    expect((await signIn('victim@example.com', 'correct horse 1', '192.0.2.200')).status).toBe(429);
    // The owner signs in where they signed in before (their address's own window holds there).
    expect((await new TestClient(kiln).signIn('victim@example.com')).status).toBe(200);
    // Another account is unaffected, from the very same addresses.
    expect((await signIn('bystander@example.com', 'wrong', attacker(0))).status).toBe(401);
    expect((await signIn('bystander@example.com', 'correct horse 1', attacker(1))).status).toBe(200);
    // Counted under a digest of the account, never the address in clear.
    const rows = await kiln.services.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, 'kiln:sign-in:%'));
    expect(rows.some((row) => row.key.includes('victim'))).toBe(false);
    expect(rows.filter((row) => row.key.startsWith('kiln:sign-in:account:')).map((row) => row.count)).toEqual(
      expect.arrayContaining([12]),
    );
  });

  it('an address without an account is refused the same way (a 429 tells nobody who has one)', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 14; index++) {
      statuses.push((await signIn('nobody-here@example.com', 'guess', attacker(100 + index))).status);
    }
    expect(statuses).toEqual([...Array(12).fill(401), 429, 429]);
  });

  it('only failures count: right passwords never fill the window, and guesses sent at once are counted exactly', async () => {
    await new TestClient(kiln).signUp('busy@example.com');
    for (let index = 0; index < 15; index++) {
      expect((await signIn('busy@example.com', 'correct horse 1', attacker(300 + index))).status).toBe(200);
    }
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        signIn('busy@example.com', `guess ${index}`, attacker(400 + index)),
      ),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(12);
    expect(statuses.filter((status) => status === 429)).toHaveLength(18);
  });
});

describe('sign-up and password reset do not tell whether an account exists', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln();
  });
  afterAll(async () => kiln?.close());

  const signUp = (email: string, password: string) =>
    new TestClient(kiln).request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password, name: 'Someone' },
    });

  it('an address with an account gets the answer a new address gets, and nothing changes', async () => {
    await new TestClient(kiln).signUp('taken@example.com', 'the real password');
    const existing = await signUp('taken@example.com', 'attacker password 1');
    const fresh = await signUp('fresh@example.com', 'attacker password 1');
    expect(existing.status).toBe(fresh.status);
    expect(existing.status).toBe(200);
    // Neither signs anyone in, so no cookie tells them apart either.
    expect(existing.headers.getSetCookie()).toEqual([]);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      user: Object.keys(body.user).sort(),
      email: body.user.email,
      name: body.user.name,
      emailVerified: body.user.emailVerified,
    });
    const existingBody = shape(await existing.json());
    const freshBody = shape(await fresh.json());
    expect({ ...existingBody, email: 'x' }).toEqual({ ...freshBody, email: 'x' });
    expect(existingBody.email).toBe('taken@example.com');
    // The account keeps its password and its name.
    expect((await new TestClient(kiln).signIn('taken@example.com', 'attacker password 1')).status).toBe(401);
    const owner = new TestClient(kiln);
    expect((await owner.signIn('taken@example.com', 'the real password')).status).toBe(200);
    expect((await owner.me()).user?.fullName).toBe('Ada Lovelace');
  });

  it('a password reset is answered the same for a known and an unknown address', async () => {
    const ask = (email: string) =>
      new TestClient(kiln).request('/api/auth/request-password-reset', {
        method: 'POST',
        json: { email, redirectTo: '/reset' },
      });
    const known = await ask('taken@example.com');
    const unknown = await ask('nobody-here@example.com');
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());
  });
});

describe('limits on chats, likes, remixes, clones, generations, rebuilds and the TLS ask', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln({
      KILN_RATE_LIMITS:
        'chat-create=10/1h,chat-create@ip=15/1h,like=3/1h,remix=3/1h,clone=2/1h,generation=2/1h,' +
        'build=10/1h,build-queue=off,tls-ask=3/1h',
      KILN_MODEL: 'demo',
    });
  });
  afterAll(async () => kiln?.close());

  it('100 chats as fast as possible: 10 are made, then 429 with Retry-After, per user', async () => {
    const { client } = await signedUpUser(kiln);
    const made = await Promise.all(
      Array.from({ length: 100 }, () =>
        client.request('/api/chats', {
          method: 'POST',
          json: { prompt: 'A pricing table' },
          headers: from('203.0.113.10'),
        }),
      ),
    );
    const statuses = made.map((response) => response.status);
    // Counted exactly even when they all arrive at once.
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    const refused = made.find((response) => response.status === 429)!;
    expect((await expectTooMany(refused)).message).toMatch(/^Too many new components in a short time\./);
    // From another address the same user is still refused (counted per user)...
    const elsewhere = await client.request('/api/chats', {
      method: 'POST',
      json: { prompt: 'A pricing table' },
      headers: from('198.51.100.10'),
    });
    expect(elsewhere.status).toBe(429);
    // ...while another user makes chats.
    const other = await signedUpUser(kiln);
    expect((await createChat(other.client)).id).toBeTruthy();
  });

  it('counts per address too: many users from one address share its window', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      const { client } = await signedUpUser(kiln);
      for (let chat = 0; chat < 5; chat++) {
        const response = await client.request('/api/chats', {
          method: 'POST',
          json: { prompt: 'A pricing table' },
          headers: from('203.0.113.20'),
        });
        statuses.push(response.status);
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(15);
    expect(statuses.slice(15)).toEqual(Array(5).fill(429));
  });

  it('likes, remixes and clones each have their window', async () => {
    const owner = await signedUpUser(kiln);
    const { chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: '<h1>Hi</h1>' }],
    });
    // Remixing is a premium capability.
    const fan = await signedUpUser(kiln, { premium: true });
    const likes = [];
    for (let index = 0; index < 4; index++) {
      likes.push(await fan.client.request(`/api/chats/${chatId}/like`, { method: 'POST', json: {} }));
    }
    expect(likes.map((response) => response.status)).toEqual([200, 200, 200, 429]);
    expect((await expectTooMany(likes[3]!)).message).toContain('Too many likes');

    const remixes = [];
    for (let index = 0; index < 4; index++) {
      remixes.push(
        await fan.client.request(`/api/chats/${chatId}/remix`, { method: 'POST', json: { version: 1 } }),
      );
    }
    expect(remixes.map((response) => response.status)).toEqual([201, 201, 201, 429]);
    expect((await expectTooMany(remixes[3]!)).message).toContain('Too many remixes');

    // Refused requests count too (an invalid address here): the window is about asking.
    const clones = [];
    for (let index = 0; index < 3; index++) {
      clones.push(await fan.client.request('/api/clone', { method: 'POST', json: { url: 'not a url' } }));
    }
    expect(clones.map((response) => response.status)).toEqual([400, 400, 429]);
    expect((await expectTooMany(clones[2]!)).message).toContain('Too many website clones');
  });

  it('generation requests: the window is counted before the body is read', async () => {
    const { client } = await signedUpUser(kiln);
    const { id } = await createChat(client);
    const answers = [];
    for (let index = 0; index < 3; index++) {
      const form = new FormData();
      form.set('prompt', '');
      answers.push(await client.request(`/api/components?id=${id}`, { method: 'POST', body: form }));
    }
    expect(answers.map((response) => response.status)).toEqual([400, 400, 429]);
    expect((await expectTooMany(answers[2]!)).message).toContain('Too many versions requested');
  });

  it('90 rebuilds in a row: 10 are queued, then 429 with Retry-After', async () => {
    const { client, userId } = await signedUpUser(kiln);
    const { chatId } = await createVersion(kiln, {
      userId,
      framework: 'html',
      files: [{ name: 'index.html', content: '<h1>Hi</h1>' }],
    });
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let index = 0; index < 90; index++) {
      const response = await client.request(`/api/chats/${chatId}/preview/1/rebuild`, {
        method: 'POST',
        json: {},
      });
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
    }
    expect(statuses).toEqual([...Array(10).fill(202), ...Array(80).fill(429)]);
    expect((await expectTooMany(refused!)).message).toContain('Too many rebuilds');
  });

  it('the TLS ask endpoint answers 429 (never 200) once an address asked too often', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await kiln.app.request(`/api/tls/ask?domain=guess${index}.example.com`, {
        headers: from('203.0.113.30'),
      });
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });

  it("Kiln's windows share the rate_limits table under their own prefix, one row each", async () => {
    const rows = await kiln.services.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, 'kiln:tls-ask:%'));
    // Four counted: three admitted and the one that found the window full. The fifth was refused
    // from memory (a full window stays full until it ends: core/limits/lease.ts).
    expect(rows.map((row) => [row.key, row.count])).toEqual([['kiln:tls-ask:ip:203.0.113.30', 4]]);
  });
});

describe('caps: generations at once and builds waiting, per user', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    // The demo model waits ten minutes before each chunk: a generation started here is still
    // running when the next request arrives, however slow the machine. No build worker runs,
    // so queued builds stay queued.
    kiln = await createTestKiln({
      KILN_RATE_LIMITS: 'generation-running=1,build-queue=2',
      KILN_MODEL: 'demo',
      KILN_DEMO_DELAY_MS: '600000',
    });
  });
  afterAll(async () => kiln?.close());

  const generate = (client: TestClient, chatId: string) => {
    const form = new FormData();
    form.set('prompt', 'A pricing table');
    return client.request(`/api/components?id=${chatId}`, { method: 'POST', body: form });
  };
  const stop = (who: TestClient, chatId: string) =>
    who.request(`/api/components/${chatId}/stop`, { method: 'POST', json: {} });

  it('a second generation at once is 429 too-many-generations; another user still generates', async () => {
    const { client } = await signedUpUser(kiln, { premium: true });
    const first = await createChat(client);
    const second = await createChat(client);
    const running = await generate(client, first.id);
    expect(running.status).toBe(200);
    const refused = await generate(client, second.id);
    const error = await expectTooMany(refused, 'too-many-generations');
    expect(error.message).toBe(
      'You already have 1 version being generated. Wait for one to finish, then try again.',
    );
    // Nothing was stored or spent for the refused one.
    const data = await (await client.request(`/api/chats/by-slug/${second.slug}`)).json();
    expect(data.messages).toEqual([]);

    const other = await signedUpUser(kiln, { premium: true });
    const theirs = await generate(other.client, (await createChat(other.client)).id);
    expect(theirs.status).toBe(200);

    // Once stopped (its stream ends when the version is stored), the user generates again.
    await stop(client, first.id);
    await running.text();
    const again = await generate(client, second.id);
    expect(again.status).toBe(200);
    await stop(client, second.id);
    await again.text();
    await stop(other.client, theirs.headers.get('x-kiln-chat-id')!);
    await theirs.text();
  });

  it('two generations asked at the same moment with one place left: exactly one starts', async () => {
    const { client } = await signedUpUser(kiln, { premium: true });
    const chats = [await createChat(client), await createChat(client)];
    const answers = await Promise.all(chats.map((chat) => generate(client, chat.id)));
    expect(answers.map((response) => response.status).sort()).toEqual([200, 429]);
    const started = answers.find((response) => response.status === 200)!;
    await stop(client, started.headers.get('x-kiln-chat-id')!);
    await started.text();
  });

  it('rebuilds of a third version while two wait: 429 build-queue-full; asking again for a waiting one is fine', async () => {
    const { client, userId } = await signedUpUser(kiln);
    const files = [{ name: 'src/App.tsx', content: 'export default function App() { return <h1>Hi</h1>; }' }];
    const chats = [];
    for (let index = 0; index < 3; index++) {
      chats.push((await createVersion(kiln, { userId, framework: 'react', files })).chatId);
    }
    const rebuild = (chatId: string) =>
      client.request(`/api/chats/${chatId}/preview/1/rebuild`, { method: 'POST', json: {} });
    expect((await rebuild(chats[0]!)).status).toBe(202);
    expect((await rebuild(chats[1]!)).status).toBe(202);
    const error = await expectTooMany(await rebuild(chats[2]!), 'build-queue-full');
    expect(error.message).toBe(
      'You already have 2 builds waiting to start. Wait for one to finish, then try again.',
    );
    expect((await rebuild(chats[0]!)).status).toBe(202);
    // Another owner's build still queues.
    const other = await signedUpUser(kiln);
    const theirs = await createVersion(kiln, { userId: other.userId, framework: 'react', files });
    const response = await other.client.request(`/api/chats/${theirs.chatId}/preview/1/rebuild`, {
      method: 'POST',
      json: {},
    });
    expect(response.status).toBe(202);
  });
});
