import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/accounts.ts';

/**
 * Issue 13 item 4, decision 0038, in Chromium: a finished HTML version runs on its own preview
 * host, a real origin, so a page that keeps its data in localStorage and IndexedDB and loads
 * module scripts works in the editor's frame, while the person's session stays out of its reach.
 * The pages are written by a Kiln of its own (tests/e2e/support/html-origin-server.ts), run twice:
 * - KILN_HOST=kiln.localhost: previews (*.preview.kiln.localhost) are the app's *site*, as on a
 *   real domain. Browsers that block third-party storage (this Chromium does) give a framed page
 *   storage only there.
 * - KILN_HOST=localhost, the default: previews (*.preview.localhost) are another site; the
 *   private-preview token cookie must still reach the framed page.
 */
const BASE_PORT = Number(process.env.KILN_E2E_PORT ?? 3199);

interface Seeded {
  email: string;
  password: string;
  chats: Record<'saved' | 'secret' | 'probe' | 'modules', { chatId: string; slug: string }>;
}

interface Server {
  process: ChildProcess;
  seeded: Seeded;
  app: string;
  previewOrigin: (chatId: string, kind?: 'preview' | 'webcontainer') => string;
}

async function startSeededKiln(host: string, port: number): Promise<Server> {
  // One process (node with tsx's loader, no npx in between), so SIGTERM reaches the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/html-origin-server.ts'], {
    env: { ...process.env, PORT: String(port), KILN_HOST: host, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const seeded = await new Promise<Seeded>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((text) => text.startsWith('{"email"'));
      if (line) resolve(JSON.parse(line) as Seeded);
    });
    child.on('exit', (code) => reject(new Error(`the seeded Kiln on ${host} exited (${code})`)));
  });
  return {
    process: child,
    seeded,
    app: `http://${host}:${port}`,
    previewOrigin: (chatId, kind = 'preview') => `http://${chatId}-1.${kind}.${host}:${port}`,
  };
}

async function stop(server: Server | undefined) {
  if (!server || server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

// signUp (support/accounts.ts) opens /signup of the base URL: the same-site Kiln's.
test.use({ baseURL: `http://kiln.localhost:${BASE_PORT + 2}` });

let sameSite: Server | undefined;
let crossSite: Server | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [sameSite, crossSite] = await Promise.all([
    startSeededKiln('kiln.localhost', BASE_PORT + 2),
    startSeededKiln('localhost', BASE_PORT + 3),
  ]);
});

test.afterAll(async () => {
  await Promise.all([stop(sameSite), stop(crossSite)]);
});

