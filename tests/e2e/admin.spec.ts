import { expect, test, type Page } from '@playwright/test';
import { ADMIN_TEXTS, type AdminUserPage } from '../../src/core/admin/index.ts';
import { seriousViolationsLightAndDark, settledStyles } from './support/a11y.ts';
import { signUp } from './support/accounts.ts';
import { toastTitled } from './support/toasts.ts';

/**
 * Issue 35 item 9 end to end: /admin. The e2e install's administrator is `premium-0@kiln.test`,
 * the first account playwright.config.ts makes (the first account of an install is its
 * administrator). Other specs use that account beside this one, so only accounts this spec makes
 * are changed; the administrator is only signed in (never out) in a context of its own.
 */

const PASSWORD = 'analytical-engine-1843';

function adminAccount() {
  const email = process.env.KILN_E2E_PREMIUM_EMAIL?.replace('{n}', '0');
  const password = process.env.KILN_E2E_PREMIUM_PASSWORD;
  if (!email || !password) throw new Error('playwright.config.ts did not create the premium accounts');
  return { email, password };
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Open account menu' }).click();
  return page.getByRole('menu');
}

async function isAdmin(page: Page): Promise<boolean> {
  const me = (await (await page.request.get('/api/me')).json()) as { user: { isAdmin: boolean } | null };
  return me.user?.isAdmin === true;
}

/** 'March 5, 2027', as the users list writes a grant's end (UTC). */
const day = (offsetDays: number) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

