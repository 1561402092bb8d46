import { expect, test, type Page } from '@playwright/test';
import { RUNTIME_ERROR_MESSAGE } from '../../src/core/preview/runtime-errors.ts';
import { signUp } from './support/accounts.ts';
import { createComponent, waitForVersion } from './support/components.ts';

// Its tests are independent (an account each): they spread over the workers.
test.describe.configure({ mode: 'parallel' });

/**
 * Issue 19 item 4 in Chromium: versions that throw at start, reject a promise, fail to load a
 * module or render nothing each show the runtime error panel over the preview with the place in
 * the generated sources (mapped by the preview build's source maps), and 'Ask Kiln to fix it'
 * sends the spec's fix text with the mapped error. The broken versions are made the way a person
 * can: the demo model's component, then a text edit (no AI) of the line
 * `export default function App()` (line 3 of src/App.tsx), a statement put before it.
 */

const isGeneration = (url: URL) => url.pathname === '/api/components';

async function chatIdOf(page: Page): Promise<string> {
  const slug = new URL(page.url()).pathname.split('/').at(-1);
  return page.evaluate(async (slug) => {
    const response = await fetch(`/api/chats/by-slug/${slug}`);
    return ((await response.json()) as { chat: { id: string } }).chat.id;
  }, slug);
}

