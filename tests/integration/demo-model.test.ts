import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSnapshot } from '../../src/core/artifact/index.ts';
import { chatData, createChat, generate, signedUpUser } from './generation-helpers.ts';
import { createTestKiln } from './test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;

describe('with no provider configured, the offline demo model generates real versions', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_DEMO_DELAY_MS: '0' });
  });
  afterAll(async () => kiln.close());

  it('says the demo model is in use', async () => {
    expect(await (await kiln.app.request('/api/ai')).json()).toEqual({ id: 'demo:kiln-demo', isDemo: true });
  });

  it('builds a Vue todo app, then makes it dark on a follow-up', async () => {
    const { client } = await signedUpUser(kiln);
    const chat = await createChat(client, 'vue', 'A todo app');
    const first = await generate(client, {
      id: chat.id,
      prompt: 'A todo app where I can add and check off tasks',
    });
    expect(first.response.status).toBe(200);
    expect(first.text).toContain('<thinking>');
    await kiln.services.generation.settle();
    let { data } = await chatData(client, chat.slug);
    const v1 = parseSnapshot(data.snapshots[1]);
    expect(v1.files.map((f) => f.name)).toContain('src/App.vue');
    expect(data.chat.title).toMatch(/todo/i);

    const second = await generate(client, { id: chat.id, prompt: 'Make it dark', selectedVersion: 1 });
    expect(second.version).toBe(2);
    await kiln.services.generation.settle();
    ({ data } = await chatData(client, chat.slug));
    const v2 = parseSnapshot(data.snapshots[2]);
    const changed = v2.files.filter(
      (file) => v1.files.find((old) => old.name === file.name)?.content !== file.content,
    );
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.map((f) => f.content).join('\n')).toMatch(/dark|bg-(slate|gray|zinc|neutral)-9/);
  });
});
