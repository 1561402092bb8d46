import { expect, test } from '@playwright/test';
import { makePng } from '../fixtures/png.ts';
import { signInPremium } from './support/accounts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';

/** A 40×20 picture: the preview and the code view must decode it, not only fetch it. */
const LOGO = Buffer.from(makePng(40, 20, 4));

test('"use this logo" with an attached image: the preview shows it and the code view previews it (decision 0039)', async ({
  page,
}) => {
  // A React version is built on the server (the bytes go into the sandboxed build): waiting for
  // that build is the slow part, so this test may take longer than the default.
  test.setTimeout(240_000);
  await signInPremium(page);
  await createComponent(page, { framework: 'React', prompt: 'A landing page for a bakery' });

  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Attach files' }).click(),
  ]);
  await chooser.setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  const prompt = editorPrompt(page);
  await prompt.fill('use this logo');
  await prompt.press('Enter');
  await waitForVersion(page, 2);

  // The answer placed the attachment in public/ and the page shows it: decoded, 40 px wide.
  const answer = page.getByRole('article', { name: 'Version #2' });
  const open = answer.getByRole('button', { name: 'Open public/logo.png in the code view' });
  await expect(open).toBeVisible();
  const logo = page.frameLocator('iframe[title^="Preview of"]').first().getByRole('img', { name: 'Logo' });
  await expect(logo).toBeVisible({ timeout: 180_000 });
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
    .toBe(40);

  // The code view shows the file as an image, never as text; the tree lists it.
  await open.click();
  await expect(page.getByRole('radio', { name: 'Code' })).toHaveAttribute('aria-checked', 'true');
  const preview = page.getByRole('figure', { name: 'Image preview of public/logo.png' });
  await expect(preview).toBeVisible();
  await expect(preview.getByText('PNG image,')).toBeVisible();
  await expect
    .poll(() =>
      preview
        .getByRole('img')
        .evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)),
    )
    .toBe(40);
  await expect(page.getByTestId('code-editor')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Files' }).getByRole('button', { name: 'logo.png', exact: true }),
  ).toHaveAttribute('aria-current', 'true');
});