/** A new version of version 1 with `anchor` (on one line) written `after`, opened in the editor. */
async function brokenVersion(page: Page, file: string, anchor: string, after: string): Promise<number> {
  const chatId = await chatIdOf(page);
  const version = await page.evaluate(
    async ({ chatId, file, anchor, after }) => {
      // The edit looks for its text a few lines from `line`: walk down the file until found.
      for (let line = 1; line < 400; line += 5) {
        const response = await fetch(`/api/chats/${chatId}/versions/1/text-edit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ file, line, before: anchor, after }),
        });
        const text = await response.text();
        if (response.status === 201) return (JSON.parse(text) as { version: number }).version;
        if (!text.includes('text-edit-not-found')) throw new Error(`text-edit: ${response.status} ${text}`);
      }
      throw new Error(`text-edit: ${anchor} not found in ${file}`);
    },
    { chatId, file, anchor, after },
  );
  // Opened once built (a page opened mid-build once stayed on 'Starting' after the build's end).
  await expect
    .poll(
      () =>
        page.evaluate(
          async (path) => ((await (await fetch(path)).json()) as { status: string }).status,
          `/api/chats/${chatId}/preview/${version}`,
        ),
      { timeout: 120_000 },
    )
    .toBe('ready');
  const url = new URL(page.url());
  url.searchParams.set('v', String(version));
  await page.goto(url.pathname + url.search);
  await waitForVersion(page, version);
  return version;
}

function runtimePanel(page: Page) {
  return page.getByRole('alert', { name: 'Runtime error' });
}

const APP = 'export default function App()';

test('React: a throw at start, a rejected promise, a missing module and an empty root each show the runtime error panel; the fix sends the mapped error', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUp(page);
  await createComponent(page, { framework: 'React', prompt: 'A counter' });
  const frame = page.frameLocator('iframe[title^="Preview of"]').first();
  await expect(frame.getByRole('button', { name: 'Increase' })).toBeVisible({ timeout: 90_000 });
  // A healthy version: no panel.
  await expect(runtimePanel(page)).toHaveCount(0);

  // Thrown at start: the place in the sources, not the bundle.
  await brokenVersion(page, 'src/App.tsx', APP, `throw new Error("Kiln fixture: thrown at start"); ${APP}`);
  const panel = runtimePanel(page);
  await expect(panel).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByRole('heading', { name: 'Uncaught Error' })).toBeVisible();
  await expect(panel).toContainText('Error: Kiln fixture: thrown at start');
  await expect(panel.getByTestId('runtime-error-place')).toHaveText(/^src\/App\.tsx:3:\d+$/);
  await page.locator('main').screenshot({ path: test.info().outputPath('runtime-error-panel.png') });

  // A message from the editor's own window is not the preview's: ignored.
  await page.evaluate(
    (type) => window.postMessage({ type, kind: 'error', message: 'Error: forged by the editor window' }, '*'),
    RUNTIME_ERROR_MESSAGE,
  );
  // ...and neither is one from a frame of another origin: version 1's preview host, framed by
  // the test and made to post (Playwright evaluates in it; the app's CSP forbids inline scripts).
  await page.evaluate(() => {
    (window as unknown as { forged: number }).forged = 0;
    window.addEventListener('message', (event: MessageEvent<{ message?: string }>) => {
      if (event.data?.message?.includes('forged by a foreign frame'))
        (window as unknown as { forged: number }).forged++;
    });
  });
  const previewSrc = await page.locator('iframe[title^="Preview of"]').first().getAttribute('src');
  const foreignSrc = new URL(previewSrc!, page.url());
  foreignSrc.hostname = foreignSrc.hostname.replace(/-\d+\.preview\./, '-1.preview.');
  await page.evaluate((src) => {
    const foreign = document.createElement('iframe');
    foreign.name = 'foreign';
    foreign.src = src;
    document.body.appendChild(foreign);
  }, foreignSrc.href);
  await expect.poll(() => page.frame({ name: 'foreign' })?.url() ?? '').toContain('-1.preview.');
  const foreignFrame = page.frame({ name: 'foreign' })!;
  await foreignFrame.waitForLoadState();
  await foreignFrame.evaluate(
    (type) => parent.postMessage({ type, kind: 'error', message: 'Error: forged by a foreign frame' }, '*'),
    RUNTIME_ERROR_MESSAGE,
  );
  await expect.poll(() => page.evaluate(() => (window as unknown as { forged: number }).forged)).toBe(1);
  await expect(panel).toContainText('Error: Kiln fixture: thrown at start');
  await expect(page.getByText(/forged by/)).toHaveCount(0);

  // 'Ask Kiln to fix it' sends the spec's fix text with the mapped error.
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && isGeneration(new URL(request.url())),
  );
  await panel.getByRole('button', { name: 'Ask Kiln to fix it' }).click();
  const body = (await sent).postData() ?? '';
  expect(body).toContain('Fix the following error: Uncaught Error in the preview at src/App.tsx:3:');
  expect(body).toContain('Error: Kiln fixture: thrown at start');
  expect(body).not.toContain('/assets/');
  await waitForVersion(page, 3);
  // The demo model's answer leaves the throw where it was: the error is still there, and said so.
  await expect(panel.getByText('The previous fix did not remove this error.')).toBeVisible({
    timeout: 90_000,
  });
  await expect(panel).toContainText('Error: Kiln fixture: thrown at start');

  // A rejected promise.
  await brokenVersion(
    page,
    'src/App.tsx',
    APP,
    `Promise.reject(new Error("Kiln fixture: rejected")); ${APP}`,
  );
  await expect(panel.getByRole('heading', { name: 'Unhandled Promise Rejection' })).toBeVisible({
    timeout: 90_000,
  });
  await expect(panel).toContainText('Error: Kiln fixture: rejected');
  await expect(panel.getByTestId('runtime-error-place')).toHaveText(/^src\/App\.tsx:3:\d+$/);

  // A module that is not there (a dynamic import of a file the build never wrote).
  await brokenVersion(page, 'src/App.tsx', APP, `import(location.origin + "/missing-module.js"); ${APP}`);
  await expect(panel.getByRole('heading', { name: 'Unhandled Promise Rejection' })).toBeVisible({
    timeout: 90_000,
  });
  await expect(panel).toContainText(/Failed to fetch dynamically imported module: .*missing-module\.js/);

  // Renders nothing: the default export is a component that returns no element.
  await brokenVersion(page, 'src/App.tsx', APP, 'export default Boolean; function App()');
  await expect(panel.getByRole('heading', { name: 'Nothing Rendered' })).toBeVisible({ timeout: 90_000 });
  await expect(panel).toContainText('#root is empty');
});

test('Vue: an error thrown in setup (logged by Vue with console.error) shows the panel at its line in src/App.vue', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page);
  await createComponent(page, { framework: 'Vue', prompt: 'A counter' });
  const frame = page.frameLocator('iframe[title^="Preview of"]').first();
  await expect(frame.getByRole('button', { name: 'Increase' })).toBeVisible({ timeout: 90_000 });
  await expect(runtimePanel(page)).toHaveCount(0);

  const anchor = "import Counter from './components/Counter.vue';";
  await brokenVersion(
    page,
    'src/App.vue',
    anchor,
    `${anchor} throw new Error("Kiln fixture: Vue setup threw");`,
  );
  const panel = runtimePanel(page);
  await expect(panel).toBeVisible({ timeout: 90_000 });
  await expect(panel).toContainText('Error: Kiln fixture: Vue setup threw');
  await expect(panel.getByTestId('runtime-error-place')).toHaveText(/^src\/App\.vue:2:\d+$/);

  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && isGeneration(new URL(request.url())),
  );
  await panel.getByRole('button', { name: 'Ask Kiln to fix it' }).click();
  const body = (await sent).postData() ?? '';
  expect(body).toMatch(/Fix the following error: \w[\w ]+ in the preview at src\/App\.vue:2:\d+:/);
});

test("HTML: an error the server's browser hit after the build shows in the panel without the frame reporting it, and the prompt box's 'Fix errors' sends it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page);
  await createComponent(page, { framework: 'HTML', prompt: 'A counter' });
  await expect(runtimePanel(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Fix errors' })).toHaveCount(0);

  // Thrown only when the page is opened on its own (its own tab, a deployment), never in the
  // editor's frame: what the panel shows comes from the server's post-build load.
  const anchor = 'let count = 0;';
  await brokenVersion(
    page,
    'index.html',
    anchor,
    `${anchor} if (window.top === window) throw new Error("Kiln fixture: thrown on its own");`,
  );
  // The server's check is stored shortly after the build: the editor reads it with the chat.
  await expect
    .poll(
      () =>
        page.evaluate(
          async (path) => {
            const data = (await (await fetch(path)).json()) as {
              messages: { role: string; version: number; runtimeErrors: unknown[] | null }[];
            };
            return data.messages.filter((m) => m.role === 'assistant').at(-1)?.runtimeErrors?.length ?? null;
          },
          `/api/chats/by-slug/${new URL(page.url()).pathname.split('/').at(-1)}${new URL(page.url()).search}`,
        ),
      { timeout: 120_000 },
    )
    .toBe(1);
  await page.reload();
  const panel = runtimePanel(page);
  await expect(panel).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByRole('heading', { name: 'Uncaught Error' })).toBeVisible();
  await expect(panel).toContainText('Error: Kiln fixture: thrown on its own');
  const place = panel.getByTestId('runtime-error-place');
  await expect(place).toHaveText(/^index\.html:\d+:\d+$/);
  const line = (await place.textContent())!.split(':')[1];
  await page.locator('main').screenshot({ path: test.info().outputPath('server-check-panel.png') });

  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && isGeneration(new URL(request.url())),
  );
  await page.getByRole('button', { name: 'Fix errors' }).click();
  const body = (await sent).postData() ?? '';
  expect(body).toContain(`Fix the following error: Uncaught Error in the preview at index.html:${line}:`);
  expect(body).toContain('Error: Kiln fixture: thrown on its own');
});
