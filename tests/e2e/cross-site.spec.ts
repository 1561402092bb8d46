import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { signUp } from './support/accounts.ts';

/**
 * Issue 12 item 2, in a real browser: with a real domain, {chatId}-{v}.preview.{host} is the
 * *same site* as Kiln, so Chromium sends the person's SameSite=Lax session cookie with a
 * preview's request to Kiln. The app must refuse it. Kiln runs here with KILN_HOST=kiln.test
 * (a server of its own, tests/e2e/support/hostile-preview-server.ts) and Chromium resolves
 * kiln.test and its subdomains to this machine.
 */
const PORT = Number(process.env.KILN_E2E_PORT ?? 3199) + 1;
const APP = `http://kiln.test:${PORT}`;

let server: ChildProcess | undefined;
let browser: Browser | undefined;
let hostile: { chatId: string; version: number };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // One process (node with tsx's loader, no npx in between), so SIGTERM reaches the server.
  server = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/hostile-preview-server.ts'], {
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  hostile = await new Promise((resolve, reject) => {
    let out = '';
    server!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((text) => text.startsWith('{"chatId"'));
      if (line) resolve(JSON.parse(line) as { chatId: string; version: number });
    });
    server!.on('exit', (code) => reject(new Error(`the kiln.test server exited (${code})`)));
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP kiln.test 127.0.0.1, MAP *.kiln.test 127.0.0.1`],
  });
});

test.afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
});

test('a preview page cannot create a chat in the account of the person viewing it', async () => {
  const context = await browser!.newContext({ baseURL: APP });
  const page = await context.newPage();
  await signUp(page, 'Victor Viewer');
  // Asked from Kiln's own page (only the browser resolves kiln.test).
  const app = await context.newPage();
  await app.goto('/');
  const mine = () =>
    app.evaluate(async () => {
      const response = await fetch('/api/chats/mine', { credentials: 'include' });
      return ((await response.json()) as { components: { title: string | null }[] }).components;
    });
  expect(await mine()).toEqual([]);

  // The person opens a public component's preview; its script posts to Kiln with their cookie.
  const answered = page.waitForEvent('requestfinished', (request) => request.url() === `${APP}/api/chats`);
  const blocked = page.waitForEvent('requestfailed', (request) => request.url() === `${APP}/api/chats`);
  await page.goto(`http://${hostile.chatId}-${hostile.version}.preview.kiln.test:${PORT}/`);
  await expect(page.getByRole('heading', { name: 'A harmless-looking component' })).toBeVisible();
  await expect(page).toHaveTitle('sent');
  // Kiln answered (the browser then hides the answer from the page: CORP same-origin).
  const failure = await Promise.race([
    answered.then(() => null),
    blocked.then((request) => request.failure()),
  ]);
  expect(failure?.errorText ?? 'answered').toMatch(/answered|ERR_BLOCKED_BY_RESPONSE/);
  expect(await mine()).toEqual([]);

  // The same request from Kiln's own page is carried out (the cookie is good; only the origin differs).
  const status = await app.evaluate(async () => {
    const response = await fetch('/api/chats', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Created by Kiln', framework: 'html' }),
    });
    return response.status;
  });
  expect(status).toBe(201);
  expect(await mine()).toHaveLength(1);
  await context.close();
});
