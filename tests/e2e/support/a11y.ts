import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface AxeScope {
  /** Only this part of the page (a selector). */
  include?: string;
  /** Leave this part out (the preview's frame: generated content, not Kiln's). */
  exclude?: string;
}

/**
 * Waits until no CSS transition or finite animation runs: a colour scheme just switched is
 * checked once its colours have arrived, not halfway (a loaded machine stretches nothing, but
 * axe reads computed colours the moment it is asked). Endless animations (spinners) are ignored.
 */
export async function settledStyles(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** axe's serious or critical findings on the page as it is shown now. */
export async function seriousViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  await settledStyles(page);
  let builder = new AxeBuilder({ page });
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** The same in the light and the dark colour scheme (each finding says which); light after. */
export async function seriousViolationsLightAndDark(page: Page, scope: AxeScope = {}): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await themeApplied(page, colorScheme);
    for (const finding of await seriousViolations(page, scope)) found.push(`${colorScheme} ${finding}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await themeApplied(page, 'light');
  return found;
}

/**
 * Kiln's theme follows the system's scheme in a React effect (src/web/theme/), a moment after the
 * media change: until then the canvas is already dark and the classes still light, and axe found
 * dark text on it (a billing e2e failed so on a loaded machine). A page that sets a scheme of its
 * own (the theme switch) is taken as it is.
 */
async function themeApplied(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.waitForFunction((scheme) => {
    const root = document.documentElement;
    if (localStorage.getItem('kiln-theme')) return true;
    return root.classList.contains('dark') === (scheme === 'dark');
  }, colorScheme);
}
