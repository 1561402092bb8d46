import { eq, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/db/schema/index.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { answer, createChat, generate, signedUpUser } from './generation-helpers.ts';
import { createTestKiln } from './test-app.ts';

const ANON_KEY = 'anon-key-public-7e2d1a';
const SERVICE_ROLE_KEY = 'service-role-secret-3c4d5e';
const DB_PASSWORD = 'dbpasswordsecret8f9a0b';
const MIGRATION = 'supabase/migrations/20260101000000_guest_book.sql';
const MIGRATION_SQL = `create table guest_book (id bigint generated always as identity primary key, name text not null);
alter table guest_book enable row level security;
create policy "anyone reads" on guest_book for select using (true);`;

/** The system prompt of the model's last request (OpenAI protocol). */
function lastSystemPrompt(llm: FakeLlm): string {
  const body = llm.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
  const system = body.messages.find((message) => message.role === 'system');
  return typeof system?.content === 'string' ? system.content : JSON.stringify(system?.content);
}

describe('what the model is told about integrations (issue 16 item 3)', () => {
  let llm: FakeLlm;
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;

  beforeAll(async () => {
    llm = await startFakeLlm();
    kiln = await createTestKiln({
      KILN_MODEL: 'openai:fake-model',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: llm.openaiBaseUrl,
      KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true',
    });
  });
  afterAll(async () => {
    await kiln?.close();
    await llm?.close();
  });

  it('tells the model the enabled database, the public variable names and the tables already created, never a secret', async () => {
    const ada = await signedUpUser(kiln, { name: 'Ada', premium: true });
    const created = await ada.client.request('/api/integrations', {
      method: 'POST',
      json: {
        name: 'Guest DB',
        type: 'database',
        provider: 'supabase',
        credentials: {
          projectUrl: 'http://127.0.0.1:54321',
          anonKey: ANON_KEY,
          serviceRoleKey: SERVICE_ROLE_KEY,
          databaseUrl: `postgresql://postgres:${DB_PASSWORD}@127.0.0.1:5432/postgres`,
        },
      },
    });
    expect(created.status).toBe(201);
    const { id: integrationId } = (await created.json()) as { id: string };
    const chat = await createChat(ada.client, 'react', 'A guest book');
    const enabled = await ada.client.request(`/api/chats/${chat.id}/integrations/database`, {
      method: 'PUT',
      json: { integrationId },
    });
    expect(enabled.status).toBe(200);

    // Version 1 writes the migration; it is then recorded as run, as the migration runner does.
    llm.enqueue({
      chunks: chunkText(
        answer('Guest book', { [MIGRATION]: MIGRATION_SQL, 'src/App.tsx': 'export default () => null;' }),
      ),
    });
    const first = await generate(ada.client, { id: chat.id, prompt: 'A guest book' });
    expect(first.response.status).toBe(200);
    const firstPrompt = lastSystemPrompt(llm);
    expect(firstPrompt).toContain('## Integrations enabled in this chat');
    expect(firstPrompt).toContain('No tables exist yet');
    await kiln.services.db
      .update(messages)
      .set({ migrationsExecuted: [{ name: MIGRATION, executed_at: new Date().toISOString() }] })
      .where(and(eq(messages.chatId, chat.id), eq(messages.role, 'assistant'), eq(messages.version, 1)));

    llm.enqueue({ chunks: chunkText(answer('Guest book', { 'src/App.tsx': 'export default () => null;' })) });
    const second = await generate(ada.client, {
      id: chat.id,
      prompt: 'Add an e-mail column',
      selectedVersion: 1,
    });
    expect(second.response.status).toBe(200);
    const system = lastSystemPrompt(llm);
    expect(system).toContain('@supabase/supabase-js');
    expect(system).toContain('import.meta.env.VITE_SUPABASE_URL');
    expect(system).toContain('- VITE_SUPABASE_ANON_KEY');
    expect(system).toContain('enable row level security');
    expect(system).toContain('supabase/migrations/{timestamp}_{name}.sql');
    expect(system).toContain('  - guest_book (id, name)');
    expect(system).toContain('Do not recreate them');
    // No secret, nor even the public anon key's value, reaches any request to the model.
    const sent = JSON.stringify(llm.requests);
    for (const value of [ANON_KEY, SERVICE_ROLE_KEY, DB_PASSWORD]) expect(sent).not.toContain(value);
  });
});
