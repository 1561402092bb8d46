import { expect, test, type Frame, type Page } from '@playwright/test';
import { CONTACT_FORM_API, CONTACT_ROUTE } from '../../src/server/ai/demo/backend/contact-form-api.ts';
import { seriousViolationsLightAndDark } from './support/a11y.ts';
import { signInPremium, signUp } from './support/accounts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';

/**
 * Issue 22 item 5 in Chromium: the owner's 'Logs' view of a version's app server, and the
 * server's errors in the preview's runtime error panel with their line in `api/`. The version
 * with an `api/` handler is the demo model's contact form (a chat with SMTP e-mail enabled); a
 * text edit (no AI) of its `api/index.ts` then makes the route throw at a known line.
 */

const isGeneration = (url: URL) => url.pathname === '/api/components';

/** The line of `api/index.ts` the edit makes throw: the route's first statement. */
const BODY_LINE = 'const body: unknown = await c.req.json().catch(() => null);';
const THROW_LINE = CONTACT_FORM_API.split('\n').findIndex((line) => line.includes(BODY_LINE)) + 1;
const THROWING = "const body: unknown = null; throw new Error('Kiln fixture: the server broke');";

async function chatIdOf(page: Page): Promise<string> {
  const slug = new URL(page.url()).pathname.split('/').at(-1);
  return page.evaluate(async (slug) => {
    const response = await fetch(`/api/chats/by-slug/${slug}`);
    return ((await response.json()) as { chat: { id: string } }).chat.id;
  }, slug);
}

/** An SMTP integration (never reached: the route throws before sending), from the app's own page. */
async function addSmtp(page: Page) {
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/integrations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Test mail',
        type: 'email',
        provider: 'smtp',
        credentials: {
          host: '127.0.0.1',
          port: 2525,
          user: 'kiln',
          password: 'e2e-smtp-secret',
          from: 'App <app@example.com>',
        },
      }),
    });
    return response.status;
  });
  expect(status).toBe(201);
}

/** Waits until the preview build of `version` is ready (a real install and build). */
async function waitBuilt(page: Page, chatId: string, version: number) {
  await expect
    .poll(
      () =>
        page.evaluate(
          async (path) => ((await (await fetch(path)).json()) as { status: string }).status,
          `/api/chats/${chatId}/preview/${version}`,
        ),
      { timeout: 480_000, intervals: [2000] },
    )
    .toBe('ready');
}

async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title^="Preview of"]').first().elementHandle();
  const frame = await handle!.contentFrame();
  expect(frame).not.toBeNull();
  await frame!.waitForLoadState();
  return frame!;
}

