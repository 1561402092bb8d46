import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { periodOf } from '../support/fake-stripe/account.ts';
import { signInPremium, signUp } from './support/accounts.ts';
import { useFakeStripe } from './support/stripe.ts';
import { toastTitled } from './support/toasts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';
import { seriousViolationsLightAndDark } from './support/a11y.ts';

/**
 * Issue 18 in the browser, against a loopback Stripe (tests/support/fake-stripe/; playwright.config.ts
 * gives Kiln its address and keys): its hosted Checkout and portal pages are what a buyer clicks,
 * and its webhooks, signed with the real SDK, reach Kiln's /api/billing/webhook.
 */

const fakeStripe = useFakeStripe();

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const longDate = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Uses up the free plan's monthly versions with real generations (the demo model answers at
 * once) through the same call the editor makes, until the server refuses with 'limit-exceeded'.
 */
async function useUpFreeVersions(page: Page, slug: string): Promise<number> {
  return page.evaluate(async (slug) => {
    const { chat } = (await (await fetch(`/api/chats/by-slug/${slug}`)).json()) as { chat: { id: string } };
    for (let made = 0; made < 100; made++) {
      const form = new FormData();
      form.set('prompt', `Change number ${made}`);
      form.set('id', chat.id);
      const response = await fetch(`/api/components?id=${encodeURIComponent(chat.id)}`, {
        method: 'POST',
        body: form,
      });
      const body = await response.text();
      if (response.status === 429) return made;
      if (!response.ok) throw new Error(`generation ${made} failed: ${response.status} ${body}`);
    }
    throw new Error('the free plan never ran out');
  }, slug);
}

test('a free user out of versions buys extra versions through Checkout and generates again', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUp(page);
  const slug = await createComponent(page, { framework: 'HTML', prompt: 'A pricing table with three plans' });
  // Version 1 plus these fill the free month (20 versions).
  expect(await useUpFreeVersions(page, slug)).toBe(19);

  const latest = 20;
  await page.goto(`/components/${slug}`);
  await expect(page.getByRole('article', { name: `Version #${latest}` })).toBeVisible();
  await editorPrompt(page).fill('Add a footer');
  await editorPrompt(page).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Monthly message limit reached' });
  await expect(dialog.getByText(/limit of 20 versions this month/)).toBeVisible();
  await dialog.getByRole('link', { name: 'Buy extra versions ($1 each)' }).click();

  // The account page opens on the picker: 10 by default, $1 each.
  await expect(page).toHaveURL(/\/account\?buy_extra=true$/);
  const card = page.locator('#extra-versions');
  await expect(card).toBeFocused();
  const quantity = card.getByRole('spinbutton', { name: 'Extra versions' });
  await expect(quantity).toHaveValue('10');
  await expect(card.getByText('Total $10')).toBeVisible();
  await quantity.fill('101');
  await expect(card.getByText('Choose a whole number from 1 to 100.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Buy extra versions' })).toBeDisabled();
  await quantity.fill('3');
  await expect(card.getByText('Total $3')).toBeVisible();
  await screenshot(page, testInfo, 'account-extra-versions-picker');
  expect(await seriousViolationsLightAndDark(page)).toEqual([]);
  await card.getByRole('button', { name: 'Buy 3 extra versions' }).click();

  // Stripe's hosted Checkout (the fake's): three versions at $1, then Pay.
  await expect(page).toHaveURL(new RegExp(`^${fakeStripe().url}/pay/cs_`));
  await expect(page.getByTestId('total')).toHaveText('3.00 USD');
  await screenshot(page, testInfo, 'checkout-extra-versions');
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on the account page: the webhook added the credits exactly once.
  await expect(page).toHaveURL(/\/account$/);
  await expect(toastTitled(page, 'Extra versions added')).toContainText('You now have 3 extra versions.');
  await expect(page.getByText('3 extra versions left after that.')).toBeVisible();
  await screenshot(page, testInfo, 'account-extra-versions-bought');

  // And the editor generates again, spending one of them.
  await page.goto(`/components/${slug}`);
  await expect(page.getByRole('article', { name: `Version #${latest}` })).toBeVisible();
  await editorPrompt(page).fill('Add a footer');
  await editorPrompt(page).press('Enter');
  await waitForVersion(page, latest + 1);
  await page.goto('/account');
  await expect(page.getByText('2 extra versions left after that.')).toBeVisible();
});

