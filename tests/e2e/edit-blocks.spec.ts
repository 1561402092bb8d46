import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';

/**
 * Issue 17 item 1 in Chromium: a follow-up of a React chat is answered by the demo model with
 * SEARCH/REPLACE blocks; the chat's artifact block shows the edited file with its +/− line counts
 * (also after a reload, from the stored answer), and the preview shows the new title.
 */
test('a follow-up answered with edit blocks: +/− counts in the chat, the new title in the preview', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page);
  await createComponent(page, { framework: 'React', prompt: 'A landing page for a rocket startup' });
  const frame = page.frameLocator('iframe[title^="Preview of"]').first();
  await expect(frame.locator('h1').first()).toBeVisible({ timeout: 90_000 });
  // Version 1 wrote whole files: no edit counts.
  await expect(page.getByRole('article', { name: 'Version #1' }).getByTestId('edit-counts')).toHaveCount(0);

  await editorPrompt(page).fill('change the title to "Edited, not rewritten"');
  await page.keyboard.press('Enter');
  await waitForVersion(page, 2);

  const answer = page.getByRole('article', { name: 'Version #2' });
  const edited = answer.getByRole('button', { name: /^Open .+ in the code view \(edited\)$/ });
  await expect(edited).toHaveCount(1);
  await expect(edited.getByTestId('edit-counts')).toHaveText('+1 −1');
  await expect(frame.locator('h1').first()).toHaveText('Edited, not rewritten', { timeout: 90_000 });

  // The stored answer reads the same after a reload.
  await page.reload();
  await waitForVersion(page, 2);
  await expect(
    page.getByRole('article', { name: 'Version #2' }).getByTestId('edit-counts').first(),
  ).toHaveText('+1 −1');
  await expect(page.getByRole('article', { name: 'Version #2' })).not.toContainText(
    'Edit could not be applied',
  );
});
