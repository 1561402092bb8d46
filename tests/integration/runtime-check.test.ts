import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeCheckError } from '../../src/core/preview/runtime-errors.ts';
import { messages } from '../../src/server/db/schema/index.ts';
import { createPreviewKiln, createVersion, templateWith, type TestKiln } from './preview-helpers.ts';
import { TestClient } from './test-app.ts';

/**
 * Issue 19 item 4: once a version is built, the server's browser loads it (the screenshot's load)
 * and stores what a person opening it would hit — uncaught errors, rejections, console errors, the
 * version's own files failing to load, an empty root — mapped to the generated sources, on the
 * message (`runtimeErrors`, null until checked, [] when clean), and tells open editors.
 */

async function checkedErrors(kiln: TestKiln, chatId: string, version: number): Promise<RuntimeCheckError[]> {
  const read = async () => {
    const rows = await kiln.services.db
      .select({ role: messages.role, version: messages.version, runtimeErrors: messages.runtimeErrors })
      .from(messages)
      .where(eq(messages.chatId, chatId));
    return rows.find((row) => row.role === 'assistant' && row.version === version)?.runtimeErrors ?? null;
  };
  await expect.poll(read, { timeout: 180_000, interval: 250 }).not.toBeNull();
  return (await read())!;
}

const page = (body: string) =>
  `<!doctype html>\n<html>\n<head><title>Fixture</title></head>\n<body>\n${body}\n</body>\n</html>\n`;

describe('the post-build runtime check', () => {
  let kiln: TestKiln;
  let ownerId: string;
  let owner: TestClient;
  const checked: string[] = [];

  beforeAll(async () => {
    kiln = await createPreviewKiln({ KILN_VERSION_CHECKS: 'true' });
    kiln.services.preview.start();
    owner = new TestClient(kiln);
    await owner.signUp('owner@example.com');
    ownerId = (await owner.me()).user!.id;
  });
  afterAll(async () => kiln?.close());

  async function built(framework: string, files: { name: string; content: string }[], isPrivate = false) {
    const made = await createVersion(kiln, { userId: ownerId, framework, files, isPrivate });
    const unsubscribe = kiln.services.realtime.subscribe(made.chatId, (event) => {
      if (event.type === 'version-checked') checked.push(`${event.chatId}-${event.version}`);
    });
    await kiln.services.preview.requestBuild(made.chatId, made.version);
    const errors = await checkedErrors(kiln, made.chatId, made.version);
    unsubscribe();
    return { ...made, errors };
  }

  it('a clean HTML version is checked and has no errors; an image on an unreachable host is not its error', async () => {
    const { chatId, version, errors } = await built('html', [
      {
        name: 'index.html',
        content: page('<h1>Fine</h1>\n<img src="http://203.0.113.9/photo.jpg" alt="">'),
      },
    ]);
    expect(errors).toEqual([]);
    expect(checked).toContain(`${chatId}-${version}`);
  });

  it('an HTML version that throws at start: the error at its line in index.html', async () => {
    const { errors } = await built('html', [
      {
        name: 'index.html',
        content: page(
          '<h1>Broken</h1>\n<script>\nthrow new Error("Kiln fixture: thrown at start");\n</script>',
        ),
      },
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ kind: 'error', message: 'Error: Kiln fixture: thrown at start' });
    expect(errors[0]!.frames[0]).toMatchObject({ file: 'index.html', line: 7 });
  });

  it('an HTML version whose module is missing and that rejects a promise: both, each once', async () => {
    const { errors } = await built('html', [
      {
        name: 'index.html',
        content: page(
          '<h1>Half</h1>\n<script type="module" src="./missing.js"></script>\n<script>\nfor (let i = 0; i < 2; i++) Promise.reject(new Error("Kiln fixture: rejected"));\n</script>',
        ),
      },
    ]);
    expect(errors.map((error) => error.kind).sort()).toEqual(['rejection', 'resource']);
    expect(errors.find((error) => error.kind === 'resource')!.message).toMatch(
      /^Failed to load script http:\/\/.*\/missing\.js$/,
    );
    const rejection = errors.find((error) => error.kind === 'rejection')!;
    expect(rejection.message).toBe('Error: Kiln fixture: rejected');
    expect(rejection.frames[0]).toMatchObject({ file: 'index.html', line: 8 });
  });

  it('an HTML version whose body stays empty: Nothing Rendered', async () => {
    const { errors } = await built('html', [{ name: 'index.html', content: page('') }]);
    expect(errors).toEqual([
      {
        kind: 'empty-root',
        message: 'The page rendered nothing: <body> is empty after the page loaded.',
        frames: [],
      },
    ]);
  });

  it('a React version that throws in its component: mapped by the build source maps to src/App.tsx', async () => {
    const { chatId, version, errors } = await built(
      'react',
      templateWith('react', {
        'src/App.tsx': `import { useState } from 'react';\nexport default function App() {\n  const [count] = useState(0);\n  if (count === 0) throw new Error('Kiln fixture: React threw at start');\n  return <h1>never</h1>;\n}\n`,
      }),
      true,
    );
    const thrown = errors.find((error) => error.kind === 'error');
    expect(thrown?.message).toBe('Error: Kiln fixture: React threw at start');
    expect(thrown?.frames.find((frame) => frame !== null)).toMatchObject({ file: 'src/App.tsx', line: 4 });
    // React's console echo of the same error is not a second entry.
    expect(errors.filter((error) => error.message.includes('React threw at start'))).toHaveLength(1);

    // The owner's chat answer carries it; a stranger sees nothing of a private chat.
    const view = (await (
      await owner.request(`/api/chats/by-slug/preview-${chatId}?v=${version}`)
    ).json()) as {
      messages: { role: string; version: number; runtimeErrors: RuntimeCheckError[] | null }[];
    };
    const message = view.messages.find((m) => m.role === 'assistant' && m.version === version);
    expect(message?.runtimeErrors?.[0]?.message).toBe('Error: Kiln fixture: React threw at start');
    const stranger = new TestClient(kiln);
    await stranger.signUp('stranger@example.com');
    const refused = await stranger.request(`/api/chats/by-slug/preview-${chatId}?v=${version}`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('React threw at start');
  });
});
