import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createComponent } from './support/components.ts';

/**
 * Issue 35 item 4: a developer opening Kiln's pages sees no console errors or warnings — logged
 * out and in, on the home, pricing, editor, account and profile pages (the preview's own frame
 * included: what the generated app logs is the app's, but Kiln's frame scripts must be quiet).
 */
function collect(page: Page): string[] {
  const noise: string[] = [];
  const keep = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      noise.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  };
  page.on('console', keep);
  page.on('pageerror', (error) => noise.push(`pageerror: ${error.message}`));
  return noise;
}

/** The page's requests have settled (the editor keeps its event stream open: a few seconds at most). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
}

test('no console errors or warnings on the pages, logged out and in', async ({ page }) => {
  test.setTimeout(180_000);
  const noise = collect(page);
  for (const path of ['/', '/pricing', '/marketplace', '/login', '/signup']) {
    await page.goto(path);
    await settle(page);
  }
  expect(noise, 'logged out').toEqual([]);

  await signUp(page);
  await settle(page);
  await createComponent(page, { framework: 'React', prompt: 'A pricing table with three plans' });
  await expect(
    page.frameLocator('iframe[title^="Preview of"]').first().locator('h1, h2').first(),
  ).toBeVisible({
    timeout: 90_000,
  });
  await settle(page);
  for (const path of ['/', '/pricing', '/account']) {
    await page.goto(path);
    await settle(page);
  }
  expect(noise, 'logged in').toEqual([]);
});
