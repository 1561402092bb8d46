import { expect, test, type Locator } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createComponent } from './support/components.ts';

/**
 * The demo pricing table's section is `bg-base-200` (daisyUI) and its badge `bg-indigo-600`
 * (Tailwind). Unstyled, both are transparent. The expected colour is the page's own theme
 * variable, resolved by the browser, so the test follows daisyUI's values instead of copying them.
 */
async function styles(section: Locator) {
  return section.evaluate((element) => {
    const probe = element.ownerDocument.createElement('span');
    probe.style.color = 'var(--color-base-200)';
    element.ownerDocument.body.append(probe);
    const themeBase200 = getComputedStyle(probe).color;
    probe.remove();
    const badge = element.querySelector('span.absolute');
    return {
      section: getComputedStyle(element).backgroundColor,
      themeBase200,
      badge: badge ? getComputedStyle(badge).backgroundColor : null,
    };
  });
}

const TRANSPARENT = ['rgba(0, 0, 0, 0)', 'transparent', ''];

async function expectStyled(section: Locator): Promise<string> {
  await expect(section).toBeVisible();
  // Tailwind's browser build styles the page after it loads: wait for it, not for a time. The
  // frame may also be replaced meanwhile (the editor reloads a preview when its version's check
  // lands: the last CI's 'Target page ... has been closed'), so the measure is taken again then.
  const seen: { styles?: Awaited<ReturnType<typeof styles>> } = {};
  await expect(async () => {
    const now = await styles(section);
    expect(now.badge).not.toBeNull();
    expect(TRANSPARENT).not.toContain(now.badge);
    seen.styles = now;
  }).toPass();
  const measured = seen.styles!;
  expect(TRANSPARENT).not.toContain(measured.section);
  expect(TRANSPARENT).not.toContain(measured.themeBase200);
  expect(measured.section).toBe(measured.themeBase200);
  return measured.section;
}

test('HTML versions are styled in the canvas, in fullscreen, in a new tab and after a theme change', async ({
  page,
}) => {
  await signUp(page);
  await createComponent(page, { framework: 'HTML', prompt: 'A pricing table with three plans' });
  const canvasSection = page.frameLocator('iframe[title^="Preview of"]').first().locator('section').first();
  const lightBase200 = await expectStyled(canvasSection);

  // Fullscreen: the version at its webcontainer host, in a dialog.
  await page.getByRole('button', { name: 'Fullscreen' }).click();
  const fullscreen = page.getByRole('dialog', { name: /Pricing Table/ });
  expect(await expectStyled(fullscreen.frameLocator('iframe').locator('section').first())).toBe(lightBase200);
  await page.keyboard.press('Escape');
  await expect(fullscreen).toBeHidden();

  // 'Open in a new tab': /content/{chatId}/{version}, which sends it to its preview host.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Open in a new tab' }).click(),
  ]);
  await expect(tab).toHaveURL(/^http:\/\/[^/]+-1\.preview\.localhost:\d+\/$/);
  expect(await expectStyled(tab.locator('section').first())).toBe(lightBase200);
  await tab.close();

  // A theme change recolours the preview.
  await page.getByRole('button', { name: 'Component theme' }).click();
  const sheet = page.getByRole('dialog', { name: 'Component Theme' });
  await sheet.getByRole('button', { name: 'dracula theme' }).click();
  await expect(sheet.getByRole('button', { name: 'dracula theme' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  const frame = page.frameLocator('iframe[title^="Preview of"]').first();
  await expect(frame.locator('html[data-theme="dracula"]')).toHaveCount(1);
  const draculaBase200 = await expectStyled(frame.locator('section').first());
  expect(draculaBase200).not.toBe(lightBase200);
});
