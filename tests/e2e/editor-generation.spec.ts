import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';
import { holdGenerationStreams } from './support/stream-gate.ts';

/** POST /api/components, whatever its query (the web app sends `?id={chatId}`). */
const generationPost = (url: URL) => url.pathname === '/api/components';

test('create from the home page, watch it stream, iterate with Enter, switch versions', async ({ page }) => {
  await signUp(page);
  const stream = await holdGenerationStreams(page);
  await page.reload();
  await page
    .getByRole('textbox', { name: 'Describe what you want to build' })
    .fill('A pricing table with three plans');
  await page.getByRole('button', { name: /^Framework:/ }).click();
  await page.getByRole('menuitemradio', { name: 'HTML' }).click();
  await page.getByRole('button', { name: 'Generate' }).click();

  // The answer streams: 'Generating version...', then the file list, then version 1.
  // The stream is held in the page until that state has been seen (however fast the server is).
  await expect(page.getByText('Generating version...')).toBeVisible();
  await stream.release();
  await waitForVersion(page, 1);
  const answer = page.getByRole('article', { name: 'Version #1' });
  await expect(answer.getByRole('button', { name: 'Open index.html in the code view' })).toBeVisible();
  await expect(answer.getByRole('button', { name: 'Thinking process' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing Table' })).toBeVisible();

  // The finished HTML version runs on its preview host, an origin of its own (decision 0038).
  const frame = page.locator('iframe[title^="Preview of"]').first();
  await expect(frame).toHaveAttribute('src', /^http:\/\/[^/]+-1\.preview\.localhost:\d+/);
  await expect(
    page.frameLocator('iframe[title^="Preview of"]').first().getByText('Most popular'),
  ).toBeVisible();

  // Reload and fullscreen the preview.
  await page.getByRole('button', { name: 'Reload preview' }).click();
  await expect(page.frameLocator('iframe[title^="Preview of"]').getByText('Most popular')).toBeVisible();
  await page.getByRole('button', { name: 'Fullscreen' }).click();
  const fullscreen = page.getByRole('dialog', { name: /Pricing Table/ });
  await expect(fullscreen.frameLocator('iframe').getByText('Most popular')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(fullscreen).toBeHidden();

  // Iterate with Enter; Shift+Enter makes a new line; focus stays in the box.
  const prompt = editorPrompt(page);
  await prompt.click();
  await prompt.pressSequentially('Make it dark');
  await prompt.press('Shift+Enter');
  await expect(prompt).toHaveValue('Make it dark\n');
  await prompt.press('Enter');
  await expect(prompt).toHaveValue('');
  await expect(prompt).toBeFocused();
  await waitForVersion(page, 2);

  // History: both versions, the current one marked; switching puts ?v= in the URL.
  await page.getByRole('tab', { name: 'History' }).click();
  const versions = page.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('button', { name: /Version #\d/ })).toHaveCount(2);
  await expect(versions.getByRole('button', { name: /Version #2.*Current/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await versions.getByRole('button', { name: /Version #1/ }).click();
  await expect(page).toHaveURL(/[?&]v=1\b/);
  await expect(versions.getByRole('button', { name: /Version #1.*Current/ })).toBeVisible();

  // A reload keeps the version.
  await page.reload();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(
    page.getByRole('list', { name: 'Versions' }).getByRole('button', { name: /Version #1.*Current/ }),
  ).toBeVisible();
});

test('the editor prompt validates like the home page and offers Continue after a cut-off', async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole('textbox', { name: 'Describe what you want to build' }).fill('A counter');
  await page.keyboard.press('Enter');
  await waitForVersion(page, 1);
  const prompt = editorPrompt(page);
  await prompt.press('Enter');
  await expect(page.getByText('Empty input')).toBeVisible();

  // Improve prompt with an empty box (spec §5).
  await page.getByRole('button', { name: 'Improve prompt' }).click();
  await expect(page.getByText('Prompt is empty')).toBeVisible();
  await expect(page.getByText('Please enter a prompt before improving it.')).toBeVisible();

  // A scripted cut-off answer: the token-limit panel and the Continue buttons send action=continue.
  const slug = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await page.route(`**/api/chats/by-slug/${slug}*`, async (route) => {
    const response = await route.fetch();
    const data = await response.json();
    for (const message of data.messages) if (message.role === 'assistant') message.finishReason = 'length';
    await route.fulfill({ response, json: data });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Generation in progress' })).toBeVisible();
  let sent: string | null = null;
  await page.route(generationPost, async (route) => {
    sent = route.request().postData();
    await route.fulfill({
      status: 409,
      json: { error: { code: 'more-than-x-versions', message: 'x', max: 30 } },
    });
  });
  await page.getByRole('button', { name: 'Continue generation' }).first().click();
  await expect(page.getByText("You can't have more than 30 versions")).toBeVisible();
  await expect(page.getByText('Please remix your component instead.')).toBeVisible();
  expect(sent).toContain('name="action"\r\n\r\ncontinue');
});

test('the free monthly limit opens its dialog with both buttons', async ({ page }) => {
  await signUp(page);
  await page.getByRole('textbox', { name: 'Describe what you want to build' }).fill('A counter');
  await page.keyboard.press('Enter');
  await waitForVersion(page, 1);
  await page.route(generationPost, (route) =>
    route.fulfill({
      status: 429,
      json: {
        error: {
          code: 'limit-exceeded',
          message: 'Monthly message limit reached',
          plan: 'free',
          limit: 20,
          resetsAt: '2030-02-01T00:00:00.000Z',
          credits: 0,
        },
      },
    }),
  );
  await editorPrompt(page).fill('Add a footer');
  await editorPrompt(page).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Monthly message limit reached' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/limit of 20 versions this month/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Upgrade to a paid plan' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  await expect(dialog.getByRole('link', { name: 'Buy extra versions ($1 each)' })).toHaveAttribute(
    'href',
    '/account?buy_extra=true',
  );
});

test('a scripted build error shows its panel; both fix buttons send the fix prompt', async ({ page }) => {
  await signUp(page);
  await page.getByRole('textbox', { name: 'Describe what you want to build' }).fill('A counter');
  await page.keyboard.press('Enter');
  await waitForVersion(page, 1);
  const slug = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const chatId = await page.evaluate(
    async (s) =>
      ((await (await fetch(`/api/chats/by-slug/${s}`)).json()) as { chat: { id: string } }).chat.id,
    slug,
  );
  const event = {
    type: 'build-status',
    chatId,
    version: 1,
    status: 'error',
    error: {
      title: 'Syntax Error',
      description: "There's a syntax error in your code.",
      content: 'src/App.tsx:3:7 Unexpected token',
    },
  };
  await page.route(`**/api/chats/${chatId}/events`, (route) =>
    route.fulfill({
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
      body: `data: ${JSON.stringify(event)}\n\n`,
    }),
  );
  const prompts: string[] = [];
  await page.route(generationPost, async (route) => {
    prompts.push(route.request().postData() ?? '');
    await route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Scripted' } } });
  });
  await page.reload();
  const panel = page.getByRole('alert').filter({ hasText: 'Syntax Error' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('src/App.tsx:3:7 Unexpected token')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fullscreen' })).toBeDisabled();

  await panel.getByRole('button', { name: 'Ask Kiln to fix it' }).click();
  await expect(page.getByText('Something went wrong')).toBeVisible();
  await page.getByRole('button', { name: 'Fix errors' }).click();
  await expect.poll(() => prompts.length).toBe(2);
  for (const body of prompts)
    expect(body).toContain('Fix the following error: src/App.tsx:3:7 Unexpected token');
});

test('versions cannot be switched while the component is loading', async ({ page }) => {
  await signUp(page);
  await createComponent(page, { framework: 'HTML', prompt: 'A pricing table with three plans' });
  await editorPrompt(page).fill('Add a footer');
  await editorPrompt(page).press('Enter');
  await waitForVersion(page, 2);

  // Hold version 1's snapshot (not part of the page's first load) so it stays loading.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/chats/*/versions/1/snapshot', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await page.getByRole('tab', { name: 'History' }).click();
  const versions = page.getByRole('list', { name: 'Versions' });
  await versions.getByRole('button', { name: /Version #1/ }).click();

  const second = versions.getByRole('button', { name: /Version #2/ });
  await expect(second).toHaveAttribute('aria-disabled', 'true');
  await second.hover();
  await expect(
    page.getByText('Please wait for the component to load before changing versions').first(),
  ).toBeVisible();
  await second.click({ force: true });
  await expect(page).toHaveURL(/[?&]v=1\b/);

  release();
  await expect(versions.getByRole('button', { name: /Version #1.*Current/ })).toBeVisible();
  await expect(second).not.toHaveAttribute('aria-disabled', 'true');
});
