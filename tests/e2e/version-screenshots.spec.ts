import { expect, test, type Locator } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createComponent } from './support/components.ts';

/** The image has loaded real pixels (a served JPEG, not a broken image). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBe(1280);
}

test("a version's screenshot: in its chat, and as its card image in the home page's lists", async ({
  page,
}) => {
  await signUp(page);
  const slug = await createComponent(page, { framework: 'HTML', prompt: 'A todo app with filters' });

  // The server's browser takes it once the preview is ready; it is there on the next load.
  const inChat = page.getByRole('img', { name: 'Screenshot of version #1' });
  await expect(async () => {
    await page.goto(`/components/${slug}`);
    await expect(inChat).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expectLoaded(inChat);

  await page.goto('/');
  const recent = page.getByRole('region', { name: 'Your recent components' });
  const card = recent.getByRole('link', { name: /Todo/ });
  await expectLoaded(card.getByTestId('card-screenshot'));
  const explore = page.getByRole('region', { name: 'Explore' });
  await expectLoaded(explore.getByRole('link', { name: /Todo/ }).first().getByTestId('card-screenshot'));
});
