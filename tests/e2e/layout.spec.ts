import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createComponent, editorPrompt } from './support/components.ts';

/**
 * Layout at a desktop (1400 px) and a phone (390 px) width: what is on screen is inside its box
 * and not covered. Each check saves a screenshot next to the test's results.
 */
const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

function expectInside(inner: Box, outer: Box) {
  expect(inner.x).toBeGreaterThanOrEqual(outer.x);
  expect(inner.y).toBeGreaterThanOrEqual(outer.y);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height);
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test("the limit dialog's buttons stay inside the dialog at 1400 and 390 px", async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page);
  await createComponent(page);
  await page.route(/\/api\/components(\?|$)/, (route) =>
    route.fulfill({
      status: 429,
      json: {
        error: {
          code: 'limit-exceeded',
          message: 'Monthly message limit reached',
          plan: 'free',
          limit: 20,
          resetsAt: '2030-02-01T00:00:00.000Z',
          credits: 0,
        },
      },
    }),
  );
  const prompt = editorPrompt(page);
  await prompt.fill('Add a footer');
  await prompt.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Monthly message limit reached' });
  await expect(dialog).toBeVisible();
  for (const [viewport, name] of [
    [DESKTOP, 'limit-dialog-1400'],
    [PHONE, 'limit-dialog-390'],
  ] as const) {
    await page.setViewportSize(viewport);
    const dialogBox = await boxOf(dialog);
    expectInside(dialogBox, { x: 0, y: 0, ...viewport });
    for (const label of ['Upgrade to a paid plan', 'Buy extra versions ($1 each)']) {
      const button = dialog.getByRole('link', { name: label });
      await expect(button).toBeVisible();
      expectInside(await boxOf(button), dialogBox);
      // The label is not cut either: the text fits its button.
      expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    await screenshot(page, testInfo, name);
  }
});

test('a toast covers neither the Like button nor the header, at 1400 and 390 px', async ({
  page,
  browser,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page);
  const slug = await createComponent(page);

  // A visitor's Like asks them to log in with a toast, right next to the Like button.
  for (const [viewport, name] of [
    [DESKTOP, 'toast-1400'],
    [PHONE, 'toast-390'],
  ] as const) {
    const visitor = await browser.newPage({ viewport });
    await visitor.goto(`/components/${slug}`);
    await visitor.evaluate(() => {
      (window as unknown as { likeToast: () => HTMLElement | null }).likeToast = () =>
        [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].find((element) =>
          element.textContent?.includes('Please login to like a component'),
        ) ?? null;
    });
    const like = visitor.getByRole('button', { name: 'Like', exact: true });
    await expect(like).toBeVisible();
    // The toast lasts 4 s: once it has slid into place, measure in one step; again if it is gone.
    await expect(async () => {
      const isShown = await visitor.evaluate(
        () => (window as unknown as { likeToast: () => HTMLElement | null }).likeToast() !== null,
      );
      if (!isShown) await like.dispatchEvent('click');
      await visitor.waitForFunction(() => {
        const toast = (window as unknown as { likeToast: () => HTMLElement | null }).likeToast();
        return toast !== null && toast.dataset.mounted === 'true' && toast.getAnimations().length === 0;
      });
      const measured = await visitor.evaluate(() => {
        const toast = (window as unknown as { likeToast: () => HTMLElement | null }).likeToast();
        const likeButton = document.querySelector<HTMLElement>('button[aria-label="Like"]');
        const header = document.querySelector<HTMLElement>('header');
        if (!toast || !likeButton || !header) return null;
        const rect = (element: HTMLElement) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return { x, y, width, height };
        };
        const like = rect(likeButton);
        const hit = document.elementFromPoint(like.x + like.width / 2, like.y + like.height / 2);
        return {
          toast: rect(toast),
          like,
          header: rect(header),
          isLikeOnTop: hit !== null && likeButton.contains(hit),
        };
      });
      expect(measured).not.toBeNull();
      expect(measured!.isLikeOnTop).toBe(true);
      expect(overlaps(measured!.toast, measured!.like)).toBe(false);
      expect(overlaps(measured!.toast, measured!.header)).toBe(false);
    }).toPass({ timeout: 20_000 });
    await screenshot(visitor, testInfo, name);
    await visitor.close();
  }
});

