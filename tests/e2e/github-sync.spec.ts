import { expect, test, type Page } from '@playwright/test';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github/server.ts';
import { signInPremium, signUp } from './support/accounts.ts';
import { createComponent, editorPrompt, waitForVersion } from './support/components.ts';
import { toastTitled } from './support/toasts.ts';
import { seriousViolationsLightAndDark } from './support/a11y.ts';

/**
 * Issue 15 in the browser, against a loopback GitHub whose repositories are real git
 * repositories (tests/support/fake-github/; playwright.config.ts points Kiln at its port):
 * connect through the device flow, create a repository, push, pull a commit made on GitHub as a
 * new version, and override GitHub when it has commits Kiln does not.
 */

const OWNER = 'gracehopper';
let github: FakeGitHub;

test.beforeAll(async () => {
  github = await startFakeGitHub({
    port: Number(process.env.KILN_E2E_GITHUB_PORT),
    clientId: process.env.KILN_E2E_GITHUB_CLIENT_ID,
    clientSecret: null,
    // GitHub asks for 5 s between polls; the flow is the same at 1 s.
    deviceInterval: 1,
  });
  github.createUser(OWNER, { name: 'Grace Hopper' });
});
test.afterAll(async () => {
  await github?.close();
});

async function openGithubTab(page: Page) {
  await page.getByRole('tab', { name: 'GitHub' }).click();
  await expect(page.getByRole('heading', { name: 'GitHub', level: 2 })).toBeVisible();
}

/** The text of index.html in the code view of the selected version. */
async function codeOfIndex(page: Page) {
  await page.getByRole('radio', { name: 'Code' }).click();
  await page
    .getByRole('navigation', { name: 'Files' })
    .getByRole('button', { name: 'index.html', exact: true })
    .click();
  return page.locator('.cm-content');
}

