/**
 * Issue 33 item 1 through the real generation path: a React answer with no package.json that
 * imports lucide-react and axios (as real models write them) is stored with the template's
 * package.json plus what the template lacks (axios; lucide-react too unless the template carries
 * it, issue 33 item 3) at versions Kiln chose, the chat says so, the zip carries the same
 * package.json, and the preview builds. A package the registry does not know is not added: the
 * build names it ('Package Not Found'). Uses the real npm registry (the install needs it anyway).
 * Over 30 s on a cold store: two real Vite builds, one downloading lucide-react.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import semver from 'semver';
import { parseSnapshot } from '../../src/core/artifact/index.ts';
import { versionProjectFiles } from '../../src/server/chats/version-project.ts';
import { loadBlankTemplate } from '../../src/server/templates/load.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { answer, chatData, createChat, generate, signedUpUser } from './generation-helpers.ts';
import { createPreviewKiln, waitForBuild, type TestKiln } from './preview-helpers.ts';

const APP = `import { Check, Star } from 'lucide-react';
import axios from 'axios';

export default function App() {
  return (
    <main className="p-8">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <Star aria-hidden="true" /> Icons from lucide-react
      </h1>
      <p className="flex items-center gap-2"><Check aria-hidden="true" /> Declared by Kiln</p>
      <button onClick={() => axios.get('/api/ping')}>Ping</button>
    </main>
  );
}`;

describe('Kiln adds the packages an answer imports but does not declare', () => {
  let kiln: TestKiln;
  let llm: FakeLlm;

  beforeAll(async () => {
    llm = await startFakeLlm();
    kiln = await createPreviewKiln({
      KILN_MODEL: 'openai:fake-model',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: llm.openaiBaseUrl,
    });
    kiln.services.preview.start();
  });
  afterAll(async () => {
    await kiln?.close();
    await llm?.close();
  });

  it('a React answer without package.json importing lucide-react and axios: declared, noted, zipped, built', async () => {
    const { client } = await signedUpUser(kiln);
    const chat = await createChat(client, 'react', 'A card with icons');
    const template = JSON.parse(
      (await loadBlankTemplate('react')).find((f) => f.name === 'package.json')!.content,
    );
    const templateDeclares = { ...template.dependencies, ...template.devDependencies };
    const expectedAdded = ['lucide-react', 'axios'].filter((name) => !(name in templateDeclares));

    llm.enqueue({ chunks: chunkText(answer('Icon card', { 'src/App.tsx': APP })) });
    await generate(client, { id: chat.id, prompt: 'A card with icons' });
    await kiln.services.generation.settle();

    const { data } = await chatData(client, chat.slug);
    const snapshot = parseSnapshot(data.snapshots[1]);
    const packageJson = snapshot.files.find((file) => file.name === 'package.json')!;
    const manifest = JSON.parse(packageJson.content);
    expect(manifest.dependencies).toHaveProperty('lucide-react');
    const versions = expectedAdded.map((name) => manifest.dependencies[name] as string);
    for (const version of versions) expect(semver.valid(version)).toBe(version);
    // The template's package.json, plus the additions.
    expect(manifest).toEqual({
      ...template,
      dependencies: {
        ...template.dependencies,
        ...Object.fromEntries(expectedAdded.map((name, i) => [name, versions[i]])),
      },
    });
    const named = expectedAdded.map((name, i) => `${name} ${versions[i]}`).join(' and ');
    expect(data.lastAssistantMessage.content).toContain(`Kiln added ${named} to package.json.`);
    // The zip (and a GitHub push) carry the same package.json.
    const zipped = await versionProjectFiles(
      kiln.services.db,
      kiln.services.blobs,
      { id: chat.id, framework: 'react' },
      1,
    );
    expect(zipped.find((file) => file.name === 'package.json')!.content).toBe(packageJson.content);

    const state = await waitForBuild(kiln, chat.id, 1);
    expect(state).toEqual({ status: 'ready' });
  }, 300_000);

  it('an import of a package the registry does not know is not added: the build names it', async () => {
    const { client } = await signedUpUser(kiln);
    const chat = await createChat(client, 'react', 'Confetti');
    const app = `import confetti from 'kiln-surely-no-such-package-7d3e';\nexport default function App() {\n  confetti();\n  return <h1>Party</h1>;\n}`;
    llm.enqueue({ chunks: chunkText(answer('Party', { 'src/App.tsx': app })) });
    await generate(client, { id: chat.id, prompt: 'Confetti' });
    await kiln.services.generation.settle();

    const { data } = await chatData(client, chat.slug);
    expect(parseSnapshot(data.snapshots[1]).files.map((file) => file.name)).toEqual(['src/App.tsx']);
    expect(data.lastAssistantMessage.content).not.toContain('Kiln added');
    const state = await waitForBuild(kiln, chat.id, 1);
    expect(state.error?.title).toBe('Package Not Found');
    expect(state.error?.description).toContain('kiln-surely-no-such-package-7d3e');
  }, 300_000);
});
