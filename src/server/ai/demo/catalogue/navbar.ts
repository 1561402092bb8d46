import type { CatalogueEntry } from './entry.ts';
import { staticSources } from './static-sources.ts';

const LINKS = ['Product', 'Features', 'Pricing', 'Blog'];

const MARKUP = `
<header class="border-b border-gray-200 bg-white">
  <nav class="mx-auto flex max-w-6xl items-center justify-between px-6 py-4" aria-label="Main">
    <a href="#" class="flex items-center gap-2 text-lg font-bold text-gray-900"><span class="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-600 text-white">K</span> Northwind</a>
    <ul class="hidden items-center gap-8 text-sm font-medium text-gray-600 md:flex">
      ${LINKS.map((link) => `<li><a href="#${link.toLowerCase()}" class="hover:text-indigo-600">${link}</a></li>`).join('\n')}
    </ul>
    <div class="flex items-center gap-3">
      <a href="#login" class="hidden text-sm font-medium text-gray-700 hover:text-indigo-600 sm:block">Log in</a>
      <a href="#signup" class="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">Sign up</a>
    </div>
  </nav>
</header>
`;

export const navbar: CatalogueEntry = {
  id: 'navbar',
  title: 'Navigation Bar',
  componentName: 'Navbar',
  keywords: [
    ['navbar', 4],
    ['nav bar', 4],
    ['navigation', 3],
    ['nav', 2],
    ['menu bar', 3],
    ['menu', 3],
    ['header', 3],
    ['top bar', 3],
    ['topbar', 3],
  ],
  summary: 'a responsive navigation bar with a logo, four links and log in / sign up actions',
  placement: 'top',
  sources: () => staticSources('Navbar', MARKUP),
};