test('the code view at 390 px keeps the line numbers and whole lines with the Files list open', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page);
  await createComponent(page, { framework: 'React', prompt: 'A pricing table with three plans' });
  await page.setViewportSize(PHONE);
  await page.getByRole('radio', { name: 'Code' }).click();
  const files = page.getByRole('button', { name: 'Files' });
  await files.click();
  await expect(files).toHaveAttribute('aria-expanded', 'true');
  const tree = page.getByRole('navigation', { name: 'Files' });
  await expect(tree).toBeVisible();
  const code = page.getByRole('region', { name: 'Code (read-only)' });
  await expect(code.getByText('export default function App')).toBeVisible();

  const measured = await code.evaluate((scroller) => {
    const gutter = scroller.querySelector<HTMLElement>('.cm-gutters');
    const firstNumber = [...scroller.querySelectorAll<HTMLElement>('.cm-lineNumbers .cm-gutterElement')].find(
      (element) => element.textContent === '1',
    );
    if (!gutter || !firstNumber) return null;
    const box = firstNumber.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const view = scroller.getBoundingClientRect();
    const lines = [...scroller.querySelectorAll<HTMLElement>('.cm-line')];
    return {
      isNumberOnTop: hit !== null && gutter.contains(hit),
      isGutterOnScreen: box.x >= 0 && box.x + box.width <= window.innerWidth,
      hasHorizontalOverflow: scroller.scrollWidth > scroller.clientWidth,
      clippedLines: lines.filter((line) => line.getBoundingClientRect().right > view.right + 0.5).length,
    };
  });
  expect(measured).not.toBeNull();
  expect(measured!.isNumberOnTop).toBe(true);
  expect(measured!.isGutterOnScreen).toBe(true);
  expect(measured!.hasHorizontalOverflow).toBe(false);
  expect(measured!.clippedLines).toBe(0);
  await screenshot(page, testInfo, 'code-files-390');

  await page.setViewportSize(DESKTOP);
  await expect(tree).toBeVisible();
  await expect(code.locator('.cm-gutters')).toBeVisible();
  await screenshot(page, testInfo, 'code-files-1400');
});

test('after sign-up the page never goes blank while the next page loads', async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  // The home page's code is held back until the test has looked at the screen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/home-page-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(`e2e.layout.${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('analytical-engine-1843');
  await page.getByRole('button', { name: 'Create account' }).click();
  // Signed up (the welcome toast) and on the way home: the form is still shown, not an empty page.
  await expect(page.getByText('Welcome to Kiln')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Creating account…' })).toBeVisible();
  expect(
    await page.locator('main').evaluate((main) => (main.textContent ?? '').trim().length),
  ).toBeGreaterThan(0);
  await screenshot(page, testInfo, 'signup-pending-1400');
  release();
  await expect(page.getByRole('heading', { name: 'What do you want to build?' })).toBeVisible();
});

test('the prompt counter and the limit hint write numbers the same way', async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  await signUp(page);
  const prompt = page.getByRole('textbox', { name: 'Describe what you want to build' });
  await prompt.fill('a'.repeat(2001));
  await expect(page.getByText('2,001/2,000')).toBeVisible();
  await expect(
    page.getByText('Limit: 2,000 characters. Upgrade to a paid plan to get 10,000 characters!'),
  ).toBeVisible();
  await screenshot(page, testInfo, 'prompt-limit-390');
});

test('every sidebar tab is in sight and opens by its name at 1280, 1440 and 390 px', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page);
  // A React chat of its owner: all six tabs (Integrations is hidden only for HTML).
  await createComponent(page, { framework: 'React', prompt: 'A pricing table with three plans' });
  const names = ['Chat', 'History', 'GitHub', 'Integrations', 'Deployment', 'Settings'];
  for (const [viewport, label] of [
    [{ width: 1280, height: 800 }, 'tabs-1280'],
    [{ width: 1440, height: 900 }, 'tabs-1440'],
    [PHONE, 'tabs-390'],
  ] as const) {
    await page.setViewportSize(viewport);
    if (viewport.width < 768) await page.getByRole('button', { name: 'Open chat' }).click();
    const strip = page.getByRole('tablist', { name: 'Sidebar' });
    // The phone's drawer slides in: its box is measured once it is whole in the window.
    await expect(strip.locator('..')).toBeInViewport({ ratio: 1 });
    const stripBox = await boxOf(strip.locator('..'));
    for (const name of names) {
      const tab = strip.getByRole('tab', { name, exact: true });
      // In sight without scrolling the strip: inside its box and inside the window.
      expectInside(await boxOf(tab), stripBox);
      await expect(tab).toBeInViewport({ ratio: 1 });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    }
    await screenshot(page, testInfo, label);
    await strip.getByRole('tab', { name: 'Chat', exact: true }).click();
    if (viewport.width < 768) await page.keyboard.press('Escape');
  }
});
