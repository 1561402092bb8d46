import { randomBytes } from 'node:crypto';
import { expect, test, type Frame, type Page } from '@playwright/test';
import pg from 'pg';
import type { TestPostgres } from '../integration/postgres-server.ts';
import { startOwnDatabase } from './support/own-database.ts';
import { enableIntegration } from './support/integrations.ts';
import { signInPremium } from './support/accounts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';

/**
 * Issue 16 end to end in Chromium: a Supabase hosted database configured on /account/integrations,
 * enabled on a React chat, the demo model's guest book with its migration, the migration run from
 * its card against a real PostgreSQL (tables and policies read back from the catalogue), and the
 * version's preview — built with @supabase/supabase-js from the registry — holding the public URL
 * and anon key but neither the service-role key nor the database password.
 */

const MIGRATION = 'supabase/migrations/20260101000000_guest_book.sql';
const token = () => randomBytes(8).toString('hex');
// Distinct values, so that finding one in a built file can only mean that value leaked.
const ANON_KEY = `anon-e2e-public-${token()}`;
const SERVICE_ROLE_KEY = `service-role-e2e-${token()}`;
const DB_PASSWORD = `pw${token()}`;
const DB_USER = `guest_owner_${token()}`;
const DB_NAME = `guest_book_${token()}`;
// Nothing answers there (Chromium even refuses port 9): the preview must show its friendly
// 'cannot be reached' state.
const PROJECT_URL = `http://127.0.0.1:9/e2e-${token()}`;

let postgres: TestPostgres | undefined;
let databaseUrl: string;

/**
 * The person's own database: a new one owned by a role of its own (so its password is unique to
 * this test), with Supabase's `auth.uid()` and role `authenticated` so the policies can be created.
 */
test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({ postgres, url: databaseUrl } = await startOwnDatabase(
    { user: DB_USER, password: DB_PASSWORD, name: DB_NAME },
    (admin) =>
      admin
        .query(`do $$ begin create role authenticated; exception when duplicate_object then null; end $$`)
        .then(() => undefined),
  ));
  await withUserDb((db) =>
    db.query(
      `create schema auth; create function auth.uid() returns uuid language sql stable as $$ select null::uuid $$;`,
    ),
  );
});

test.afterAll(async () => {
  await postgres?.stop();
});

async function withUserDb<T>(use: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
}

const toastTitled = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ has: page.getByText(title, { exact: true }) });

/** The preview page and every script, style and asset it loaded, read from the preview's own origin. */
async function previewTexts(frame: Frame): Promise<Record<string, string>> {
  return frame.evaluate(async () => {
    const page = await (await fetch(location.href)).text();
    const urls = new Set<string>();
    // What the page names, and what it actually fetched (chunks imported on the fly included).
    const named = new DOMParser().parseFromString(page, 'text/html');
    for (const element of named.querySelectorAll<HTMLElement>('script[src], link[href]')) {
      const address = element.getAttribute('src') ?? element.getAttribute('href');
      if (address) urls.add(new URL(address, location.href).href);
    }
    for (const entry of performance.getEntriesByType('resource')) {
      if (new URL(entry.name).origin === location.origin) urls.add(entry.name);
    }
    const texts: Record<string, string> = { [location.href]: page };
    for (const url of urls) texts[url] = await (await fetch(url)).text();
    return texts;
  });
}

