import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll } from 'vitest';
import { grantPremium } from '../../src/server/billing/subscriptions.ts';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { createTestKiln, TestClient } from './test-app.ts';

export type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;

/**
 * Kiln wired to the fake OpenAI-protocol server (or Anthropic with `provider: 'anthropic'`);
 * `env` adds or overrides configuration (a port, the sandbox, build limits).
 */
export async function createKilnWithFakeLlm(
  provider: 'openai' | 'anthropic' = 'openai',
  env: Record<string, string> = {},
) {
  const llm: FakeLlm = await startFakeLlm();
  const providerEnv: Record<string, string> =
    provider === 'openai'
      ? { KILN_MODEL: 'openai:fake-model', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: llm.openaiBaseUrl }
      : {
          KILN_MODEL: 'anthropic:fake-claude',
          ANTHROPIC_API_KEY: 'test-key',
          ANTHROPIC_BASE_URL: llm.anthropicBaseUrl,
        };
  const kiln = await createTestKiln({ ...providerEnv, ...env });
  return { kiln, llm };
}

/**
 * Registers beforeAll/afterAll for a Kiln wired to a fake LLM; the returned object is filled
 * in before the first test runs.
 */
export function useKilnWithFakeLlm(provider: 'openai' | 'anthropic' = 'openai') {
  const context = {} as { kiln: TestKiln; llm: FakeLlm };
  beforeAll(async () => {
    Object.assign(context, await createKilnWithFakeLlm(provider));
  });
  afterAll(async () => {
    await context.kiln?.close();
    await context.llm?.close();
  });
  return context;
}

let counter = 0;

/** A signed-up user (optionally premium) with a client holding their session. */
export async function signedUpUser(kiln: TestKiln, options: { premium?: boolean; name?: string } = {}) {
  const client = new TestClient(kiln);
  const email = `user${++counter}-${Date.now()}@example.com`;
  await client.signUp(email, 'correct horse 1', options.name ?? 'Test User');
  const me = await client.me();
  const userId = me.user!.id;
  if (options.premium) await grantPremium(kiln.services.db, userId);
  return { client, userId, email };
}

export async function createChat(client: TestClient, framework = 'react', prompt = 'A pricing table') {
  const response = await client.request('/api/chats', { method: 'POST', json: { prompt, framework } });
  if (response.status !== 201) throw new Error(`createChat: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; slug: string };
}

export function generationForm(fields: Record<string, string | number | undefined>, files: File[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, String(value));
  for (const file of files) form.append('files', file);
  return form;
}

/** POST /api/components without reading the answer (the test decides when to read or leave). */
export function startGeneration(client: TestClient, chatId: string, prompt = 'A pricing table') {
  return client.request('/api/components', { method: 'POST', body: generationForm({ id: chatId, prompt }) });
}

/** POST /api/components and read the whole streamed answer. */
export async function generate(
  client: TestClient,
  fields: Record<string, string | number | undefined>,
  files: File[] = [],
) {
  const response = await client.request('/api/components', {
    method: 'POST',
    body: generationForm(fields, files),
  });
  const text = await response.text();
  return { response, text, version: Number(response.headers.get('x-kiln-version')) };
}

export async function chatData(client: TestClient, slug: string) {
  const response = await client.request(`/api/chats/by-slug/${slug}`);
  return { status: response.status, data: await response.json() };
}

/** A model answer in Kiln's markup. */
export function answer(title: string, files: Record<string, string>, extra = ''): string {
  const body = Object.entries(files)
    .map(([name, content]) => `<kilnFile name="${name}">\n${content}\n</kilnFile>`)
    .join('\n');
  return `<thinking>Plan the files.</thinking>\nHere it is.\n<kilnArtifact title="${title}">\n${body}\n</kilnArtifact>\n${extra}`;
}

export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
]);
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n',
);

type StatementRunner = (statement: unknown, ...rest: unknown[]) => Promise<unknown>;

/**
 * The SQL statements `work` sends to the embedded database (PGlite's `query` and `exec`), and how
 * many of them were sent when the fake model received its first request (null: it received none).
 * Only statements sent from `work`'s own async context count: the server's timers (job worker,
 * heartbeats) are not the request's.
 */
export async function statementsOf<T>(kiln: TestKiln, llm: FakeLlm | null, work: () => Promise<T>) {
  const client = (kiln.services.db as unknown as { $client: Record<'query' | 'exec', StatementRunner> })
    .$client;
  const scope = new AsyncLocalStorage<true>();
  const statements: string[] = [];
  let beforeModel: number | null = null;
  const originals = { query: client.query, exec: client.exec };
  for (const name of ['query', 'exec'] as const) {
    client[name] = function (this: unknown, statement, ...rest) {
      if (scope.getStore()) statements.push(String(statement).replace(/\s+/g, ' '));
      return originals[name].call(this, statement, ...rest);
    };
  }
  const requests = llm?.requests;
  const push = requests?.push;
  if (requests && push) {
    requests.push = (...items) => {
      beforeModel ??= statements.length;
      return push.apply(requests, items);
    };
  }
  try {
    const result = await scope.run(true, work);
    return { result, statements, beforeModel };
  } finally {
    client.query = originals.query;
    client.exec = originals.exec;
    if (requests && push) requests.push = push;
  }
}
