import { expect, test } from '@playwright/test';
import { signInPremium, signUp } from './support/accounts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';

test('a visitor sees the component but no input form and no private tabs; likes need a login', async ({
  page,
  browser,
}) => {
  await signUp(page);
  const slug = await createComponent(page, { framework: 'HTML', prompt: 'A profile card' });

  const visitor = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/components/${slug}`);
  await expect(visitorPage.getByRole('article', { name: 'Version #1' })).toBeVisible();
  await expect(visitorPage.getByRole('tab', { name: 'Chat' })).toBeVisible();
  await expect(visitorPage.getByRole('tab', { name: 'History' })).toBeVisible();
  await expect(visitorPage.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
  await expect(visitorPage.getByRole('textbox', { name: 'Ask Kiln to change the component' })).toHaveCount(0);
  await visitorPage.getByRole('button', { name: 'Like' }).click();
  await expect(visitorPage.getByText('Please login to like a component')).toBeVisible();

  // Anyone viewing may copy the code and download the zip, but not lock files.
  await visitorPage.getByRole('radio', { name: 'Code' }).click();
  await expect(visitorPage.getByTestId('code-editor')).toContainText('<!doctype html>');
  await expect(visitorPage.getByRole('button', { name: /^Lock / })).toHaveCount(0);
  await visitorPage.getByRole('button', { name: 'Copy' }).click();
  await expect(visitorPage.getByText('Successfully copied')).toBeVisible();
  const download = visitorPage.waitForEvent('download');
  await visitorPage.getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('kiln-dev.zip');
  await visitorPage.getByRole('radio', { name: 'Preview' }).click();

  // Share is offered for a public component and opens the dialog with the link.
  await visitorPage.getByRole('button', { name: 'More actions' }).click();
  await visitorPage.getByRole('menuitem', { name: 'Share' }).click();
  const share = visitorPage.getByRole('dialog', { name: 'Share Your Component' });
  await expect(share.getByRole('textbox', { name: 'Link to the component' })).toHaveValue(
    new RegExp(`/components/${slug}$`),
  );
  await visitor.close();

  // Another signed-in person can like it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage, 'Charles Babbage');
  await otherPage.goto(`/components/${slug}`);
  await otherPage.getByRole('button', { name: 'Like' }).click();
  await expect(otherPage.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  await otherPage.reload();
  await expect(otherPage.getByRole('button', { name: 'Unlike' })).toBeVisible();

  // Non-subscribers get the subscriber message in the remix dialog.
  await otherPage.getByRole('button', { name: 'More actions' }).click();
  await otherPage.getByRole('menuitem', { name: 'Remix' }).click();
  await expect(otherPage.getByText('Only subscribers can remix projects...')).toBeVisible();
  await other.close();
});

test('a free owner is told about premium before a premium action, never refused after it (issue 35 item 3)', async ({
  page,
}) => {
  await signUp(page);
  await createComponent(page, { framework: 'HTML', prompt: 'A navbar' });
  const prompt = editorPrompt(page);
  await prompt.fill('Add a footer');
  await prompt.press('Enter');
  await waitForVersion(page, 2);
  const upsell = page.getByRole('dialog', { name: 'Premium account required' });

  // Delete Version says Premium, and opens the upsell instead of the destructive confirmation.
  const remove = page.getByRole('button', { name: /Delete Version/ });
  await expect(remove).toContainText('Premium');
  await remove.click();
  await expect(upsell).toContainText("You are not premium, you can't delete a version...");
  await expect(page.getByText('Are you sure you want to delete this version?')).toHaveCount(0);
  await upsell.getByRole('button', { name: 'Not now' }).click();
  await expect(upsell).toBeHidden();
  await expect(page.getByRole('article', { name: 'Version #2' })).toBeVisible();

  // Improve prompt: the upsell comes before any request.
  await prompt.fill('a blue footer with three links');
  await page.getByRole('button', { name: 'Improve prompt' }).click();
  await expect(upsell).toContainText('This is a premium feature. Please upgrade to continue.');
  await upsell.getByRole('button', { name: 'Not now' }).click();

  // Private mode: the hint is there before the switch; the switch opens the same upsell, which leads to /pricing.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('Changing visibility is a Premium feature.')).toBeVisible();
  await page.getByRole('switch', { name: 'Private mode' }).click();
  await expect(upsell).toContainText('You are not premium, the visibility cannot be changed...');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('switch', { name: 'Private mode' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Private mode' }).click();
  await upsell.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('premium: HTML theme, private mode, delete a version, remix to a new slug, image paste', async ({
  page,
}) => {
  await signInPremium(page);
  const slug = await createComponent(page, { framework: 'HTML', prompt: 'A pricing table with three plans' });

  // Theme sheet: choose 'dark'; the version's page gets data-theme="dark".
  await page.getByRole('button', { name: 'Component theme' }).click();
  const sheet = page.getByRole('dialog', { name: 'Component Theme' });
  await expect(sheet.getByText('Current theme:')).toBeVisible();
  await sheet.getByRole('button', { name: 'dracula theme' }).click();
  await expect(sheet.getByRole('button', { name: 'dracula theme' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sheet.locator('img').first()).toHaveAttribute('src', '/daisy-themes/light.png');
  await page.keyboard.press('Escape');
  await expect(
    page.frameLocator('iframe[title^="Preview of"]').first().locator('html[data-theme="dracula"]'),
  ).toHaveCount(1);

  // Private mode on: a visitor gets 'not found'.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('switch', { name: 'Private mode' }).click();
  await expect(page.getByRole('switch', { name: 'Private mode' })).toHaveAttribute('aria-checked', 'true');
  const anonymous = await page.context().browser()!.newContext();
  const anonymousPage = await anonymous.newPage();
  await anonymousPage.goto(`/components/${slug}`);
  await expect(anonymousPage.getByRole('heading', { name: 'Component not found' })).toBeVisible();
  await anonymous.close();
  // Share is offered only for public components.
  await page.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Remix' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Share' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('switch', { name: 'Private mode' }).click();
  await expect(page.getByRole('switch', { name: 'Private mode' })).toHaveAttribute('aria-checked', 'false');

  // An image pasted into the prompt is attached (premium).
  await page.getByRole('tab', { name: 'Chat' }).click();
  const prompt = editorPrompt(page);
  await prompt.focus();
  await page.evaluate(async () => {
    const bytes = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      ),
      (c) => c.charCodeAt(0),
    );
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'sketch.png', { type: 'image/png' }));
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(page.getByRole('list', { name: 'Attached files' }).getByText('sketch.png')).toBeVisible();
  await prompt.fill('Add a footer');
  await prompt.press('Enter');
  await waitForVersion(page, 2);
  await expect(
    page.getByRole('article', { name: /Prompt by/ }).getByRole('img', { name: 'sketch.png' }),
  ).toBeVisible();

  // Delete version 2 (more than 2 messages): version 1 is selected again.
  await page.getByRole('button', { name: 'Delete Version' }).click();
  await expect(page.getByText('Are you sure you want to delete this version?')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Version' }).click();
  await expect(page).toHaveURL(/[?&]v=1\b/);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('list', { name: 'Versions' }).getByRole('button')).toHaveCount(1);

  // Remix lands on the new slug.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Remix' }).click();
  await expect(page.getByText('Remixing from selected version #1')).toBeVisible();
  await page.getByRole('button', { name: 'Remix Component' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/components/${slug}`));
  await expect(page).toHaveURL(/\/components\//);
  await expect(page.getByRole('link', { name: /Remix of/ })).toBeVisible();
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Remix' }).click();
  const again = page.getByRole('dialog', { name: 'Already Remixed' });
  await expect(again.getByRole('link', { name: 'Open the original' })).toHaveAttribute(
    'href',
    `/components/${slug}`,
  );
});
