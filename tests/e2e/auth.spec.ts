import { expect, test, type Page } from '@playwright/test';

// One account per run; the data folder is fresh, but a unique address keeps reruns honest.
const person = {
  name: 'Ada Lovelace',
  email: `ada.${Date.now()}@example.com`,
  password: 'analytical-engine-1843',
};

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Open account menu' }).click();
  return page.getByRole('menu');
}

test('sign up, see the profile, sign out and sign in again', async ({ page }) => {
  await page.goto('/signup');
  await expect(page).toHaveTitle(/Create your account/);

  await page.getByLabel('Full name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Signed in: back home, welcomed, and the user menu holds the name and email.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome to Kiln, Ada.')).toBeVisible();
  const menu = await openUserMenu(page);
  await expect(menu.getByText(person.name)).toBeVisible();
  await expect(menu.getByText(person.email)).toBeVisible();

  // The profile page shows the author card.
  await menu.getByRole('menuitem', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(/\/users\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: person.name })).toBeVisible();
  await expect(page.getByText('Joined just now')).toBeVisible();
  await expect(page.getByText('No public components yet')).toBeVisible();
  await expect(page).toHaveTitle(`${person.name} · Kiln`);

  // Sign out.
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open account menu' })).toHaveCount(0);

  // Sign in again through /login, coming back to the page asked for.
  await page.goto('/login?next=/account');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByRole('main').getByText(person.email)).toBeVisible();
  await expect(await openUserMenu(page)).toContainText(person.name);
});

test('explains a wrong password, a duplicate email and a short password', async ({ page }) => {
  // Make sure the account exists (this test may run on its own).
  await page.request.post('/api/auth/sign-up/email', { data: person, failOnStatusCode: false });

  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password. Check both and try again.');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  // Too short: refused before any request, with the rule under the field.
  await page.getByLabel('Full name').fill('Another Ada');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();

  // Already registered: the message sits under the email field.
  await page.getByLabel('Password', { exact: true }).fill('long-enough-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(
    'An account with this email already exists. Sign in instead.',
  );
  await expect(page.getByRole('button', { name: 'Open account menu' })).toHaveCount(0);
});
