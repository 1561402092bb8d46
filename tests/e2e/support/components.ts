import { expect, type Page } from '@playwright/test';

export type FrameworkLabel = 'HTML' | 'React' | 'Svelte' | 'Vue' | 'Angular';

/** Creates a component from the home page and waits until version 1 is on screen. Returns its slug. */
export async function createComponent(
  page: Page,
  {
    framework = 'HTML',
    prompt = 'A pricing table with three plans',
  }: { framework?: FrameworkLabel; prompt?: string } = {},
): Promise<string> {
  await page.goto('/');
  await page.getByRole('button', { name: /^Framework:/ }).click();
  await page.getByRole('menuitemradio', { name: framework }).click();
  // The menu closes on the choice; while it is open it keeps the focus, and an Enter typed then
  // picks the item again instead of sending the prompt (seen on a loaded runner).
  await expect(page.getByRole('menu', { name: /^Framework:/ })).toBeHidden();
  const promptBox = page.getByRole('textbox', { name: 'Describe what you want to build' });
  await promptBox.fill(prompt);
  await promptBox.press('Enter');
  await expect(page).toHaveURL(/\/components\/[^/?]+/);
  await waitForVersion(page, 1);
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

/** Waits until the answer of `version` is finished and selected. */
export async function waitForVersion(page: Page, version: number): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`[?&]v=${version}\\b`), { timeout: 30_000 });
  await expect(page.getByRole('article', { name: `Version #${version}` })).toBeVisible();
}

export function editorPrompt(page: Page) {
  return page.getByRole('textbox', { name: 'Ask Kiln to change the component' });
}
