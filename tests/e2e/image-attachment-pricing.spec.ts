import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createComponent, editorPrompt } from './support/components.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Spec §8 'payment-required-for-image': the toast, then /pricing. */
async function expectPricingRedirect(page: Page) {
  await expect(page.getByText("You can't upload images with a free plan")).toBeVisible();
  await expect(page.getByText('Please upgrade to continue.')).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
}

test('a free user attaching an image from the home page is sent to /pricing', async ({ page }) => {
  await signUp(page);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Attach files' }).click(),
  ]);
  await chooser.setFiles({ name: 'sketch.png', mimeType: 'image/png', buffer: PNG });
  await expectPricingRedirect(page);
});

test('a free user pasting an image into the editor is sent to /pricing', async ({ page }) => {
  await signUp(page);
  await createComponent(page, { framework: 'HTML', prompt: 'A navbar' });
  const prompt = editorPrompt(page);
  await prompt.focus();
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'sketch.png', { type: 'image/png' }));
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, PNG.toString('base64'));
  await expectPricingRedirect(page);
});
