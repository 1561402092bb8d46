import type { CatalogueEntry } from './entry.ts';
import { staticSources } from './static-sources.ts';

const MARKUP = `
<section class="relative overflow-hidden bg-white">
  <div class="mx-auto max-w-6xl px-6 py-24 text-center sm:py-32">
    <p class="inline-flex items-center gap-2 rounded-full bg-indigo-50 px-4 py-1 text-sm font-medium text-indigo-700">New · Ship your next idea in minutes</p>
    <h1 class="mt-6 text-4xl font-bold tracking-tight text-gray-900 sm:text-6xl">Build beautiful products, faster</h1>
    <p class="mx-auto mt-6 max-w-2xl text-lg leading-8 text-gray-600">Launch a polished landing page with a clear message, a strong call to action and social proof that converts visitors into customers.</p>
    <div class="mt-10 flex flex-wrap items-center justify-center gap-4">
      <a href="#get-started" class="rounded-lg bg-indigo-600 px-6 py-3 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500">Get started for free</a>
      <a href="#demo" class="rounded-lg border border-gray-200 px-6 py-3 text-sm font-semibold text-gray-900 hover:bg-gray-50">Watch the demo →</a>
    </div>
    <dl class="mx-auto mt-16 grid max-w-3xl grid-cols-1 gap-6 sm:grid-cols-3">
      <div class="rounded-xl border border-gray-200 p-6">
        <dt class="text-sm text-gray-500">Teams onboarded</dt>
        <dd class="mt-2 text-3xl font-semibold text-gray-900">12,000+</dd>
      </div>
      <div class="rounded-xl border border-gray-200 p-6">
        <dt class="text-sm text-gray-500">Uptime</dt>
        <dd class="mt-2 text-3xl font-semibold text-gray-900">99.99%</dd>
      </div>
      <div class="rounded-xl border border-gray-200 p-6">
        <dt class="text-sm text-gray-500">Average rating</dt>
        <dd class="mt-2 text-3xl font-semibold text-gray-900">4.9 / 5</dd>
      </div>
    </dl>
  </div>
</section>
`;

export const landingHero: CatalogueEntry = {
  id: 'landing-hero',
  title: 'Landing Hero',
  componentName: 'LandingHero',
  keywords: [
    ['landing', 3],
    ['hero', 3],
    ['homepage', 2],
    ['home page', 2],
    ['splash', 2],
    ['marketing', 2],
    ['startup', 2],
    ['saas', 2],
    ['website', 1],
    ['product page', 2],
    ['launch', 1],
  ],
  summary: 'a landing hero with a headline, a short pitch, two calls to action and three key numbers',
  placement: 'top',
  sources: () => staticSources('LandingHero', MARKUP),
};
