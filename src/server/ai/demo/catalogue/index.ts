import { contactForm } from './contact-form.ts';
import { counter } from './counter.ts';
import { dashboard } from './dashboard.ts';
import { dataTable } from './data-table.ts';
import type { CatalogueEntry } from './entry.ts';
import { landingHero } from './landing-hero.ts';
import { loginForm } from './login-form.ts';
import { modal } from './modal.ts';
import { navbar } from './navbar.ts';
import { pricingTable } from './pricing-table.ts';
import { profileCard } from './profile-card.ts';
import { todoApp } from './todo-app.ts';

export type { CatalogueEntry, EntrySources } from './entry.ts';

/** In tie-break order: when two entries score the same, the earlier one wins. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  landingHero,
  pricingTable,
  loginForm,
  navbar,
  dashboard,
  todoApp,
  counter,
  contactForm,
  modal,
  dataTable,
  profileCard,
];

/** The entry a prompt that matches nothing gets. */
export const DEFAULT_ENTRY: CatalogueEntry = landingHero;

export function findEntryById(id: string): CatalogueEntry | undefined {
  return CATALOGUE.find((entry) => entry.id === id);
}
