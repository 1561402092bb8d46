import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';

/**
 * The demo model always finishes its answers, so a cut-off or stopped version is made by
 * rewriting the chat's data as the page reads it (the server side is covered by
 * tests/integration/generation.test.ts).
 */
async function rewriteChatData(
  page: Page,
  slug: string,
  edit: (message: { role: string; version: number; content: string; finishReason: string | null }) => void,
) {
  await page.route(`**/api/chats/by-slug/${slug}*`, async (route) => {
    const response = await route.fetch();
    const data = await response.json();
    for (const message of data.messages) edit(message);
    await route.fulfill({ response, json: data });
  });
}

test('a stopped first version says it is incomplete instead of previewing the blank template', async ({
  page,
}) => {
  await signUp(page);
  const slug = await createComponent(page, { framework: 'React', prompt: 'A counter' });
  await rewriteChatData(page, slug, (message) => {
    if (message.role === 'assistant' && message.version === 1) message.finishReason = 'error';
  });
  await page.reload();

  await expect(page.getByRole('heading', { name: 'Version #1 is incomplete' })).toBeVisible();
  await expect(page.getByText('Continue the generation to finish it.')).toBeVisible();
  await expect(page.locator('iframe[title^="Preview of"]')).toHaveCount(0);
  // Continue is offered in the panel and above the prompt; the code is one click away.
  await expect(page.getByRole('button', { name: 'Continue generation', exact: true })).toHaveCount(2);
  await page.getByRole('button', { name: 'View the code' }).click();
  await expect(page.getByRole('navigation', { name: 'Files' })).toBeVisible();
});

test('a continuation reads as "Continue generation", and the completed version offers no Continue', async ({
  page,
}) => {
  await signUp(page);
  const slug = await createComponent(page, { prompt: 'A pricing table with three plans' });
  const prompt = editorPrompt(page);
  await prompt.fill('Make it dark');
  await prompt.press('Enter');
  await waitForVersion(page, 2);

  // Version 1 was cut off and version 2 continued it (as stored before: the full internal prompt).
  const internal =
    'Continue exactly where you left off. Your previous answer was cut off; it ended with:\n\nme="mt-6 rounded-lg';
  await rewriteChatData(page, slug, (message) => {
    if (message.version !== 1 && message.version !== 2) return;
    if (message.role === 'assistant' && message.version === 1) message.finishReason = 'length';
    if (message.role === 'user' && message.version === 2) message.content = internal;
  });
  await page.reload();

  const chat = page.getByRole('article', { name: /^Prompt by/ });
  await expect(chat.getByText('Continue generation')).toBeVisible();
  await expect(page.getByText('me="mt-6 rounded-lg')).toHaveCount(0);
  await expect(page.getByText('Continue exactly where you left off')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue generation', exact: true })).toHaveCount(0);

  await page.getByRole('tab', { name: 'History' }).click();
  const versions = page.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('button', { name: /Version #2/ })).toContainText('Continue generation');

  // Version 1, completed by version 2: incomplete, and no Continue anywhere.
  await versions.getByRole('button', { name: /Version #1/ }).click();
  await expect(page).toHaveURL(/[?&]v=1\b/);
  await expect(page.getByRole('heading', { name: 'Version #1 is incomplete' })).toBeVisible();
  await expect(page.getByText('A newer version follows it in History.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue generation', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Generation in progress' })).toHaveCount(0);
});
