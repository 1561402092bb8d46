import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { signInPremium, signUp } from './support/accounts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';
import { seriousViolationsLightAndDark } from './support/a11y.ts';

/**
 * Issue 14 in the browser: the Deployment tab deploys a version to {subdomain}.localhost, updates
 * and undeploys it, and connects a custom domain verified through a real DNS server (the one
 * playwright.config.ts points Kiln at with KILN_DNS_SERVERS).
 */

let dns: TestDnsServer;
test.beforeAll(async () => {
  dns = await startDnsServer({}, { port: Number(process.env.KILN_E2E_DNS_PORT) });
});
test.afterAll(async () => {
  await dns?.close();
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const appPort = (page: Page) => new URL(page.url()).port;

async function openDeploymentTab(page: Page) {
  await page.getByRole('tab', { name: 'Deployment' }).click();
  await expect(page.getByRole('heading', { name: 'Deploy Application' })).toBeVisible();
}

async function addVersionTwo(page: Page) {
  await editorPrompt(page).fill('Add a button that says "Book a call"');
  await editorPrompt(page).press('Enter');
  await waitForVersion(page, 2);
}

test('a premium owner deploys a React version, updates it to another version, and undeploys it', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await signInPremium(page);
  await createComponent(page, { framework: 'React', prompt: 'A pricing table with three plans' });
  await addVersionTwo(page);
  await openDeploymentTab(page);

  // The selector lists both versions; the latest is chosen by default.
  const version = page.getByRole('combobox', { name: 'Version' });
  await expect(version.locator('option')).toHaveText(['Version #2 (Latest)', 'Version #1']);
  await expect(version).toHaveValue('2');

  // Subdomain: lowercased and stripped as typed; Check says whether it is free.
  const subdomain = `react-${unique()}`;
  const field = page.getByRole('textbox', { name: 'Subdomain' });
  await field.fill(`${subdomain.toUpperCase()}!`);
  await expect(field).toHaveValue(subdomain);
  await expect(page.getByText(`.localhost:${appPort(page)}`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText(`${subdomain}.localhost:${appPort(page)} is available`)).toBeVisible();
  await field.fill('ab');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('Invalid subdomain')).toBeVisible();
  await expect(
    page.getByText(
      'Subdomain must be 3-63 characters, contain only lowercase letters, numbers, and hyphens, and start/end with a letter or number.',
    ),
  ).toBeVisible();
  await field.fill(subdomain);

  // Deploy version 1: the server waits for its build, then the site is live.
  await version.selectOption({ label: 'Version #1' });
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  const banner = page.getByRole('region', { name: 'Deployed' });
  await expect(banner).toBeVisible({ timeout: 180_000 });
  const siteUrl = `http://${subdomain}.localhost:${appPort(page)}/`;
  await expect(banner.getByRole('link', { name: `${subdomain}.localhost:${appPort(page)}` })).toHaveAttribute(
    'href',
    siteUrl,
  );
  await expect(banner.getByText('Version #1')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Deployed v1' })).toHaveAttribute('href', siteUrl);
  await expect(version.locator('option')).toHaveText([
    'Version #2 (Latest)',
    'Version #1 (Currently Deployed)',
  ]);
  // Once deployed there is no Check, and nothing to update until something changes.
  await expect(page.getByRole('button', { name: 'Check' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update Deployment' })).toHaveCount(0);

  const site = await context.newPage();
  await site.goto(siteUrl);
  await expect(site.getByText('Most popular')).toBeVisible();
  await expect(site.getByRole('button', { name: 'Book a call' })).toHaveCount(0);

  // Update to version 2: the site changes.
  await version.selectOption({ label: 'Version #2 (Latest)' });
  await page.getByRole('button', { name: 'Update Deployment' }).click();
  await expect(banner.getByText('Version #2')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByRole('link', { name: 'Deployed v2' })).toBeVisible();
  await site.reload();
  await expect(site.getByRole('button', { name: 'Book a call' })).toBeVisible();

  // Undeploy (confirmed): the address answers the 'Not deployed' page.
  await page.getByRole('button', { name: 'Undeploy Application' }).click();
  await page
    .getByRole('alertdialog', { name: 'Undeploy Application' })
    .getByRole('button', { name: 'Undeploy' })
    .click();
  await expect(page.getByText('Application undeployed')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Deployed v/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Deploy', exact: true })).toBeVisible();
  const gone = await site.reload();
  expect(gone?.status()).toBe(404);
  await expect(site.getByRole('heading', { name: 'Not deployed' })).toBeVisible();
});

test('a premium owner deploys an HTML version and connects a custom domain verified through DNS', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signInPremium(page);
  await createComponent(page, { framework: 'HTML', prompt: 'A pricing table with three plans' });
  await openDeploymentTab(page);

  // Before deploying: the Custom Domain section asks for a deployment first.
  await expect(page.getByText('Deployment Required')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Domain Name' })).toHaveCount(0);
  expect(await seriousViolationsLightAndDark(page, { include: '[role="tabpanel"]' })).toEqual([]);

  const subdomain = `html-${unique()}`;
  await page.getByRole('textbox', { name: 'Subdomain' }).fill(subdomain);
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Deployed' })).toBeVisible({ timeout: 60_000 });
  const port = appPort(page);
  const site = await context.newPage();
  await site.goto(`http://${subdomain}.localhost:${port}/`);
  await expect(site.getByText('Most popular')).toBeVisible();
  await site.close();

  // Add a custom domain: the card shows both DNS records and the notes.
  await expect(page.getByText('Deployment Required')).toHaveCount(0);
  await expect(page.getByText('One custom domain per project')).toBeVisible();
  const domainInput = page.getByRole('textbox', { name: 'Domain Name' });
  await expect(domainInput).toHaveAttribute('placeholder', 'localhost');
  await page.getByRole('button', { name: 'Add Custom Domain' }).click();
  await expect(page.getByText('Domain required')).toBeVisible();
  await expect(page.getByText('Please enter a domain name')).toBeVisible();
  // Kiln's own host is refused with the server's reason.
  await domainInput.fill(`${subdomain}.localhost`);
  await page.getByRole('button', { name: 'Add Custom Domain' }).click();
  await expect(page.getByText('Domain unavailable')).toBeVisible();

  const domain = `shop-${unique()}.example.test`;
  await domainInput.fill(`https://${domain.toUpperCase()}/`);
  await page.getByRole('button', { name: 'Add Custom Domain' }).click();
  await expect(page.getByText('Domain added')).toBeVisible();
  await expect(page.getByText('Please verify domain ownership by adding the DNS record')).toBeVisible();
  const card = page.getByRole('article', { name: `Custom domain ${domain}` });
  await expect(card.getByText('Awaiting verification')).toBeVisible();
  await expect(card.getByText('SSL Pending')).toBeVisible();
  // 'Check Status' while SSL is pending (spec §2), saying what starts the certificate.
  await card.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByText('Still Pending')).toBeVisible();
  await expect(page.getByText(/issued once the domain is verified/)).toBeVisible();
  const txt = card.getByRole('listitem', { name: 'TXT record' }).locator('code');
  const cname = card.getByRole('listitem', { name: 'CNAME record' }).locator('code');
  await expect(txt.first()).toHaveText(`_kiln-verify.${domain}`);
  await expect(txt.nth(1)).toHaveText(/^\S{16,}$/);
  await expect(cname).toHaveText([domain, 'localhost']);
  await expect(card.getByText(/DNS propagation can take up to 48 hours/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Copy TXT value' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Domain Name' })).toHaveCount(0);

  // Verify before the records exist: the server names the missing TXT record.
  await card.getByRole('button', { name: 'Verify Domain' }).click();
  await expect(page.getByText('Verification failed')).toBeVisible();
  await expect(card.getByRole('alert')).toContainText(`No TXT record found at _kiln-verify.${domain}`);
  expect(await seriousViolationsLightAndDark(page, { include: '[role="tabpanel"]' })).toEqual([]);

  // The records propagate; verifying again succeeds.
  const token = (await txt.nth(1).textContent()) ?? '';
  dns.set(`_kiln-verify.${domain}`, { TXT: [token] });
  dns.set(domain, { CNAME: 'localhost' });
  await card.getByRole('button', { name: 'Verify Domain' }).click();
  await expect(page.getByText('Domain verified')).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByText('Domain Active')).toBeVisible();
  await expect(card.getByRole('listitem', { name: 'TXT record' })).toHaveCount(0);

  // The banner and the header badge now lead to the custom domain.
  const customUrl = `http://${domain}:${port}/`;
  const banner = page.getByRole('region', { name: 'Deployed' });
  await expect(banner.getByText('Custom Domain')).toBeVisible();
  await expect(banner.getByText('Also available at')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Deployed v1' })).toHaveAttribute('href', customUrl);
  expect(await seriousViolationsLightAndDark(page, { include: '[role="tabpanel"]' })).toEqual([]);

  // A browser that resolves the domain to this machine sees the application there.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${domain} 127.0.0.1`],
  });
  try {
    const visitor = await browser.newPage();
    await visitor.goto(customUrl);
    await expect(visitor.getByText('Most popular')).toBeVisible();
  } finally {
    await browser.close();
  }

  // Remove it, after the confirmation.
  await card.getByRole('button', { name: `Remove ${domain}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove Custom Domain' });
  await expect(
    dialog.getByText(
      'Your application will no longer be accessible at this domain. This action cannot be undone.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove Domain' }).click();
  await expect(page.getByText('Domain removed')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Domain Name' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Deployed v1' })).toHaveAttribute(
    'href',
    `http://${subdomain}.localhost:${port}/`,
  );
});

test('a free owner sees the premium upsell; a non-owner sees no Deployment tab', async ({
  page,
  browser,
}) => {
  await signUp(page);
  const slug = await createComponent(page, { framework: 'HTML', prompt: 'A navbar' });
  await openDeploymentTab(page);
  await expect(page.getByText('Deployment is a Premium feature')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('textbox', { name: 'Subdomain' })).toBeDisabled();
  await expect(page.getByText('Custom Domain', { exact: true })).toHaveCount(0);
  expect(await seriousViolationsLightAndDark(page, { include: '[role="tabpanel"]' })).toEqual([]);
  await page.getByRole('button', { name: 'Premium Required' }).click();
  await expect(page.getByText('Premium required', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Deployment is a premium feature. Upgrade to deploy your applications.'),
  ).toBeVisible();

  // Spec §2: the deployment tab is one of the private tabs (authorized users only).
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage, 'Charles Babbage');
  await otherPage.goto(`/components/${slug}`);
  await expect(otherPage.getByRole('tab', { name: 'History' })).toBeVisible();
  await expect(otherPage.getByRole('tab', { name: 'Deployment' })).toHaveCount(0);
  await other.close();
});
