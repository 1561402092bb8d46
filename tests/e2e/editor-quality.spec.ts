import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createEmptyChat, installBigAnswerStream } from './support/big-stream.ts';
import { createComponent, editorPrompt } from './support/components.ts';
import { seriousViolations } from './support/a11y.ts';

test('axe finds no serious or critical violations on home, editor, code view, pricing and account', async ({
  page,
}) => {
  await signUp(page);
  expect(await seriousViolations(page, { exclude: 'iframe' })).toEqual([]);
  await createComponent(page, { framework: 'HTML', prompt: 'A login form' });
  expect(await seriousViolations(page, { exclude: 'iframe' })).toEqual([]);
  await page.getByRole('radio', { name: 'Code' }).click();
  await expect(page.getByTestId('code-editor')).toBeVisible();
  expect(await seriousViolations(page, { exclude: 'iframe' })).toEqual([]);
  await page.getByRole('tab', { name: 'History' }).click();
  expect(await seriousViolations(page, { exclude: 'iframe' })).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page, { exclude: 'iframe' })).toEqual([]);
  await page.goto('/pricing');
  expect(await seriousViolations(page, { exclude: 'iframe' })).toEqual([]);
  await page.goto('/account?buy_extra=true');
  await expect(page.getByRole('heading', { name: 'Extra versions' })).toBeVisible();
  expect(await seriousViolations(page, { exclude: 'iframe' })).toEqual([]);
});

/**
 * A 2 MB answer streamed in 4 KB chunks (the browser's fetch is replaced for POST
 * /api/components, so the chunks arrive as a real stream would), with the code view open on
 * the file being written: the code shows while it streams and the version is complete at the
 * end. How long the main thread is blocked meanwhile is measured by `npm run bench --
 * editor-stream`, not here (a timing limit fails on a loaded machine).
 */
test('a 2 MB streamed answer shows in the code view while it streams', async ({ page }) => {
  await signUp(page);
  const chat = await createEmptyChat(page, 'A big table');
  const stream = await installBigAnswerStream(page, 2_000_000);
  await page.goto(`/components/${chat.slug}`);
  await page.getByRole('radio', { name: 'Code' }).click();
  await editorPrompt(page).fill('A table with a lot of rows');
  await editorPrompt(page).press('Enter');
  await expect(page.getByText('Generating version...')).toBeVisible();
  await expect(page.getByTestId('code-editor')).toContainText('Row number', { timeout: 20_000 });
  await stream.finish();
  await expect(page.getByText('Generating version...')).toBeHidden({ timeout: 60_000 });
});
