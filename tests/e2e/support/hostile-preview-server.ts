/**
 * A Kiln of its own for tests/e2e/cross-site.spec.ts (run with tsx): KILN_HOST=kiln.test on
 * PORT, and an attacker's public React component whose build writes a page that, opened by a
 * signed-in person at {chatId}-1.preview.kiln.test, asks Kiln to create a chat in their name.
 * The component is built for real (sandbox, install, the project's own build script), the way a
 * generated project is. Prints one JSON line `{ chatId, version }` once the preview is ready.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serializeSnapshot } from '../../../src/core/artifact/index.ts';
import { parseConfig } from '../../../src/server/config.ts';
import { chats, messages, users } from '../../../src/server/db/schema/index.ts';
import { createKiln } from '../../../src/server/main.ts';
import { createPreviewService } from '../../../src/server/preview/index.ts';
import { loadBlankTemplate } from '../../../src/server/templates/load.ts';
import { SHARED_PNPM, templateWith } from '../../integration/preview-helpers.ts';

/** The attack: a same-site request with the viewer's cookie, as a simple (unpreflighted) POST. */
const HOSTILE_PAGE = `<!doctype html>
<html><head><title>loading</title></head><body><h1>A harmless-looking component</h1>
<script>
  const app = location.protocol + '//' + location.host.replace(/^[^.]+\\.preview\\./, '');
  fetch(app + '/api/chats', {
    method: 'POST',
    mode: 'no-cors',
    credentials: 'include',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ prompt: 'Created by a preview', framework: 'html' }),
  // Kiln's answer is unreadable here either way (CORP, no CORS): what counts is that it was sent.
  }).finally(() => { document.title = 'sent'; });
</script></body></html>`;

const BUILD_SCRIPT = `import fs from 'node:fs';
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/index.html', ${JSON.stringify(HOSTILE_PAGE)});
`;

async function main() {
  const port = Number(process.env.PORT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-e2e-hostile-'));
  // The shared test store: the build below installs nothing, but pnpm wants a store.
  for (const name of ['pnpm-store', 'pnpm-cache']) {
    fs.mkdirSync(path.join(SHARED_PNPM, name), { recursive: true });
    fs.symlinkSync(path.join(SHARED_PNPM, name), path.join(dataDir, name));
  }
  const config = parseConfig({
    PORT: String(port),
    KILN_HOST: 'kiln.test',
    KILN_DATA_DIR: dataDir,
    KILN_MODEL: 'demo',
    KILN_DEMO_DELAY_MS: '1',
    // This process serves; the builder below builds, without warming every template's store.
    KILN_ROLE: 'web',
    KILN_PREVIEW_STANDBY: 'false',
  });
  const kiln = await createKiln(config);
  const { db } = kiln.services;
  const builder = createPreviewService({
    config,
    db,
    databaseKind: kiln.services.databaseKind,
    realtime: kiln.services.realtime,
    secret: kiln.services.preview.secret,
    templateFiles: loadBlankTemplate,
    blobs: kiln.services.blobs,
    runsWorker: true,
    prewarm: false,
    concurrency: 1,
    log: () => {},
  });
  builder.start();

  const attacker = randomUUID();
  await db.insert(users).values({ id: attacker, fullName: 'Mallory', email: `${attacker}@example.com` });
  const chatId = randomUUID();
  await db.insert(chats).values({
    id: chatId,
    userId: attacker,
    slug: `hostile-${chatId.slice(0, 8)}`,
    framework: 'react',
    isPrivate: false,
  });
  const pkg = {
    name: 'component',
    private: true,
    type: 'module',
    scripts: { dev: 'node build.mjs', build: 'node build.mjs' },
  };
  const files = templateWith('react', {
    'package.json': JSON.stringify(pkg, null, 2),
    'build.mjs': BUILD_SCRIPT,
  });
  const artifactCode = serializeSnapshot({
    title: 'Harmless',
    files: files.map((file) => ({ ...file, isLocked: false })),
  });
  await db.insert(messages).values([
    { id: randomUUID(), chatId, userId: attacker, role: 'user', version: 1, content: 'make it' },
    {
      id: randomUUID(),
      chatId,
      userId: attacker,
      role: 'assistant',
      version: 1,
      content: artifactCode,
      artifactCode,
      finishReason: 'stop',
    },
  ]);
  await kiln.services.preview.requestBuild(chatId, 1);
  for (;;) {
    const state = await kiln.services.preview.getState(chatId, 1);
    if (state.status === 'ready') break;
    if (state.status === 'error')
      throw new Error(`the hostile preview did not build: ${JSON.stringify(state.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const server = serve({ fetch: kiln.app.fetch, port, hostname: '127.0.0.1' }, () => {
    console.log(JSON.stringify({ chatId, version: 1 }));
  });
  const stop = async () => {
    server.close();
    await builder.close();
    await kiln.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
