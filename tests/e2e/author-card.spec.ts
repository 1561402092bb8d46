import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createComponent } from './support/components.ts';

/** Spec §2 'Author card': avatar, full name, relative creation date, a link to /users/{id}. */
function authorCard(scope: Page | Locator, name: string) {
  return scope.getByRole('link', { name: new RegExp(`^${name} Created (just now|\\d+ minutes? ago)$`) });
}

test('the editor shows the author card to the owner and to visitors, linking to the profile', async ({
  page,
  browser,
}) => {
  await signUp(page, 'Ada Lovelace');
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const slug = await createComponent(page, { framework: 'HTML', prompt: 'A login form' });

  // The owner, in the header.
  const ownerCard = authorCard(page, 'Ada Lovelace');
  await expect(ownerCard).toBeVisible();
  await expect(ownerCard).toHaveAttribute('href', `/users/${me.user.id}`);

  // A visitor without an account sees the same card and reaches the profile through it.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/components/${slug}`);
  const visitorCard = authorCard(visitor, 'Ada Lovelace');
  await expect(visitorCard).toBeVisible();
  await visitorCard.click();
  await expect(visitor).toHaveURL(new RegExp(`/users/${me.user.id}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(visitor.getByText('Login Form')).toBeVisible();

  // On a phone the header has no room: the card opens with the sidebar sheet.
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(`/components/${slug}`);
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  const sheet = visitor.getByRole('dialog', { name: 'Chat and versions' });
  await expect(authorCard(sheet, 'Ada Lovelace')).toHaveAttribute('href', `/users/${me.user.id}`);
  await visitorContext.close();
});