test('a Supabase database: configured, enabled, a guest book migration run, the preview holds only public values', async ({
  page,
}) => {
  // A real install of @supabase/supabase-js and a Vite build on a loaded machine: generous.
  test.setTimeout(600_000);
  await signInPremium(page);
  // The worker's premium account is shared with earlier specs (guest-book-api adds its own database) and
  // with a retry of this one: the integration gets a name of its own and the test reads only its row.
  const name = `Guest book project${test.info().retry ? ` ${test.info().retry + 1}` : ''}`;

  // 1. The hosted database on /account/integrations, through the form.
  await page.goto('/account/integrations');
  await page.getByRole('button', { name: 'Add hosted database integration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add hosted database' });
  await dialog.getByLabel('Provider').selectOption({ label: 'Supabase' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Project URL').fill(PROJECT_URL);
  await dialog.getByLabel('Anon key').fill(ANON_KEY);
  await dialog.getByLabel('Service-role key').fill(SERVICE_ROLE_KEY);
  await dialog.getByLabel('Database connection string').fill(databaseUrl);
  await dialog.screenshot({ path: test.info().outputPath('add-supabase-dialog.png') });
  await dialog.getByRole('button', { name: 'Add integration' }).click();
  await expect(toastTitled(page, 'Integration added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const saved = page
    .getByRole('list', { name: 'Hosted database integrations' })
    .getByRole('listitem', { name });
  await expect(saved).toBeVisible();
  // The page never holds a secret, not even in its markup.
  const markup = await page.content();
  expect(markup).not.toContain(SERVICE_ROLE_KEY);
  expect(markup).not.toContain(DB_PASSWORD);
  // Test connection answers at once with its progress, then with the result (issue 35 item 5).
  await saved.getByRole('button', { name: `Test connection to ${name}` }).click();
  await expect(
    saved.getByText(/^(Testing\.\.\.|Connection works\.|Connection failed\.)/).first(),
  ).toBeVisible({
    timeout: 3_000,
  });
  // The project URL is a made-up address here (only the database is real): the test says so.
  await expect(saved.getByRole('status')).toContainText(
    'Connection failed. Could not reach the project URL',
    {
      timeout: 30_000,
    },
  );
  await page.screenshot({ path: test.info().outputPath('account-integrations.png'), fullPage: true });

  // 2. A React chat; the database switched on in its Integrations tab.
  await createComponent(page, { framework: 'React', prompt: 'A pricing table with three plans' });
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await enableIntegration(page, 'Hosted database', name);
  await page.getByRole('tabpanel').screenshot({ path: test.info().outputPath('integrations-tab.png') });

  // 3. The guest book: the demo model answers supabase-js code and a migration.
  await page.getByRole('tab', { name: 'Chat' }).click();
  await editorPrompt(page).fill('A guest book');
  await editorPrompt(page).press('Enter');
  await waitForVersion(page, 2);
  const card = page.getByRole('region', { name: `Migration ${MIGRATION}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('20260101000000_guest_book.sql', { exact: true })).toBeVisible();
  await expect(card.getByText('Pending')).toBeVisible();
  await expect(card.getByText('guest_book', { exact: true })).toBeVisible();
  await expect(card.getByText(/Anyone can read the guest book \(guest_book\)/)).toBeVisible();
  await expect(card.getByText(/Anyone can sign the guest book \(guest_book\)/)).toBeVisible();

  // 4. 'Run Migration' leads to the card; its Run button runs it against the real database.
  await page.getByRole('button', { name: 'Run Migration' }).click();
  await expect(card).toBeInViewport();
  await card.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(toastTitled(page, 'Successfully created 1 table(s) in your Supabase database')).toBeVisible({
    timeout: 30_000,
  });
  await expect(card).toContainText('Applied');
  await expect(card.getByText('Pending')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run Migration' })).toHaveCount(0);
  await card.screenshot({ path: test.info().outputPath('migration-applied.png') });

  const { tables, policies } = await withUserDb(async (db) => ({
    tables: (await db.query(`select tablename from pg_tables where schemaname = 'public'`)).rows,
    policies: (
      await db.query(
        `select policyname, cmd from pg_policies where tablename = 'guest_book' order by policyname`,
      )
    ).rows,
  }));
  expect(tables).toEqual([{ tablename: 'guest_book' }]);
  expect(policies).toEqual([
    { policyname: 'Anyone can read the guest book', cmd: 'SELECT' },
    { policyname: 'Anyone can sign the guest book', cmd: 'INSERT' },
  ]);

  // 5. The preview builds (real install) and renders; the project URL answers nothing, so the
  // guest book says so kindly.
  const preview = page.frameLocator('iframe[title^="Preview of"]').first();
  await expect(preview.getByRole('heading', { name: 'Guest book', level: 1 })).toBeVisible({
    timeout: 480_000,
  });
  await expect(preview.getByText('The guest book cannot be reached right now.')).toBeVisible({
    timeout: 60_000,
  });
  await page.screenshot({ path: test.info().outputPath('guest-book-preview.png') });

  // 6. The page and everything it loaded: the public values are inlined, the secrets are not.
  const frameElement = await page.locator('iframe[title^="Preview of"]').first().elementHandle();
  const frame = await frameElement!.contentFrame();
  expect(frame).not.toBeNull();
  expect(new URL(frame!.url()).hostname).toMatch(/-2\.preview\.localhost$/);
  const texts = await previewTexts(frame!);
  const all = Object.values(texts).join('\n');
  expect(Object.keys(texts).some((url) => url.endsWith('.js'))).toBe(true);
  expect(all).toContain(ANON_KEY);
  expect(all).toContain(PROJECT_URL);
  for (const [url, text] of Object.entries(texts)) {
    expect(text.includes(SERVICE_ROLE_KEY), `${url} holds the service-role key`).toBe(false);
    expect(text.includes(DB_PASSWORD), `${url} holds the database password`).toBe(false);
  }
});
