/**
 * Issue 18 "Done when": no premium feature can be reached by a user whose subscription is not
 * trialing or active (spec §6, §7 getSubscription). A subscription row in each of Stripe's other
 * states (past_due, canceled, incomplete, unpaid) is refused every premium capability over HTTP
 * exactly as a user with no subscription is; trialing and active get past the premium check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPlan } from '../../src/server/billing/plan-cache.ts';
import { subscriptions } from '../../src/server/db/schema/index.ts';
import { chatData, generationForm, PNG_BYTES, signedUpUser } from './generation-helpers.ts';
import { createVersion } from './preview-helpers.ts';
import { createTestKiln, type TestClient } from './test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;
type Person = Awaited<ReturnType<typeof signedUpUser>>;

const HTML = [{ name: 'index.html', content: '<!doctype html>\n<html><body><h1>Hi</h1></body></html>' }];
const DAY_MS = 86_400_000;

interface Outcome {
  status: number;
  /** The refusal's error code and message (null for an answer that is not an error). */
  error: { code: string; message: string } | null;
}

async function outcome(response: Response): Promise<Outcome> {
  const text = await response.text();
  let error: Outcome['error'] = null;
  try {
    const body = JSON.parse(text) as { error?: { code: string; message: string } };
    if (body.error) error = { code: body.error.code, message: body.error.message };
  } catch {
    // Not JSON: a streamed generation.
  }
  return { status: response.status, error };
}

describe('premium is trialing or active only: every premium capability over HTTP', () => {
  let kiln: TestKiln;
  let author: Person;
  let authorChat: string;
  let counter = 0;

  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_DEMO_DELAY_MS: '0', KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true' });
    author = await signedUpUser(kiln, { name: 'Author' });
    authorChat = (await createVersion(kiln, { userId: author.userId, framework: 'html', files: HTML }))
      .chatId;
  });
  afterAll(async () => kiln?.close());

  /** A user whose only subscription row (as Stripe's webhooks store it) has `status`, mid-period. */
  async function userWithStatus(status: string | null): Promise<Person> {
    const person = await signedUpUser(kiln);
    if (status) {
      const now = Date.now();
      await kiln.services.db.insert(subscriptions).values({
        id: `sub_status_${++counter}`,
        userId: person.userId,
        status,
        currentPeriodStart: new Date(now - DAY_MS),
        currentPeriodEnd: new Date(now + 29 * DAY_MS),
        sourceUpdatedAt: new Date(now - DAY_MS),
      });
      forgetPlan(kiln.services.db, person.userId);
    }
    return person;
  }

  /** Tries each premium capability once, on the person's own two-version chat, in an order that leaves each possible. */
  async function tryEverything(person: Person): Promise<Record<string, Outcome>> {
    const { client, userId } = person;
    const n = ++counter;
    const { chatId } = await createVersion(kiln, { userId, framework: 'html', files: HTML });
    await createVersion(kiln, { userId, framework: 'html', files: HTML, chatId, version: 2 });
    const integration = await client.request('/api/integrations', {
      method: 'POST',
      json: {
        name: 'Shop DB',
        type: 'database',
        provider: 'supabase',
        credentials: {
          projectUrl: 'http://127.0.0.1:54321',
          anonKey: 'anon-key',
          serviceRoleKey: 'service-role-key',
          databaseUrl: 'postgresql://postgres:pw@127.0.0.1:5432/postgres',
        },
      },
    });
    expect(integration.status).toBe(201);
    const integrationId = ((await integration.json()) as { id: string }).id;
    const post = (path: string, json: unknown, c: TestClient = client) =>
      c.request(path, { method: 'POST', json });
    const results: Record<string, Outcome> = {};

    results.improvePrompt = await outcome(
      await post(`/api/chats/${chatId}/improve-prompt`, { prompt: 'a form' }),
    );
    results.uploadImage = await outcome(
      await client.request('/api/components', {
        method: 'POST',
        body: generationForm({ id: chatId, prompt: 'Like this' }, [
          new File([PNG_BYTES], 'shot.png', { type: 'image/png' }),
        ]),
      }),
    );
    await kiln.services.generation.settle();
    results.remix = await outcome(await post(`/api/chats/${authorChat}/remix`, { version: 1 }));
    results.enableIntegration = await outcome(
      await client.request(`/api/chats/${chatId}/integrations/database`, {
        method: 'PUT',
        json: { integrationId },
      }),
    );
    results.githubSync = await outcome(await post(`/api/chats/${chatId}/codehost/push`, { version: 1 }));
    results.deploy = await outcome(
      await post(`/api/chats/${chatId}/deployment`, { subdomain: `by-status-${n}`, version: 1 }),
    );
    results.customDomain = await outcome(
      await post(`/api/chats/${chatId}/custom-domain`, { domain: `by-status-${n}.example.com` }),
    );
    const { data } = await chatData(client, (await chatOf(chatId)).slug);
    results.deleteVersion = await outcome(
      await client.request(`/api/messages/${data.lastAssistantMessage.id}`, { method: 'DELETE' }),
    );
    results.changeVisibility = await outcome(
      await post(`/api/chats/${chatId}/visibility`, { isPublic: false }),
    );
    return results;
  }

  async function chatOf(chatId: string): Promise<{ slug: string }> {
    const chat = await kiln.services.db.query.chats.findFirst({ where: (c, { eq }) => eq(c.id, chatId) });
    if (!chat) throw new Error(`no chat ${chatId}`);
    return chat;
  }

  /** What a user with no subscription gets (tried once, whichever test asks first). */
  let free: Promise<Record<string, Outcome>> | undefined;
  const freeOutcomes = () => (free ??= userWithStatus(null).then(tryEverything));

  it('a user with no subscription is refused each one (402, the spec texts)', async () => {
    const results = await freeOutcomes();
    for (const [capability, result] of Object.entries(results)) {
      expect({ capability, status: result.status }).toEqual({ capability, status: 402 });
    }
    expect(results.deploy!.error!.message).toBe(
      'Deployment is a premium feature. Upgrade to deploy your applications.',
    );
    expect(results.uploadImage!.error!.code).toBe('payment-required-for-image');
  });

  it.each(['past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'])(
    'status %s is refused each one exactly like no subscription',
    async (status) => {
      const person = await userWithStatus(status);
      expect((await person.client.me()).isPremium).toBe(false);
      expect(await tryEverything(person)).toEqual(await freeOutcomes());
    },
  );

  it.each(['trialing', 'active'])('status %s gets past the premium check of each one', async (status) => {
    const person = await userWithStatus(status);
    expect((await person.client.me()).isPremium).toBe(true);
    const results = await tryEverything(person);
    const statuses = Object.fromEntries(
      Object.entries(results).map(([name, result]) => [name, result.status]),
    );
    expect(statuses).toEqual({
      improvePrompt: 200,
      uploadImage: 200,
      remix: 201,
      enableIntegration: 200,
      // Past the premium check, the next one: no GitHub repository is linked yet.
      githubSync: 409,
      deploy: 200,
      customDomain: 201,
      deleteVersion: 200,
      changeVisibility: 200,
    });
    expect(results.githubSync!.error!.code).toBe('no-repository');
  });
});