test('a premium owner connects GitHub, creates a repository, pushes, pulls a commit made on GitHub and overrides GitHub', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInPremium(page);
  const slug = await createComponent(page, { framework: 'HTML', prompt: 'A pricing table with three plans' });

  // Not connected yet: the tab sends the owner to /account.
  await openGithubTab(page);
  await expect(page.getByText('GitHub not connected')).toBeVisible();
  await page.getByRole('link', { name: 'Account page' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // Connect through the device flow: the code on screen is the one approved on GitHub.
  await page.getByRole('button', { name: 'Connect GitHub' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect GitHub' });
  const code = dialog.getByTestId('device-user-code');
  await expect(code).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const userCode = (await code.textContent()) ?? '';
  expect(github.userCodes).toContain(userCode);
  await expect(dialog.getByRole('link', { name: /127\.0\.0\.1:\d+\/login\/device/ })).toHaveAttribute(
    'href',
    `${github.url}/login/device`,
  );
  github.approveDevice(userCode, OWNER);
  await expect(toastTitled(page, 'GitHub connected')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Connected with a device code')).toBeVisible();
  await expect(page.getByText(OWNER, { exact: true })).toBeVisible();

  // The create form: '{username}/{repository name}' with core's default name, private by default.
  await page.goto(`/components/${slug}`);
  await openGithubTab(page);
  const name = page.getByRole('textbox', { name: 'Repository name' });
  await expect(name).toHaveValue(`kiln-${slug}`);
  await expect(page.getByText(`${OWNER}/kiln-${slug}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Private/ })).toBeChecked();
  await name.fill('   ');
  await page.getByRole('button', { name: 'Create Repository' }).click();
  await expect(toastTitled(page, 'Repository name required')).toContainText(
    'Please enter a repository name.',
  );

  await name.fill('kiln-e2e-sync');
  await page.getByRole('button', { name: 'Create Repository' }).click();
  await expect(page.getByText('Connected to GitHub')).toBeVisible();
  await expect(page.getByText(`${OWNER}/kiln-e2e-sync`, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Repo' })).toHaveAttribute(
    'href',
    `${github.url}/${OWNER}/kiln-e2e-sync`,
  );
  await expect(page.getByText('Last synced: Never')).toBeVisible();
  expect(await seriousViolationsLightAndDark(page, { include: '[role="tabpanel"]' })).toEqual([]);

  // Push version 1: a real git push to the repository's default branch.
  const sync = page.getByRole('region', { name: 'Sync Current Version' });
  await sync.getByRole('button', { name: 'Push', exact: true }).click();
  await expect(toastTitled(page, 'Pushed to GitHub')).toBeVisible();
  // 'Last synced:' is the push's time now.
  await expect(page.getByText('Last synced: Never')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Repository' }).locator('time')).toHaveAttribute(
    'datetime',
    /^\d{4}-\d{2}-\d{2}T/,
  );
  const pushed = await github.files(OWNER, 'kiln-e2e-sync', 'main');
  const index = pushed.get('index.html')?.bytes.toString('utf8');
  expect(index).toBeDefined();

  // The same version again is 'Already Up-to-Date'.
  await sync.getByRole('button', { name: 'Push', exact: true }).click();
  await expect(toastTitled(page, 'Already Up-to-Date')).toBeVisible();

  // A commit made on GitHub comes back as a new version, selected, with the 'GitHub Pull' badge.
  await github.commitDirectly(
    OWNER,
    'kiln-e2e-sync',
    'main',
    { 'index.html': (index ?? '').replace('</body>', '<p>Edited on GitHub</p></body>') },
    'Edit on GitHub',
  );
  await sync.getByRole('button', { name: 'Pull', exact: true }).click();
  await expect(toastTitled(page, 'Pulled from GitHub')).toContainText('Version #2');
  await expect(page).toHaveURL(/[?&]v=2\b/);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page.getByRole('article', { name: 'Version #2' }).getByText('GitHub Pull')).toBeVisible();
  await expect(await codeOfIndex(page)).toContainText('Edited on GitHub');

  // Modify (owner only) opens the GitHub tab.
  await page.getByRole('button', { name: 'Modify' }).click();
  await expect(page.getByRole('tab', { name: 'GitHub' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('radio', { name: 'Preview' }).click();

  // GitHub moves on while Kiln makes version 3: the push is refused, then Override replaces the branch.
  const notesCommit = await github.commitDirectly(
    OWNER,
    'kiln-e2e-sync',
    'main',
    { 'NOTES.md': 'Only on GitHub\n' },
    'Notes',
  );
  await page.getByRole('tab', { name: 'Chat' }).click();
  await editorPrompt(page).fill('Add a button that says "Book a call"');
  await editorPrompt(page).press('Enter');
  await waitForVersion(page, 3);
  await openGithubTab(page);
  await expect(sync.getByText('Version #3 (Latest)')).toBeVisible();
  await sync.getByRole('button', { name: 'Push', exact: true }).click();
  const refusal = sync.getByRole('alert').filter({ hasText: 'GitHub has newer commits' });
  await expect(refusal).toContainText('Override GitHub');
  await expect(refusal.getByRole('button', { name: 'Pull' })).toBeVisible();
  expect((await github.files(OWNER, 'kiln-e2e-sync', 'main')).has('NOTES.md')).toBe(true);

  await refusal.getByRole('button', { name: 'Override GitHub' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Override GitHub?' });
  await expect(confirm).toContainText(`${OWNER}/kiln-e2e-sync`);
  await confirm.getByRole('button', { name: 'Override GitHub' }).click();
  await expect(toastTitled(page, 'GitHub overridden')).toContainText('Version #3');
  await expect(refusal).toBeHidden();
  const overridden = await github.files(OWNER, 'kiln-e2e-sync', 'main');
  expect(overridden.has('NOTES.md')).toBe(false);
  expect(await github.head(OWNER, 'kiln-e2e-sync', 'main')).not.toBe(notesCommit);
});

/** The first bytes of a PNG: a binary file, which Kiln does not read from the code host. */
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

test('a user connects with a personal access token and imports a repository as a new component', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A default branch other than main, and a binary file the import leaves out.
  github.createUser('adalovelace', { name: 'Ada Lovelace', defaultBranch: 'trunk' });
  await github.createRepo('adalovelace', 'engine-notes', { private: false });
  await github.commitDirectly(
    'adalovelace',
    'engine-notes',
    'trunk',
    {
      'index.html':
        '<!doctype html><html><head><title>Notes</title></head><body><h1>Analytical Engine</h1></body></html>\n',
      'logo.png': PNG,
    },
    'First page',
  );
  await signUp(page, 'Ada Lovelace');

  await page.goto('/account');
  await page.getByRole('button', { name: 'Connect GitHub' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect GitHub' });
  await dialog.getByRole('button', { name: 'Use a personal access token' }).click();
  const field = dialog.getByLabel('Personal access token');
  await expect(field).toHaveAttribute('type', 'password');
  await field.fill('github_pat_not_a_token');
  await dialog.getByRole('button', { name: 'Connect with token' }).click();
  await expect(dialog.getByText(/GitHub refused this token/)).toBeVisible();
  await field.fill(github.tokenFor('adalovelace'));
  await dialog.getByRole('button', { name: 'Connect with token' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Connected with a personal access token')).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: 'Import from GitHub' }).click();
  const importing = page.getByRole('dialog', { name: 'Import from GitHub' });
  await importing.getByRole('textbox', { name: 'Repository' }).fill('engine');
  await importing.getByRole('button', { name: /adalovelace\/engine-notes/ }).click();
  await expect(importing.getByRole('textbox', { name: 'Repository' })).toHaveValue(
    'adalovelace/engine-notes',
  );
  await expect(importing.getByRole('textbox', { name: 'Branch (optional)' })).toHaveAttribute(
    'placeholder',
    'trunk',
  );
  await importing.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(page).toHaveURL(/\/components\/[^/?]+/);
  await expect(toastTitled(page, 'Repository imported')).toContainText('Left out 1 file: logo.png');
  await expect(page.getByRole('article', { name: 'Version #1' })).toBeVisible();
  await expect(await codeOfIndex(page)).toContainText('Analytical Engine');
});
