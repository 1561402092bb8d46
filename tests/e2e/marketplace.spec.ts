import { expect, test } from '@playwright/test';
import { signInPremium, signUp } from './support/accounts.ts';
import { useFakeStripe } from './support/stripe.ts';
import { toastTitled } from './support/toasts.ts';
import { createComponent } from './support/components.ts';

/**
 * Issue 18 item 4 in the browser: an owner lists a private component from the Settings tab, another
 * person buys it on /marketplace through the (fake) Stripe Checkout, the signed webhook gives them
 * their own private copy, and they open it. The loopback Stripe is the one playwright.config.ts
 * points Kiln at (tests/e2e/billing.spec.ts starts and stops it the same way).
 */

const fakeStripe = useFakeStripe();

test('list a private component, buy it as another person through Checkout, open the copy', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInPremium(page);
  const slug = await createComponent(page, { framework: 'HTML', prompt: 'A pricing table with three plans' });
  const { chat } = (await (await page.request.get(`/api/chats/by-slug/${slug}`)).json()) as {
    chat: { title: string };
  };

  // Settings: a public component cannot be listed until it is private.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'List on marketplace' });
  await expect(section.getByText('Make it private to list it')).toBeVisible();
  await expect(section.getByRole('button', { name: 'List on marketplace' })).toBeDisabled();
  await page.getByRole('switch', { name: 'Private mode' }).click();
  await expect(page.getByRole('switch', { name: 'Private mode' })).toHaveAttribute('aria-checked', 'true');
  await expect(section.getByText('Make it private to list it')).toHaveCount(0);

  await section.getByLabel('Price (USD)').fill('0.50');
  await section.getByRole('button', { name: 'List on marketplace' }).click();
  await expect(section.getByText('The price must be between $1 and $1,000.')).toBeVisible();
  await section.getByLabel('Price (USD)').fill('19');
  await section.getByLabel('Description').fill('Three plans, a highlighted favourite.');
  await section.getByRole('button', { name: 'List on marketplace' }).click();
  await expect(toastTitled(page, 'Listed on the marketplace')).toBeVisible();
  await expect(section.getByText('Listed: version #1 for $19.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Update listing' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Remove listing' })).toBeVisible();

  // While listed it must stay private.
  await page.getByRole('switch', { name: 'Private mode' }).click();
  await expect(page.getByText(/listed on the marketplace and must stay private/)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Private mode' })).toHaveAttribute('aria-checked', 'true');

  // The seller sees their own card (the editor has no site header: the home page's has the link).
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
  const ownCard = page.getByRole('article', { name: chat.title });
  await expect(ownCard.getByText('Your listing')).toBeVisible();
  await expect(ownCard.getByRole('button', { name: /^Buy for/ })).toHaveCount(0);

  // Another person buys it.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signUp(buyer, 'Bea Buyer');
  await buyer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).click();
  const card = buyer.getByRole('article', { name: chat.title });
  await expect(card.getByText('$19', { exact: true })).toBeVisible();
  await expect(card.getByText('Grace Hopper')).toBeVisible();
  await expect(card.getByText('Three plans, a highlighted favourite.')).toBeVisible();
  // The listed version's screenshot (taken by the server's browser once its preview was ready;
  // until then the card shows its live preview), although the component is private.
  const screenshot = card.getByRole('img', { name: `Screenshot of ${chat.title}` });
  await expect(async () => {
    await buyer.reload();
    await expect(screenshot).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect
    .poll(() => screenshot.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(1280);

  await card.getByRole('button', { name: 'Buy for $19' }).click();
  await expect(buyer).toHaveURL(new RegExp(`^${fakeStripe().url}/pay/cs_`));
  await expect(buyer.getByTestId('total')).toHaveText('19.00 USD');
  await buyer.getByRole('button', { name: 'Pay' }).click();

  await expect(buyer).toHaveURL(/\/marketplace\?bought=/);
  await expect(buyer.getByText('Your copy is ready')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Open your copy' })).toBeVisible();
  await buyer.getByRole('status').getByRole('link', { name: 'Open your copy' }).click();
  await expect(buyer).toHaveURL(/\/components\/[^/?]+/);
  expect(new URL(buyer.url()).pathname).not.toBe(`/components/${slug}`);
  await expect(buyer.getByRole('article', { name: 'Version #1' })).toBeVisible();
  await expect(
    buyer.frameLocator('iframe[title^="Preview of"]').first().getByText('Most popular'),
  ).toBeVisible();
  // Theirs, private: the Settings tab shows Private mode on.
  await buyer.getByRole('tab', { name: 'Settings' }).click();
  await expect(buyer.getByRole('switch', { name: 'Private mode' })).toHaveAttribute('aria-checked', 'true');
  await buyerContext.close();

  // The seller sees the sale on /account.
  await page.goto('/account');
  const sales = page.getByRole('list', { name: 'Sales' });
  await expect(sales.getByText('Bea Buyer')).toBeVisible();
  await expect(sales.getByText('$19')).toBeVisible();
});
