import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSnapshot } from '../../src/core/artifact/index.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createVersion } from './preview-helpers.ts';
import { createTestKiln } from './test-app.ts';

const APP = [
  'export default function App() {',
  '  return (',
  '    <main>',
  '      <h1 className="title">Simple pricing</h1>',
  '      <p>{subtitle}</p>',
  '    </main>',
  '  );',
  '}',
].join('\n');

describe('POST /api/chats/:id/versions/:version/text-edit (issue 17 item 2)', () => {
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  beforeAll(async () => {
    kiln = await createTestKiln();
  });
  afterAll(async () => kiln?.close());

  const edit = (client: Awaited<ReturnType<typeof signedUpUser>>['client'], chatId: string, body: unknown) =>
    client.request(`/api/chats/${chatId}/versions/1/text-edit`, { method: 'POST', json: body });

  it("stores a new version with the element's text changed in its file, without the model", async () => {
    const owner = await signedUpUser(kiln);
    const { chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'react',
      files: [
        { name: 'src/App.tsx', content: APP },
        { name: 'src/other.ts', content: 'export const x = 1;' },
      ],
    });
    const response = await edit(owner.client, chatId, {
      file: 'src/App.tsx',
      line: 4,
      before: 'Simple pricing',
      after: 'Fair pricing',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ version: 2 });
    const snapshot = await (await owner.client.request(`/api/chats/${chatId}/versions/2/snapshot`)).json();
    const files = parseSnapshot(snapshot.artifactCode).files;
    expect(files.find((file) => file.name === 'src/App.tsx')!.content).toBe(
      APP.replace('Simple pricing', 'Fair pricing'),
    );
    expect(files.find((file) => file.name === 'src/other.ts')!.content).toBe('export const x = 1;');
  });

  it('refuses text the source does not hold, markup, a missing file and a stranger', async () => {
    const owner = await signedUpUser(kiln);
    const { chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'react',
      files: [{ name: 'src/App.tsx', content: APP }],
    });
    const expression = await edit(owner.client, chatId, {
      file: 'src/App.tsx',
      line: 5,
      before: 'Plans',
      after: 'x',
    });
    expect(expression.status).toBe(422);
    expect((await expression.json()).error.code).toBe('text-edit-not-found');
    const markup = await edit(owner.client, chatId, {
      file: 'src/App.tsx',
      line: 4,
      before: 'Simple pricing',
      after: '<script>',
    });
    expect((await markup.json()).error.code).toBe('text-edit-markup');
    const missing = await edit(owner.client, chatId, {
      file: 'src/Nope.tsx',
      line: 1,
      before: 'a',
      after: 'b',
    });
    expect(missing.status).toBe(404);
    const stranger = await signedUpUser(kiln);
    const denied = await edit(stranger.client, chatId, {
      file: 'src/App.tsx',
      line: 4,
      before: 'Simple pricing',
      after: 'Mine',
    });
    expect(denied.status).toBe(403);
    const malformed = await edit(owner.client, chatId, {
      file: 'src/App.tsx',
      line: 0,
      before: 'a',
      after: 'b',
    });
    expect(malformed.status).toBe(400);
    // Nothing was stored.
    expect((await owner.client.request(`/api/chats/${chatId}/versions/2/snapshot`)).status).toBe(404);
  });
});
