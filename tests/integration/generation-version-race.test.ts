import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chunkText } from '../fixtures/fake-llm/server.ts';
import { answer, createChat, generate, signedUpUser, useKilnWithFakeLlm } from './generation-helpers.ts';

/**
 * A version made without the AI (restore, instructions, text edit) can take the next version
 * number between a generation's read of the highest version and its insert. The chat's unique
 * (chat, role, version) index decides: the generation loses, and must say so with 409 — not 500.
 */
describe('a generation that loses the next version number to another writer', () => {
  const ctx = useKilnWithFakeLlm();

  it('answers 409 generation-in-progress, and the model is never called', async () => {
    const owner = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await createChat(owner.client, 'html');
    ctx.llm.enqueue({ chunks: chunkText(answer('One', { 'index.html': '<h1>One</h1>' })) });
    expect((await generate(owner.client, { id: chat.id, prompt: 'One' })).response.status).toBe(200);
    await ctx.kiln.services.generation.settle();

    // Deterministically the race: when the generation inserts its user message, another
    // writer's answer with the same version number is stored first (as a restore would).
    const { db } = ctx.kiln.services;
    await db.execute(sql`
      create or replace function kiln_test_take_version() returns trigger language plpgsql as $$
      begin
        if new.role = 'user' and new.content = 'Two' then
          insert into messages (id, chat_id, role, version, content)
          values (gen_random_uuid(), new.chat_id, 'assistant', new.version, 'Restored');
        end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger kiln_test_take_version before insert on messages
      for each row execute function kiln_test_take_version()`);
    try {
      const calls = ctx.llm.requests.length;
      const { response, text } = await generate(owner.client, { id: chat.id, prompt: 'Two' });
      expect(response.status, text).toBe(409);
      expect(JSON.parse(text).error.code).toBe('generation-in-progress');
      expect(ctx.llm.requests.length).toBe(calls);
    } finally {
      await db.execute(sql`drop trigger kiln_test_take_version on messages`);
    }
  });
});
