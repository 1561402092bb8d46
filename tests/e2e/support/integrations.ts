import { expect, type Page } from '@playwright/test';

/**
 * Turns on a type in the editor's Integrations tab and makes sure it uses `name`: the e2e suite
 * shares one premium account, so other specs' integrations of the same type may be listed first.
 */
export async function enableIntegration(page: Page, type: string, name: string): Promise<void> {
  const toggle = page.getByRole('switch', { name: type });
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(page.getByText(/^Using: /)).toBeVisible();
  const choice = page.getByLabel(`${type} integration`);
  if ((await choice.count()) > 0) await choice.selectOption({ label: name });
  await expect(page.getByText(`Using: ${name}`)).toBeVisible();
}
