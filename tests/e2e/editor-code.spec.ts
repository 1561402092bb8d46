import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { parseSnapshot } from '../../src/core/artifact/index.ts';
import { signUp } from './support/accounts.ts';
import { createComponent } from './support/components.ts';

test('code view: files, copy, download the zip, lock a folder that stays locked after reload', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page);
  await createComponent(page, { framework: 'React', prompt: 'A pricing table with three plans' });

  // Clicking a file in the chat opens it in the code view.
  await page.getByRole('button', { name: 'Open src/App.tsx in the code view' }).click();
  await expect(page.getByRole('radio', { name: 'Code' })).toHaveAttribute('aria-checked', 'true');
  const files = page.getByRole('navigation', { name: 'Files' });
  await expect(files.getByRole('button', { name: 'App.tsx', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByTestId('code-editor')).toContainText('export default function App');

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Successfully copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('export default function App');

  // Download: kiln-dev.zip whose files match the snapshot.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('kiln-dev.zip');
  const zip = unzipSync(fs.readFileSync(await download.path()));
  const chatId = await page.evaluate(async (slug) => {
    const response = await fetch(`/api/chats/by-slug/${slug}`);
    return ((await response.json()) as { chat: { id: string } }).chat.id;
  }, new URL(page.url()).pathname.split('/').at(-1));
  const snapshot = await page.evaluate(
    async (id) =>
      ((await (await fetch(`/api/chats/${id}/versions/1/snapshot`)).json()) as { artifactCode: string })
        .artifactCode,
    chatId,
  );
  for (const file of parseSnapshot(snapshot).files) {
    const entry = Object.entries(zip).find(([name]) => name.endsWith(file.name));
    expect(entry, file.name).toBeTruthy();
    expect(strFromU8(entry![1])).toBe(file.content);
  }

  // Lock the src/components folder; it is saved and still locked after a reload.
  const saved = page.waitForResponse((response) => response.url().includes('/artifact') && response.ok());
  await files.getByRole('button', { name: 'Lock folder src/components' }).click();
  await expect(files.getByRole('button', { name: 'Unlock folder src/components' })).toBeVisible();
  await expect(files.getByRole('button', { name: /Unlock file src\/components\// }).first()).toBeVisible();
  await saved;
  await page.reload();
  await page.getByRole('radio', { name: 'Code' }).click();
  await expect(
    page
      .getByRole('navigation', { name: 'Files' })
      .getByRole('button', { name: 'Unlock folder src/components' }),
  ).toBeVisible();
});
