import type { Page } from '@playwright/test';

/** A sonner toast with this title. */
export const toastTitled = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ has: page.getByText(title, { exact: true }) });