test("the owner's Logs view of an api/ handler, and its error in the runtime error panel with its line", async ({
  page,
  browser,
}) => {
  // Real installs and builds (hono, nodemailer) on a loaded machine: generous.
  test.setTimeout(900_000);
  expect(THROW_LINE).toBeGreaterThan(0);
  await signInPremium(page);
  await addSmtp(page);
  await createComponent(page, { framework: 'React', prompt: 'A pricing table with three plans' });
  await page.getByRole('tab', { name: 'Integrations' }).click();
  const email = page.getByRole('switch', { name: 'E-mail sending' });
  await email.click();
  await expect(email).toBeChecked();
  await page.getByRole('tab', { name: 'Chat' }).click();

  // A static version has no server: no Logs toggle.
  const chatId = await chatIdOf(page);
  await waitBuilt(page, chatId, 1);
  await expect(page.getByRole('button', { name: 'Reload preview' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Logs', exact: true })).toHaveCount(0);

  // The contact form: api/index.ts; then the route made to throw on its first line.
  const answered = page.waitForResponse((response) => isGeneration(new URL(response.url())));
  await editorPrompt(page).fill('A contact form');
  await editorPrompt(page).press('Enter');
  await answered;
  await waitForVersion(page, 2);
  const version = await page.evaluate(
    async ({ chatId, line, before, after }) => {
      const response = await fetch(`/api/chats/${chatId}/versions/2/text-edit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ file: 'api/index.ts', line, before, after }),
      });
      const text = await response.text();
      if (response.status !== 201) throw new Error(`text-edit: ${response.status} ${text}`);
      return (JSON.parse(text) as { version: number }).version;
    },
    { chatId, line: THROW_LINE, before: BODY_LINE, after: THROWING },
  );
  await waitBuilt(page, chatId, version);
  const url = new URL(page.url());
  url.searchParams.set('v', String(version));
  await page.goto(url.pathname + url.search);
  await waitForVersion(page, version);

  // Logs: open; nothing yet (the handler starts with the first /api request).
  const toggle = page.getByRole('button', { name: 'Logs', exact: true });
  await expect(toggle).toBeVisible({ timeout: 60_000 });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const logs = page.getByRole('region', { name: 'Server logs' });
  await expect(logs).toBeVisible();
  await expect(logs.getByRole('status')).toHaveText('Stopped');
  await expect(logs).toContainText('No output yet.');
  const frame = await previewFrame(page);
  await expect(frame.getByRole('button', { name: /send/i })).toBeVisible({ timeout: 90_000 });

  // The page asks the handler: it starts (Kiln's lines in the log) and the route throws.
  const answer = await frame.evaluate(async (route) => {
    const response = await fetch(route, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return response.status;
  }, CONTACT_ROUTE);
  expect(answer).toBe(500);
  const output = logs.getByRole('log', { name: 'Server output' });
  await expect(output).toContainText(/\[kiln\] starting /);
  await expect(output).toContainText(/\[kiln\] listening after \d+ ms/);
  await expect(logs.getByRole('status')).toHaveText('Running');

  // The error panel: the server's error, its place in api/index.ts.
  const panel = page.getByRole('alert', { name: 'Runtime error' });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('heading', { name: 'Server Error' })).toBeVisible();
  await expect(panel).toContainText('Kiln fixture: the server broke');
  await expect(panel.getByTestId('runtime-error-place')).toHaveText(
    new RegExp(`^api/index\\.ts:${THROW_LINE}(:\\d+)?$`),
  );

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.locator('main').screenshot({ path: test.info().outputPath(`server-logs-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await seriousViolationsLightAndDark(page, { include: '#server-logs' })).toEqual([]);

  // 'Ask Kiln to fix it' sends the server's error with its file and line.
  const fixSent = page.waitForRequest(
    (request) => request.method() === 'POST' && isGeneration(new URL(request.url())),
  );
  await panel.getByRole('button', { name: 'Ask Kiln to fix it' }).click();
  const body = (await fixSent).postData() ?? '';
  expect(body).toContain(
    `Fix the following error: Server Error in the app's server at api/index.ts:${THROW_LINE}`,
  );
  expect(body).toContain('Kiln fixture: the server broke');
  await waitForVersion(page, version + 1);

  // Restart: the server stops (Kiln says so in the log); the next request starts it again.
  await page.goto(url.pathname + url.search);
  await waitForVersion(page, version);
  await page.getByRole('button', { name: 'Logs', exact: true }).click();
  const reopened = page.getByRole('region', { name: 'Server logs' });
  await expect(reopened.getByRole('status')).toHaveText('Running');
  await reopened.getByRole('button', { name: 'Restart server' }).click();
  await expect(reopened.getByRole('status')).toHaveText('Stopped');
  await expect(reopened.getByRole('log')).toContainText(/\[kiln\] the server (was stopped|ended)/);
  await expect(reopened.getByRole('log').getByText(/\[kiln\] starting /)).toHaveCount(1);
  const again = await (
    await previewFrame(page)
  ).evaluate(async (route) => (await fetch(route, { method: 'POST', body: '{}' })).status, CONTACT_ROUTE);
  expect(again).toBe(500);
  await expect(reopened.getByRole('status')).toHaveText('Running');
  await expect(reopened.getByRole('log').getByText(/\[kiln\] starting /)).toHaveCount(2);

  // A visitor of the chat (public) never sees the toggle, nor the log.
  const visitor = await browser.newPage();
  await signUp(visitor, 'Visiting Person');
  await visitor.goto(url.pathname + url.search);
  await waitForVersion(visitor, version);
  await expect(visitor.locator('iframe[title^="Preview of"]').first()).toBeVisible({ timeout: 60_000 });
  await expect(visitor.getByRole('button', { name: 'Reload preview' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Logs', exact: true })).toHaveCount(0);
  const refused = await visitor.evaluate(
    async (path) => (await fetch(path)).status,
    `/api/chats/${chatId}/preview/${version}/server`,
  );
  expect([403, 404]).toContain(refused);
  await visitor.close();
});