test('an administrator grants premium, disables and enables an account; others are kept out', async ({
  page,
  browser,
}, testInfo) => {
  // A new account is no administrator: /admin says so, and its menu has no link to it.
  const person = await signUp(page, 'Mary Somerville');
  expect(await isAdmin(page)).toBe(false);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await expect(page.getByText('Only administrators can open this page.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  const personMenu = await openUserMenu(page);
  await expect(personMenu.getByRole('menuitem', { name: 'Account' })).toBeVisible();
  await expect(personMenu.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The administrator, in a browser of their own, opens Administration from the user menu.
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  const { email: adminEmail, password: adminPassword } = adminAccount();
  await admin.goto('/login');
  await signIn(admin, adminEmail, adminPassword);
  await expect(admin).toHaveURL(/\/$/);
  expect(await isAdmin(admin)).toBe(true);
  await (await openUserMenu(admin)).getByRole('menuitem', { name: 'Administration' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  const accounts = admin.getByRole('list', { name: 'Accounts' });
  await expect(accounts.getByRole('listitem').first()).toBeVisible();

  await admin.getByRole('searchbox', { name: 'Search users' }).fill(person.email);
  const row = accounts.getByRole('listitem', { name: person.email, exact: true });
  await expect(accounts.getByRole('listitem')).toHaveCount(1);
  await expect(row.getByText(person.name)).toBeVisible();
  await expect(row.getByTestId('user-plan')).toHaveText('Free');

  // Premium for 30 days: the row says until when.
  await row.getByRole('button', { name: 'Grant premium' }).click();
  const grant = admin.getByRole('dialog', { name: 'Grant premium' });
  await grant.getByLabel('Number of days').fill('30');
  await grant.getByRole('button', { name: 'Grant 30 days' }).click();
  await expect(grant).toBeHidden();
  await expect(row.getByTestId('user-plan')).toHaveText(
    new RegExp(`^Premium\\s*until (${day(30)}|${day(31)})$`),
  );

  // Disabled (asked first): the person's own page is signed out, and signing in is refused.
  await row.getByRole('button', { name: 'Disable' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Disable this account?' });
  await expect(confirm).toContainText('signed out everywhere');
  await confirm.getByRole('button', { name: 'Disable account' }).click();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);
  expect((await (await page.request.get('/api/me')).json()).user).toBeNull();
  await signIn(page, person.email, PASSWORD);
  await expect(page.getByText('This account has been disabled by an administrator.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // Enabled again: the person signs in (and is still no administrator).
  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(row.getByText('Disabled', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Only administrators can open this page.')).toBeVisible();

  // Every account again (this one, the premium accounts): checked in both colour schemes.
  await admin.getByRole('searchbox', { name: 'Search users' }).fill('');
  await expect(accounts.getByRole('listitem', { name: adminEmail, exact: true })).toBeVisible();
  await expect(async () => {
    expect(await seriousViolationsLightAndDark(admin)).toEqual([]);
  }).toPass();
  await screenshot(admin, testInfo.outputPath('admin-users-1440.png'));

  // The activity lists the changes, with the account they were made to.
  await admin.getByRole('tab', { name: 'Activity' }).click();
  const activity = admin.getByRole('list', { name: 'Activity' });
  for (const action of ['Granted premium', 'Disabled the account', 'Enabled the account']) {
    await expect(
      activity.getByRole('listitem').filter({ hasText: action }).filter({ hasText: person.email }).first(),
    ).toBeVisible();
  }
  await expect(
    activity.getByRole('listitem').filter({ hasText: 'Granted premium' }).filter({ hasText: person.email }),
  ).toContainText(`by ${adminEmail}`);

  // One's own administrator role cannot go while one is the only administrator.
  const adminCount = await countAdmins(admin);
  await admin.getByRole('tab', { name: 'Users' }).click();
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(adminEmail);
  const ownRow = accounts.getByRole('listitem', { name: adminEmail, exact: true });
  await expect(ownRow.getByText('You', { exact: true })).toBeVisible();
  await expect(ownRow.getByText('Admin', { exact: true })).toBeVisible();
  if (adminCount === 1) {
    await ownRow.getByRole('button', { name: 'Remove admin' }).click();
    await admin
      .getByRole('alertdialog', { name: 'Remove the administrator role?' })
      .getByRole('button', { name: 'Remove admin' })
      .click();
    await expect(toastTitled(admin, 'The role was not changed')).toContainText(ADMIN_TEXTS.lastAdmin);
    await expect(ownRow.getByText('Admin', { exact: true })).toBeVisible();
  } else {
    testInfo.annotations.push({
      type: 'skipped step',
      description: `${adminCount} administrators: removing one's own role would be allowed`,
    });
  }

  // Builds and servers, deployments and domains.
  await admin.getByRole('tab', { name: 'Builds and servers' }).click();
  await expect(admin.getByRole('heading', { name: 'Build queue' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'App servers' })).toBeVisible();
  const counts = admin.getByRole('definition');
  await expect(counts.first()).toHaveText(/^\d+$/);
  await admin.getByRole('button', { name: 'Refresh' }).click();
  await expect(admin).toHaveURL(/\?tab=builds$/);
  await expect(async () => {
    expect(await seriousViolationsLightAndDark(admin)).toEqual([]);
  }).toPass();
  await screenshot(admin, testInfo.outputPath('admin-builds-1440.png'));
  await admin.getByRole('tab', { name: 'Deployments' }).click();
  await expect(admin.getByRole('heading', { name: 'Deployments' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Custom domains' })).toBeVisible();
  await screenshot(admin, testInfo.outputPath('admin-deployments-1440.png'));

  // A phone: nothing runs off the side of the page.
  await admin.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['Builds and servers', 'Activity', 'Users']) {
    await admin.getByRole('tab', { name: tab }).click();
    await expect(admin.getByRole('tabpanel')).toBeVisible();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (tab === 'Activity') await screenshot(admin, testInfo.outputPath('admin-activity-390.png'));
  }
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(person.email);
  await expect(accounts.getByRole('listitem')).toHaveCount(1);
  await screenshot(admin, testInfo.outputPath('admin-users-390.png'));
  await adminContext.close();
});

/** The whole page once colours have stopped moving (the check above ends by switching back to light). */
async function screenshot(page: Page, path: string) {
  await settledStyles(page);
  await page.screenshot({ path, fullPage: true });
}

/** How many administrators the install has (every page of GET /api/admin/users). */
async function countAdmins(page: Page): Promise<number> {
  let admins = 0;
  for (let offset = 0; ;) {
    const answer = (await (
      await page.request.get(`/api/admin/users?offset=${offset}`)
    ).json()) as AdminUserPage;
    admins += answer.users.filter((user) => user.role === 'admin' && !user.disabled).length;
    offset += answer.users.length;
    if (answer.users.length === 0 || offset >= answer.total) return admins;
  }
}
