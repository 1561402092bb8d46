import { expect, test, type Page } from '@playwright/test';

let counter = 0;

/** A new free account, signed in on `page`. */
export async function signUp(page: Page, name = 'Ada Lovelace'): Promise<{ email: string; name: string }> {
  // Workers sign up side by side: the worker's slot keeps two addresses of one millisecond apart.
  const email = `e2e.${Date.now()}.${test.info().parallelIndex}.${counter++}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('analytical-engine-1843');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);
  return { email, name };
}

/**
 * This worker's premium account, made by playwright.config.ts with the admin CLI before the
 * server started (the embedded database is locked while the server runs). One per worker slot:
 * specs side by side never share an account (a sign-out ends all of its generations).
 */
export async function signInPremium(page: Page): Promise<void> {
  const email = process.env.KILN_E2E_PREMIUM_EMAIL?.replace('{n}', String(test.info().parallelIndex));
  const password = process.env.KILN_E2E_PREMIUM_PASSWORD;
  if (!email || !password) throw new Error('playwright.config.ts did not create the premium accounts');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}
