import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';

/** `1.2K in · 300 out`: the small print of a version's tokens (the demo model has no price). */
const TOKENS = /^\d+(\.\d)?K? in · \d+(\.\d)?K? out$/;

test('token counts appear after a generation: per version, the chat total, the estimate and /account', async ({
  page,
}) => {
  await signUp(page);
  await createComponent(page, { framework: 'HTML', prompt: 'A pricing table with three plans' });

  const version1 = page.getByRole('article', { name: 'Version #1' }).getByTestId('version-usage');
  await expect(version1).toHaveText(TOKENS);
  const version1Text = (await version1.textContent()) ?? '';
  const chatTotal = page.getByTestId('chat-usage');
  await expect(chatTotal).toHaveText(version1Text);

  // Before sending: the request's estimated input tokens grow with the prompt (4 characters a token).
  const estimate = page.getByTestId('request-estimate');
  await expect(estimate).toHaveText(/^≈ \d+(\.\d)?K? tokens$/);
  const before = (await estimate.textContent()) ?? '';
  await editorPrompt(page).fill('x'.repeat(800));
  await expect(estimate).not.toHaveText(before);
  await editorPrompt(page).fill('Make it dark');
  await editorPrompt(page).press('Enter');
  await waitForVersion(page, 2);
  await expect(page.getByRole('article', { name: 'Version #2' }).getByTestId('version-usage')).toHaveText(
    TOKENS,
  );
  // The header now adds both versions.
  await expect(chatTotal).not.toHaveText(version1Text);

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('list', { name: 'Versions' }).getByTestId('version-usage')).toHaveCount(2);

  await page.goto('/account');
  const month = page.getByTestId('month-usage');
  await expect(month).toBeVisible();
  await expect(month.getByText('Input tokens')).toBeVisible();
  await expect(month.locator('dd').first()).not.toHaveText('0');
});

test('instructions saved in Settings make a new version holding KILN.md; account defaults start new chats with them', async ({
  page,
}) => {
  await signUp(page);
  await createComponent(page, { framework: 'HTML', prompt: 'A pricing table with three plans' });

  await page.getByRole('tab', { name: 'Settings' }).click();
  const field = page.getByRole('textbox', { name: 'Instructions' });
  await expect(field).toHaveValue('');
  await field.fill('Use British English.');
  await page.getByRole('button', { name: 'Save instructions' }).click();
  await expect(page).toHaveURL(/[?&]v=2\b/);
  await expect(page.getByText('Version #2 holds them in KILN.md.')).toBeVisible();

  await page.getByRole('radio', { name: 'Code' }).click();
  const files = page.getByRole('navigation', { name: 'Files' });
  await expect(files.getByText('KILN.md')).toBeVisible();
  await files.getByText('KILN.md').click();
  await expect(page.locator('.cm-content')).toContainText('Use British English.');

  // Account defaults: a new chat's first version carries them.
  await page.goto('/account');
  const defaults = page.getByRole('textbox', { name: 'Default instructions' });
  await defaults.fill('Every button is rounded.');
  await page.getByRole('button', { name: 'Save default instructions' }).click();
  await expect(page.getByText('Default instructions saved')).toBeVisible();
  await createComponent(page, { framework: 'HTML', prompt: 'A landing page' });
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('textbox', { name: 'Instructions' })).toHaveValue('Every button is rounded.');
});
