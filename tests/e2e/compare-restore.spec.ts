import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';
import { seriousViolations } from './support/a11y.ts';

async function useTheme(page: Page, theme: 'Light' | 'Dark') {
  await page.getByRole('button', { name: /^Theme: .*Change theme$/ }).click();
  await page.getByRole('menuitemradio', { name: theme }).click();
}

/**
 * Issue 17 item 5 in Chromium: two versions of a React chat (the demo model's follow-up), compared
 * in the code view (the changed file listed, the change in CodeMirror's merge view), then version 1
 * restored from the History tab as version 3, whose preview shows version 1's heading again.
 */
test('compare two versions in the code view, then restore version 1 as a new version', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signUp(page);
  await createComponent(page, { framework: 'React', prompt: 'A pricing table with three plans' });
  const frame = page.frameLocator('iframe[title^="Preview of"]').first();
  const heading = frame.locator('h1, h2').first();
  await expect(heading).toBeVisible({ timeout: 90_000 });
  const original = (await heading.textContent())?.trim() ?? '';
  expect(original).not.toBe('');

  await editorPrompt(page).fill('change the title to "Compare me please"');
  await page.keyboard.press('Enter');
  await waitForVersion(page, 2);
  await expect(frame.locator('h1, h2').first()).toHaveText('Compare me please', { timeout: 90_000 });

  // Compare version 2 (on screen) with version 1.
  await page.getByRole('radio', { name: 'Code' }).click();
  await page.getByRole('button', { name: 'Compare with…' }).click();
  await page.getByRole('menuitemradio', { name: 'Version #1' }).click();
  const compare = page.getByRole('region', { name: 'Compare versions' });
  await expect(compare).toBeVisible();
  const changed = compare.getByRole('list', { name: 'Changed files' }).locator('button[data-kind="changed"]');
  await expect(changed.first()).toBeVisible();
  // The file with the heading: the merge view shows the old text on the left, the new on the right.
  const merge = compare.getByTestId('merge-view');
  let found = false;
  for (let index = 0; index < (await changed.count()) && !found; index++) {
    await changed.nth(index).click();
    await expect(merge.locator('.cm-merge-b')).toBeVisible();
    found = (await merge.locator('.cm-merge-b').textContent())?.includes('Compare me please') ?? false;
  }
  expect(found).toBe(true);
  await expect(merge.locator('.cm-merge-a')).toContainText(original);
  await expect(merge.locator('.cm-merge-b .cm-changedText').first()).toBeVisible();
  await expect(compare.getByTestId('compare-summary')).toContainText(/1 file changed|\d+ files changed/);

  await page.screenshot({ path: testInfo.outputPath('compare-split-light.png') });
  expect(await seriousViolations(page, { exclude: 'iframe' })).toEqual([]);

  // Unified: the removed line shown above the added one, in one column.
  await compare.getByRole('radio', { name: 'Unified' }).click();
  await expect(merge).toHaveAttribute('data-layout', 'unified');
  await expect(merge.locator('.cm-deletedChunk')).toContainText(original);
  await expect(merge.locator('.cm-content')).toContainText('Compare me please');

  await useTheme(page, 'Dark');
  await page.screenshot({ path: testInfo.outputPath('compare-unified-dark.png') });
  await compare.getByRole('radio', { name: 'Split' }).click();
  await page.screenshot({ path: testInfo.outputPath('compare-split-dark.png') });
  expect(await seriousViolations(page, { exclude: 'iframe' })).toEqual([]);
  await compare.getByRole('button', { name: 'Close' }).click();
  await expect(compare).toHaveCount(0);
  await expect(page.getByTestId('code-editor')).toBeVisible();

  // History: every version but the newest can be restored.
  await page.getByRole('radio', { name: 'Preview' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  const versions = page.getByRole('list', { name: 'Versions' });
  const restoreButtons = versions.getByRole('button', { name: /^Restore as new version/ });
  await expect(restoreButtons).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('history-dark.png') });
  expect(await seriousViolations(page, { exclude: 'iframe' })).toEqual([]);
  await useTheme(page, 'Light');
  await page.screenshot({ path: testInfo.outputPath('history-light.png') });
  expect(await seriousViolations(page, { exclude: 'iframe' })).toEqual([]);

  await versions.getByRole('button', { name: 'Restore as new version (#1)' }).click();
  await expect(page.getByText('Version #1 restored')).toBeVisible();
  await expect(page).toHaveURL(/[?&]v=3\b/);
  await expect(versions.getByRole('button', { name: /Version #3/ })).toHaveAttribute('aria-current', 'true');
  await expect(versions.getByRole('button', { name: /Version #3/ })).toContainText('Restore version #1');
  // The newest (3) has no restore button; 1 and 2 do.
  await expect(restoreButtons).toHaveCount(2);
  await expect(frame.locator('h1, h2').first()).toHaveText(original, { timeout: 90_000 });
  await expect(frame.getByText('Compare me please')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('history-restored-light.png') });
});
