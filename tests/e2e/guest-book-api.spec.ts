import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import type { TestPostgres } from '../integration/postgres-server.ts';
import { startOwnDatabase } from './support/own-database.ts';
import { enableIntegration } from './support/integrations.ts';
import { signInPremium } from './support/accounts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';

/**
 * Issue 22 end to end in Chromium: a plain PostgreSQL configured on /account/integrations and
 * enabled on a React chat; the demo model's guest book written as a frontend that calls
 * `/api/entries` and an `api/` Hono handler (pg) that validates and writes; the migration run
 * from its card against a real PostgreSQL; then, in the preview (its own origin), an entry signed
 * through the form reaches the database through Kiln's app server and is still listed after a
 * reload. The e2e server runs with KILN_ALLOW_PRIVATE_INTEGRATIONS, so the sandboxed handler may
 * reach this loopback database through the egress filter (playwright.config.ts).
 */

const MIGRATION = 'supabase/migrations/20260101000000_guest_book.sql';
const token = () => randomBytes(8).toString('hex');
const DB_USER = `guest_api_${token()}`;
const DB_PASSWORD = `pw${token()}`;
const DB_NAME = `guest_api_${token()}`;
const ENTRY = { name: 'Grace Hopper', message: `Signed through the api/ handler ${token()}` };

let postgres: TestPostgres | undefined;
let databaseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({ postgres, url: databaseUrl } = await startOwnDatabase({
    user: DB_USER,
    password: DB_PASSWORD,
    name: DB_NAME,
  }));
});

test.afterAll(async () => {
  await postgres?.stop();
});

async function guestBookRows(): Promise<{ name: string; message: string }[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query('select name, message from guest_book order by id')).rows;
  } finally {
    await db.end();
  }
}

const toastTitled = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ has: page.getByText(title, { exact: true }) });

test('a PostgreSQL guest book: migration run, an entry posted through /api, shown after a reload', async ({
  page,
}) => {
  // Real installs (hono, pg) and a Vite build plus the handler's bundle on a loaded machine.
  test.setTimeout(600_000);
  await signInPremium(page);

  // 1. The database on /account/integrations, through the form.
  await page.goto('/account/integrations');
  await page.getByRole('button', { name: 'Add hosted database integration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add hosted database' });
  await dialog.getByLabel('Provider').selectOption({ label: 'PostgreSQL' });
  await dialog.getByLabel('Name').fill('Guest book database');
  await dialog.getByLabel('Connection string').fill(databaseUrl);
  await dialog.getByRole('button', { name: 'Add integration' }).click();
  await expect(toastTitled(page, 'Integration added')).toBeVisible();
  await expect(dialog).toBeHidden();

  // 2. A React chat; the database switched on in its Integrations tab.
  await createComponent(page, { framework: 'React', prompt: 'A pricing table with three plans' });
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await enableIntegration(page, 'Hosted database', 'Guest book database');

  // 3. The guest book: a frontend calling /api/entries and an api/ handler, with its migration.
  await page.getByRole('tab', { name: 'Chat' }).click();
  await editorPrompt(page).fill('A guest book');
  await editorPrompt(page).press('Enter');
  await waitForVersion(page, 2);
  const card = page.getByRole('region', { name: `Migration ${MIGRATION}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Pending')).toBeVisible();

  // 4. 'Run Migration' leads to the card; its Run button creates the table in the real database.
  await page.getByRole('button', { name: 'Run Migration' }).click();
  await expect(card).toBeInViewport();
  await card.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(toastTitled(page, 'Successfully created 1 table(s) in your PostgreSQL database')).toBeVisible({
    timeout: 30_000,
  });
  await expect(card).toContainText('Applied');
  expect(await guestBookRows()).toEqual([]);

  // 5. The preview, on its own origin: the guest book loads its (empty) list from the handler.
  const previewFrame = page.locator('iframe[title^="Preview of"]').first();
  const preview = page.frameLocator('iframe[title^="Preview of"]').first();
  await expect(preview.getByRole('heading', { name: 'Guest book', level: 1 })).toBeVisible({
    timeout: 480_000,
  });
  await expect(preview.getByText('No entries yet. Be the first to sign.')).toBeVisible({ timeout: 60_000 });
  const frame = await (await previewFrame.elementHandle())!.contentFrame();
  const previewUrl = new URL(frame!.url());
  expect(previewUrl.hostname).toMatch(/-2\.preview\.localhost$/);
  expect(previewUrl.origin).not.toBe(new URL(page.url()).origin);

  // 6. An entry signed through the form: POST /api/entries on the preview's origin.
  const posted = page.waitForResponse(
    (response) =>
      response.url() === `${previewUrl.origin}/api/entries` && response.request().method() === 'POST',
  );
  await preview.getByLabel('Name').fill(ENTRY.name);
  await preview.getByLabel('Message').fill(ENTRY.message);
  await preview.getByRole('button', { name: 'Sign the guest book' }).click();
  expect((await posted).status()).toBe(201);
  await expect(preview.getByText(ENTRY.message)).toBeVisible();
  expect(await guestBookRows()).toEqual([ENTRY]);

  // 7. After a reload the entry comes back from the database, through the handler.
  await page.reload();
  const reloaded = page.frameLocator('iframe[title^="Preview of"]').first();
  await expect(reloaded.getByRole('heading', { name: 'Guest book', level: 1 })).toBeVisible({
    timeout: 120_000,
  });
  await expect(reloaded.getByText(ENTRY.message)).toBeVisible({ timeout: 60_000 });
  await expect(reloaded.getByText(ENTRY.name, { exact: true })).toBeVisible();
  // The editor's 'Starting' overlay (spec §9, 3 s) is gone: the person sees the entry.
  await expect(page.getByText('Starting…')).toBeHidden({ timeout: 10_000 });
  await page.screenshot({ path: test.info().outputPath('guest-book-after-reload.png') });
});