/**
 * Every uncaught error and console error of the page and its frames, but the browser's own
 * request for a favicon the generated site does not have.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    const { url } = message.location();
    if (message.type() === 'error' && !url.endsWith('/favicon.ico')) {
      errors.push(`console: ${message.text()} (${url})`);
    }
  });
  return errors;
}

async function signInOwner(page: Page, server: Server) {
  await page.goto(`${server.app}/login`);
  await page.getByLabel('Email').fill(server.seeded.email);
  await page.getByLabel('Password', { exact: true }).fill(server.seeded.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${server.app}/`);
}

const previewFrame = (page: Page) => page.frameLocator('iframe[title^="Preview of"]');
const escaped = (text: string) => text.replace(/[.?]/g, (char) => `\\${char}`);

async function expectSavedTasksWork(page: Page, server: Server, chatId: string, task: string) {
  const frame = previewFrame(page);
  await expect(frame.getByRole('heading', { name: 'Saved tasks' })).toBeVisible();
  await expect(page.locator('iframe[title^="Preview of"]')).toHaveAttribute(
    'src',
    new RegExp(`^${escaped(server.previewOrigin(chatId))}(/|$)`),
  );
  // main.js (a module) imported visits.js, which counted this visit in IndexedDB.
  await expect(frame.getByText('Visits stored in IndexedDB: 1')).toBeVisible();
  await frame.getByLabel('New task').fill(task);
  await frame.getByRole('button', { name: 'Add' }).click();
  await expect(frame.getByRole('list', { name: 'Tasks' }).getByText(task)).toBeVisible();

  // Reloading the editor keeps what the page saved: localStorage and IndexedDB are real.
  await page.reload();
  await expect(frame.getByRole('list', { name: 'Tasks' }).getByText(task)).toBeVisible();
  await expect(frame.getByText('Visits stored in IndexedDB: 2')).toBeVisible();
}

test('a finished HTML version keeps its data in localStorage and IndexedDB, with module scripts, in the editor', async ({
  page,
}) => {
  const server = sameSite!;
  const errors = collectErrors(page);
  await signUp(page, 'Vera Viewer');
  const { chatId, slug } = server.seeded.chats.saved;
  await page.goto(`${server.app}/components/${slug}`);
  await expectSavedTasksWork(page, server, chatId, 'Water the plants');

  // External links stay out of the preview; links between its pages work (a real site).
  const frame = previewFrame(page);
  await frame.getByRole('link', { name: 'Elsewhere' }).click();
  await expect(page.getByText('External links are blocked in the preview')).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Saved tasks' })).toBeVisible();
  await frame.getByRole('link', { name: 'About this list' }).click();
  await expect(frame.getByRole('heading', { name: 'About this list' })).toBeVisible();

  // 'Open in a new tab': the spec's /content address, which lands on the preview host.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Open in a new tab' }).click(),
  ]);
  const tabErrors = collectErrors(tab);
  await expect(tab).toHaveURL(`${server.previewOrigin(chatId)}/`);
  await expect(tab.getByRole('list', { name: 'Tasks' }).getByText('Water the plants')).toBeVisible();
  await expect(tab.getByText('Visits stored in IndexedDB: 3')).toBeVisible();
  await tab.close();

  // Fullscreen: the version at its webcontainer host.
  await page.getByRole('button', { name: 'Fullscreen' }).click();
  const fullscreen = page.getByRole('dialog', { name: /Saved Tasks/ });
  await expect(fullscreen.locator('iframe').first()).toHaveAttribute(
    'src',
    `${server.previewOrigin(chatId, 'webcontainer')}/`,
  );
  await expect(
    fullscreen.frameLocator('iframe').first().getByText('Visits stored in IndexedDB: 1'),
  ).toBeVisible();

  expect(errors).toEqual([]);
  expect(tabErrors).toEqual([]);
});

test('on another site than the app (localhost), a browser that denies the frame storage still runs the page', async ({
  page,
}) => {
  const server = crossSite!;
  await signInOwner(page, server);
  const { slug } = server.seeded.chats.saved;
  await page.goto(`${server.app}/components/${slug}`);
  const frame = previewFrame(page);
  await expect(frame.getByRole('heading', { name: 'Saved tasks' })).toBeVisible();
  // This Chromium denies a third-party frame localStorage: the page's first read would throw
  // and nothing after it would run. It gets an in-memory Storage for the page's life instead.
  await frame.getByLabel('New task').fill('Call the plumber');
  await frame.getByRole('button', { name: 'Add' }).click();
  await expect(frame.getByRole('list', { name: 'Tasks' }).getByText('Call the plumber')).toBeVisible();
});

test("a private chat's HTML version works in its owner's editor, through a token", async ({ page }) => {
  const server = sameSite!;
  const errors = collectErrors(page);
  await signInOwner(page, server);
  const { chatId, slug } = server.seeded.chats.secret;
  await page.goto(`${server.app}/components/${slug}`);
  await expect(page.locator('iframe[title^="Preview of"]')).toHaveAttribute('src', /\?token=/);
  await expectSavedTasksWork(page, server, chatId, 'Plan the surprise');
  expect(errors).toEqual([]);

  // Without the token, another browser gets nothing.
  const stranger = await page.context().browser()!.newContext();
  const other = await stranger.newPage();
  const response = await other.goto(`${server.previewOrigin(chatId)}/`);
  expect(response?.status()).toBe(404);
  await expect(other.getByRole('heading', { name: 'Preview not found' })).toBeVisible();
  await stranger.close();
});

test('a private preview on another site than the app (localhost) still gets its token cookie', async ({
  page,
}) => {
  const server = crossSite!;
  await signInOwner(page, server);
  const { chatId, slug } = server.seeded.chats.modules;
  await page.goto(`${server.app}/components/${slug}`);
  const frame = previewFrame(page);
  await expect(page.locator('iframe[title^="Preview of"]')).toHaveAttribute(
    'src',
    new RegExp(`^${escaped(server.previewOrigin(chatId))}/\\?token=`),
  );
  // The page and both its modules came with the cookie (each is a 404 without it).
  await expect(frame.getByRole('heading', { name: 'Private modules' })).toBeVisible();
  await expect(frame.getByText('Module loaded')).toBeVisible();
});

test("a page on the preview host can neither read the app's cookies nor use the person's session", async ({
  page,
}) => {
  const server = sameSite!;
  await signUp(page, 'Sam Session');
  const [session] = (await page.context().cookies(server.app)).filter((cookie) =>
    cookie.name.endsWith('session_token'),
  );
  // Host-only (the app's host, no leading dot, so no subdomain gets it) and HttpOnly.
  expect(session).toMatchObject({ domain: 'kiln.localhost', httpOnly: true, sameSite: 'Lax' });

  const { chatId, slug } = server.seeded.chats.probe;
  const toPreview: Promise<string>[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(server.previewOrigin(chatId))) {
      toPreview.push(request.allHeaders().then((headers) => headers.cookie ?? ''));
    }
  });
  await page.goto(`${server.app}/components/${slug}`);
  const frame = previewFrame(page);
  await expect(frame.getByRole('heading', { name: 'Probe' })).toBeVisible();
  // The session cookie is neither readable there nor sent there.
  await expect(frame.getByText('cookies: []')).toBeVisible();
  expect(toPreview.length).toBeGreaterThan(0);
  for (const cookie of await Promise.all(toPreview)) expect(cookie).not.toContain(session!.name);
  // The editor's document is another origin: the page cannot reach into it.
  await expect(frame.getByText('parent: SecurityError')).toBeVisible();
  // The app answers nothing the page can read (no CORS), and takes no change from it.
  await expect(frame.getByText('api: TypeError')).toBeVisible();
  await expect(frame.getByText('post: sent')).toBeVisible();
  const mine = await page.evaluate(async () => {
    const response = await fetch('/api/chats/mine');
    return ((await response.json()) as { components: unknown[] }).components;
  });
  expect(mine).toEqual([]);
});
