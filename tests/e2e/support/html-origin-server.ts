/**
 * A Kiln of its own for tests/e2e/html-preview-origin.spec.ts (run with tsx): on PORT and
 * KILN_HOST, with an account and HTML components whose pages are written here, as a model could
 * write them: a task list saved in localStorage, with an IndexedDB visit counter and module
 * scripts (public, and private), a page probing what it can reach of the app, and a private page
 * of module scripts only. Prints one JSON line `{ email, password, chats: { saved, secret, probe,
 * modules } }` (each `{ chatId, slug }`) once it serves.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serializeSnapshot } from '../../../src/core/artifact/index.ts';
import { parseConfig } from '../../../src/server/config.ts';
import { chats, messages } from '../../../src/server/db/schema/index.ts';
import { createKiln } from '../../../src/server/main.ts';

const SAVED_TASKS = {
  'index.html': `<!doctype html>
<html lang="en" data-theme="light">
  <head>
    <meta charset="UTF-8" />
    <title>Saved tasks</title>
    <link href="https://cdn.jsdelivr.net/npm/daisyui@5" rel="stylesheet" type="text/css" />
    <script src="https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4"></script>
    <script type="module" src="./main.js"></script>
  </head>
  <body class="p-6">
    <h1 class="text-2xl font-bold">Saved tasks</h1>
    <form id="add" class="flex gap-2">
      <label>New task <input id="task" class="input" /></label>
      <button class="btn">Add</button>
    </form>
    <ul id="tasks" aria-label="Tasks"></ul>
    <p id="visits"></p>
    <p><a href="about.html">About this list</a> · <a href="https://example.com/">Elsewhere</a></p>
  </body>
</html>`,
  'main.js': `import { loadTasks, saveTasks } from './store.js';
import { countVisit } from './visits.js';

const list = document.getElementById('tasks');
const render = (tasks) => list.replaceChildren(...tasks.map((text) => {
  const item = document.createElement('li');
  item.textContent = text;
  return item;
}));
let tasks = loadTasks();
render(tasks);
document.getElementById('add').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = document.getElementById('task');
  tasks = [...tasks, input.value];
  saveTasks(tasks);
  render(tasks);
  input.value = '';
});
countVisit().then((count) => {
  document.getElementById('visits').textContent = 'Visits stored in IndexedDB: ' + count;
});
`,
  'store.js': `const KEY = 'saved-tasks';
export function loadTasks() {
  sessionStorage.setItem('opened', 'yes');
  return JSON.parse(localStorage.getItem(KEY) ?? '[]');
}
export function saveTasks(tasks) {
  localStorage.setItem(KEY, JSON.stringify(tasks));
}
`,
  'visits.js': `export function countVisit() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('saved-tasks', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('visits');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const store = open.result.transaction('visits', 'readwrite').objectStore('visits');
      const read = store.get('count');
      read.onsuccess = () => {
        const count = (read.result ?? 0) + 1;
        store.put(count, 'count').onsuccess = () => resolve(count);
      };
    };
  });
}
`,
  'about.html': `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>About</title></head>
<body><h1>About this list</h1><p>Tasks are kept in this browser.</p></body></html>`,
};

/** What a generated page could try against the person viewing it, written into the page. */
const PROBE = {
  'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Probe</title></head>
  <body>
    <h1>Probe</h1>
    <p id="cookies"></p>
    <p id="parent"></p>
    <p id="api">api: pending</p>
    <p id="post">post: pending</p>
    <script>
      const app = location.protocol + '//' + location.host.replace(/^[^.]+\\.preview\\./, '');
      document.getElementById('cookies').textContent = 'cookies: [' + document.cookie + ']';
      try {
        document.getElementById('parent').textContent = 'parent: ' + window.parent.document.cookie;
      } catch (error) {
        document.getElementById('parent').textContent = 'parent: ' + error.name;
      }
      fetch(app + '/api/me', { credentials: 'include' })
        .then((response) => response.text())
        .then(
          (body) => { document.getElementById('api').textContent = 'api: read ' + body; },
          (error) => { document.getElementById('api').textContent = 'api: ' + error.name; },
        );
      // A change in the person's name, as a simple (unpreflighted) request.
      fetch(app + '/api/chats', {
        method: 'POST',
        mode: 'no-cors',
        credentials: 'include',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ prompt: 'Created by a preview', framework: 'html' }),
      }).finally(() => { document.getElementById('post').textContent = 'post: sent'; });
    </script>
  </body>
</html>`,
};

/** Module scripts only: each is a request the preview host answers only with the token cookie. */
const MODULES = {
  'index.html': `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>Modules</title>
<script type="module" src="./main.js"></script></head>
<body><h1>Private modules</h1><p id="out">Module pending</p></body></html>`,
  'main.js': `import { message } from './message.js';
document.getElementById('out').textContent = message;
`,
  'message.js': `export const message = 'Module loaded';
`,
};

async function main() {
  const port = Number(process.env.PORT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-e2e-html-origin-'));
  const config = parseConfig({
    PORT: String(port),
    KILN_HOST: process.env.KILN_HOST ?? 'localhost',
    KILN_DATA_DIR: dataDir,
    KILN_MODEL: 'demo',
    KILN_ROLE: 'web',
    KILN_PREVIEW_STANDBY: 'false',
  });
  const kiln = await createKiln(config);
  const { db, auth } = kiln.services;

  const email = `html-origin-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse 1';
  const { user } = await auth.api.signUpEmail({ body: { email, password, name: 'Olive Owner' } });

  async function component(title: string, files: Record<string, string>, isPrivate: boolean) {
    const chatId = randomUUID();
    const slug = `${title.toLowerCase().replace(/\W+/g, '-')}-${chatId.slice(0, 8)}`;
    const artifactCode = serializeSnapshot({
      title,
      files: Object.entries(files).map(([name, content]) => ({ name, content, isLocked: false })),
    });
    await db.insert(chats).values({
      id: chatId,
      userId: user.id,
      slug,
      title,
      framework: 'html',
      isPrivate,
      artifactCode,
    });
    await db.insert(messages).values([
      { id: randomUUID(), chatId, userId: user.id, role: 'user', version: 1, content: `Make ${title}` },
      {
        id: randomUUID(),
        chatId,
        userId: user.id,
        role: 'assistant',
        version: 1,
        content: artifactCode,
        artifactCode,
        finishReason: 'stop',
        isBuilt: true,
      },
    ]);
    return { chatId, slug };
  }

  const chatsMade = {
    saved: await component('Saved Tasks', SAVED_TASKS, false),
    secret: await component('Secret Tasks', SAVED_TASKS, true),
    probe: await component('Probe', PROBE, false),
    modules: await component('Private Modules', MODULES, true),
  };
  const server = serve({ fetch: kiln.app.fetch, port }, () => {
    console.log(JSON.stringify({ email, password, chats: chatsMade }));
  });
  const stop = async () => {
    server.close();
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
