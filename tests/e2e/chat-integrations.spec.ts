import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInPremium, signUp } from './support/accounts.ts';
import { createComponent } from './support/components.ts';
import { toastTitled } from './support/toasts.ts';
import { settledStyles } from './support/a11y.ts';

/**
 * Issue 16 item 2 in the browser: the editor's Integrations tab — 'Configure Integrations' with
 * none, a switch per type, the selector between two of a type, 'Using: {name}', the spec's toasts,
 * and the upsell for a free owner.
 */

async function openIntegrationsTab(page: Page) {
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { name: 'Integrations', level: 2 })).toBeVisible();
}

/** Adds a Stripe integration through the API, from the app's own page (same origin). */
async function addStripe(page: Page, name: string) {
  const status = await page.evaluate(async (name) => {
    const response = await fetch('/api/integrations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name,
        type: 'payments',
        provider: 'stripe',
        credentials: { publishableKey: 'pk_test_e2e', secretKey: 'sk_test_e2e_secret' },
      }),
    });
    return response.status;
  }, name);
  expect(status).toBe(201);
}

test('a premium owner enables, switches and disables a chat integration', async ({ page }) => {
  test.setTimeout(120_000);
  await signInPremium(page);
  await createComponent(page, { framework: 'React', prompt: 'A checkout page' });

  await openIntegrationsTab(page);
  await expect(page.getByRole('link', { name: 'Configure Integrations' })).toHaveAttribute(
    'href',
    '/account/integrations',
  );

  await addStripe(page, 'Shop A');
  await addStripe(page, 'Shop B');
  await page.reload();
  await openIntegrationsTab(page);
  await expect(page.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/account/integrations');

  // A type without any integration: the spec's toast, and the switch stays off.
  await page.getByRole('switch', { name: 'E-mail sending' }).click();
  await expect(toastTitled(page, 'No integration available')).toBeVisible();
  await expect(page.getByText('Please configure an integration in settings first')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'E-mail sending' })).not.toBeChecked();

  const payments = page.getByRole('switch', { name: 'Card payments' });
  await payments.click();
  await expect(payments).toBeChecked();
  await expect(page.getByText('Using: Shop A')).toBeVisible();

  await page.getByRole('combobox', { name: 'Card payments integration' }).selectOption({ label: 'Shop B' });
  await expect(page.getByText('Using: Shop B')).toBeVisible();
  // No serious or critical accessibility finding in the panel, light or dark.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await settledStyles(page);
    await page
      .getByRole('tabpanel')
      .screenshot({ path: test.info().outputPath(`integrations-${colorScheme}.png`) });
    const results = await new AxeBuilder({ page }).include('[role="tabpanel"]').analyze();
    const found = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${colorScheme} ${violation.id}`);
    expect(found).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The server holds the choice: it is still there after a reload.
  await page.reload();
  await openIntegrationsTab(page);
  await expect(page.getByText('Using: Shop B')).toBeVisible();

  await page.getByRole('switch', { name: 'Card payments' }).click();
  await expect(page.getByRole('switch', { name: 'Card payments' })).not.toBeChecked();
  await expect(page.getByText(/^Using:/)).toHaveCount(0);
});

test('a free owner sees the premium upsell', async ({ page }) => {
  await signUp(page);
  await createComponent(page, { framework: 'React', prompt: 'A checkout page' });
  await openIntegrationsTab(page);
  await expect(page.getByText('Premium feature required')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
});