test('upgrading on /pricing goes through Checkout; the portal cancels at the period end', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page, 'Katherine Johnson');
  await page.goto('/pricing');
  const premium = page.getByRole('region', { name: 'Premium' });
  await expect(premium.getByText('$20', { exact: true })).toBeVisible();
  await expect(premium.getByText('per month')).toBeVisible();
  // What Premium includes, as it is today: all of it has launched (issue 35 item 2).
  await expect(premium.getByText('Deploy to a subdomain or your own domain')).toBeVisible();
  await expect(premium.getByText('Sync with GitHub')).toBeVisible();
  await expect(premium.getByText(/as they launch/)).toHaveCount(0);
  await page.getByRole('radio', { name: 'Yearly (save 17%)' }).click();
  await expect(premium.getByText('$200', { exact: true })).toBeVisible();
  await expect(premium.getByText('$16.67 a month, billed yearly — you save $40 (17%)')).toBeVisible();
  await screenshot(page, testInfo, 'pricing-yearly');
  expect(await seriousViolationsLightAndDark(page)).toEqual([]);

  // Leaving Checkout with its 'Cancel' link comes back calmly.
  await premium.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fakeStripe().url}/pay/cs_`));
  await expect(page.getByText('per year')).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(toastTitled(page, 'Checkout canceled')).toBeVisible();

  // Monthly, paid.
  await page.getByRole('radio', { name: 'Monthly' }).click();
  await premium.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fakeStripe().url}/pay/cs_`));
  await expect(page.getByText('per month')).toBeVisible();
  await expect(page.getByTestId('total')).toHaveText('20.00 USD');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(toastTitled(page, 'Welcome to Premium')).toBeVisible();
  const plan = page.getByRole('region', { name: 'Plan' });
  const subscription = [...fakeStripe().subscriptions.values()].at(-1)!;
  const { start, end } = periodOf(subscription);
  const periodEnd = longDate.format(new Date(end * 1000));
  await expect(plan.getByText('Premium', { exact: true })).toBeVisible();
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
  await expect(plan.getByText('Monthly', { exact: true })).toBeVisible();
  await expect(plan.getByText(longDate.format(new Date(start * 1000)))).toBeVisible();
  // Which date is the billing renewal and which the version limit's reset (issue 35 item 2).
  await expect(plan.getByText('Subscription renews on')).toBeVisible();
  await expect(page.getByText(/^Version limit resets on /)).toBeVisible();
  await expect(plan.getByText(periodEnd)).toBeVisible();
  await screenshot(page, testInfo, 'account-premium-active');
  expect(await seriousViolationsLightAndDark(page)).toEqual([]);

  // The customer portal: cancel, then back to Kiln.
  await plan.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fakeStripe().url}/portal/`));
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText(/Cancels on/)).toBeVisible();
  await page.getByRole('link', { name: 'Return to Kiln' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(plan.getByText(`Canceling on ${periodEnd}`)).toBeVisible();
  await expect(plan.getByText('Subscription ends on')).toBeVisible();
  await expect(plan.getByText('Premium', { exact: true })).toBeVisible();
  await screenshot(page, testInfo, 'account-premium-canceling');

  // Premium already: /pricing sends to the account instead of a second Checkout.
  await page.goto('/pricing');
  await expect(premium.getByRole('link', { name: 'Go to My Account' })).toBeVisible();
});

test('a plan granted by the administrator says so and has no Stripe portal', async ({ page }) => {
  await signInPremium(page);
  await page.goto('/account');
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(
    plan.getByText('Your plan is managed by the administrator of this Kiln server.'),
  ).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Manage subscription' })).toHaveCount(0);
});

test("back from Checkout before Stripe's webhook, the account says it is confirming until the webhook lands", async ({
  page,
}) => {
  await signUp(page, 'Dorothy Vaughan');
  await page.goto('/pricing');
  await page
    .getByRole('region', { name: 'Premium' })
    .getByRole('button', { name: 'Upgrade to Premium' })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${fakeStripe().url}/pay/cs_`));
  // Stripe holds the events back (they are kept, not sent) while the buyer returns.
  fakeStripe().setWebhookUrl(undefined);
  const held = fakeStripe().deliveries.length;
  try {
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const plan = page.getByRole('region', { name: 'Plan' });
    await expect(plan.getByText('Confirming your payment…')).toBeVisible();
    await expect(toastTitled(page, 'Confirming your payment…')).toBeVisible();
    await expect(plan.getByText('Free', { exact: true })).toBeVisible();
  } finally {
    fakeStripe().setWebhookUrl(`${test.info().project.use.baseURL}/api/billing/webhook`);
  }
  for (const delivery of fakeStripe().deliveries.slice(held)) {
    expect((await fakeStripe().deliver(delivery.event)).status).toBe(200);
  }
  await expect(toastTitled(page, 'Welcome to Premium')).toBeVisible();
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan.getByText('Premium', { exact: true })).toBeVisible();
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
  await expect(plan.getByText('Confirming your payment…')).toHaveCount(0);
});
