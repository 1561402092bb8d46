import type { CatalogueEntry } from './entry.ts';
import { staticSources } from './static-sources.ts';

const MARKUP = `
<section class="flex justify-center px-6 py-20">
  <article class="w-full max-w-sm overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-lg">
    <div class="h-24 bg-gradient-to-r from-indigo-500 to-indigo-700"></div>
    <div class="-mt-12 flex flex-col items-center px-6 pb-8 text-center">
      <div class="flex h-24 w-24 items-center justify-center rounded-full border-4 border-white bg-indigo-100 text-3xl font-bold text-indigo-700">AM</div>
      <h1 class="mt-4 text-xl font-semibold text-gray-900">Ava Martin</h1>
      <p class="text-sm text-indigo-600">Senior Product Designer</p>
      <p class="mt-4 text-sm leading-6 text-gray-600">Designing calm, accessible interfaces for fast-moving teams. Based in Lisbon, coffee-powered.</p>
      <dl class="mt-6 grid w-full grid-cols-3 divide-x divide-gray-200 rounded-xl border border-gray-200 py-3">
        <div><dt class="text-xs text-gray-500">Projects</dt><dd class="text-lg font-semibold text-gray-900">48</dd></div>
        <div><dt class="text-xs text-gray-500">Followers</dt><dd class="text-lg font-semibold text-gray-900">2.1k</dd></div>
        <div><dt class="text-xs text-gray-500">Following</dt><dd class="text-lg font-semibold text-gray-900">312</dd></div>
      </dl>
      <div class="mt-6 flex w-full gap-3">
        <a href="#follow" class="flex-1 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">Follow</a>
        <a href="#message" class="flex-1 rounded-lg border border-gray-200 px-4 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-50">Message</a>
      </div>
    </div>
  </article>
</section>
`;

export const profileCard: CatalogueEntry = {
  id: 'profile-card',
  title: 'Profile Card',
  componentName: 'ProfileCard',
  keywords: [
    ['profile', 4],
    ['user card', 4],
    ['avatar', 2],
    ['bio', 2],
    ['team member', 3],
    ['business card', 3],
    ['about me', 3],
    ['card', 1],
    ['person', 1],
  ],
  summary: 'a profile card with a cover, avatar, short bio, three counters and follow / message buttons',
  placement: 'bottom',
  sources: () => staticSources('ProfileCard', MARKUP),
};
