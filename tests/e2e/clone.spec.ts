import { expect, test } from '@playwright/test';
import { startCloneSite, type CloneSite } from '../fixtures/clone-site/server.ts';
import { signUp } from './support/accounts.ts';
import { waitForVersion } from './support/components.ts';

/**
 * Issue 19 item 2 in the browser: a website's address in the prompt box starts a clone; the
 * chat tab's panel follows the analysis (the page is held at 'Loading page' until the test
 * lets it answer), shows the screenshot, and the first version's preview renders the page.
 */
let site: CloneSite;
test.beforeAll(async () => {
  // The one private origin the server may reach (playwright.config.ts KILN_CLONE_ALLOW_ORIGINS).
  site = await startCloneSite(Number(process.env.KILN_E2E_CLONE_SITE_PORT));
});
test.afterAll(async () => {
  await site.close();
});

test('clone a website from its URL: progress panel, visual reference, a version that renders', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/');
  await page.getByRole('button', { name: /^Framework:/ }).click();
  await page.getByRole('menuitemradio', { name: 'HTML' }).click();
  const url = `${site.url}/gated`;
  await page.getByRole('textbox', { name: 'Describe what you want to build' }).fill(`Clone a website ${url}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/components\/[^/?]+/);

  const panel = page.getByRole('region', { name: 'Website analysis' });
  await expect(panel.getByText(url)).toBeVisible();
  await expect(panel.getByText('This may take a while')).toBeVisible();
  // Held while the page has not answered.
  await expect(panel.locator('[data-step="loading"]')).toHaveAttribute('aria-current', 'step');
  // The preview says what is happening, never 'Nothing to preview yet' (issue 35 item 8).
  await expect(page.getByText('Analyzing the website')).toBeVisible();
  await expect(page.getByText('Nothing to preview yet')).toHaveCount(0);
  // The steps appear in order as the work reaches them: none ahead of it.
  await expect(panel.getByRole('listitem')).toHaveText([/Initializing scraper/, /Loading page/]);
  for (const label of ['Extracting content', 'Capturing design', 'Taking screenshot', 'Finalizing']) {
    await expect(panel.getByText(label, { exact: true })).toHaveCount(0);
  }

  // A reload keeps the panel where the analysis is (the state is the server's).
  await page.reload();
  await expect(panel.locator('[data-step="loading"]')).toHaveAttribute('aria-current', 'step');

  site.openGate();
  await waitForVersion(page, 1);
  const reference = page.getByRole('img', { name: `Screenshot of ${url}` });
  await expect(page.getByText('Visual Reference Captured')).toBeVisible();
  await expect
    .poll(() => reference.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(1280);

  const frame = page.frameLocator('iframe[title^="Preview of"]').first();
  await expect(frame.getByRole('heading', { name: 'Fresh bread every morning' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(frame.getByRole('heading', { name: 'Sourdough' })).toBeVisible();
  // Issue 35 item 8: the page's subtitle, button, prices and footer, under its brown header.
  await expect(frame.getByText('Baked by hand in Lisbon since 1984')).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Order for pickup' })).toBeVisible();
  await expect(frame.getByText('€9.99/mo', { exact: true })).toBeVisible();
  await expect(frame.getByText('© 2024 Solar Bakery')).toBeVisible();
  await expect(frame.locator('header')).toHaveCSS('background-color', 'rgb(124, 74, 45)');
  const overlay = page.getByRole('link', { name: 'Component generated from this URL' });
  await expect(overlay).toHaveAttribute('href', url);
});
