import type { CatalogueEntry } from './entry.ts';
import { staticSources } from './static-sources.ts';

interface Plan {
  name: string;
  price: string;
  blurb: string;
  features: string[];
  isFeatured: boolean;
}

const PLANS: Plan[] = [
  {
    name: 'Starter',
    price: '$0',
    blurb: 'For side projects',
    features: ['1 project', 'Community support', 'Basic analytics'],
    isFeatured: false,
  },
  {
    name: 'Pro',
    price: '$29',
    blurb: 'For growing teams',
    features: ['Unlimited projects', 'Priority support', 'Advanced analytics', 'Custom domains'],
    isFeatured: true,
  },
  {
    name: 'Enterprise',
    price: '$99',
    blurb: 'For large organisations',
    features: ['Everything in Pro', 'SSO and audit logs', 'Dedicated manager'],
    isFeatured: false,
  },
];

function planCard(plan: Plan): string {
  const card = plan.isFeatured
    ? 'relative rounded-2xl border-2 border-indigo-600 bg-white p-8 shadow-xl'
    : 'rounded-2xl border border-gray-200 bg-white p-8 shadow-sm';
  const button = plan.isFeatured
    ? 'mt-8 block w-full rounded-lg bg-indigo-600 px-4 py-2.5 text-center text-sm font-semibold text-white hover:bg-indigo-500'
    : 'mt-8 block w-full rounded-lg border border-indigo-600 px-4 py-2.5 text-center text-sm font-semibold text-indigo-600 hover:bg-indigo-50';
  const badge = plan.isFeatured
    ? '<span class="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold text-white">Most popular</span>'
    : '';
  const features = plan.features
    .map(
      (feature) =>
        `<li class="flex items-center gap-2"><span class="text-indigo-600">✓</span> ${feature}</li>`,
    )
    .join('');
  return `<div class="${card}">${badge}<h3 class="text-lg font-semibold text-gray-900">${plan.name}</h3><p class="mt-1 text-sm text-gray-500">${plan.blurb}</p><p class="mt-6"><span class="text-4xl font-bold text-gray-900">${plan.price}</span> <span class="text-sm text-gray-500">/month</span></p><ul class="mt-6 space-y-3 text-sm text-gray-600">${features}</ul><a href="#" class="${button}">Choose ${plan.name}</a></div>`;
}

const MARKUP = `
<section class="bg-gray-50 py-24">
  <div class="mx-auto max-w-6xl px-6">
    <div class="mx-auto max-w-2xl text-center">
      <h2 class="text-4xl font-bold tracking-tight text-gray-900">Simple, transparent pricing</h2>
      <p class="mt-4 text-lg text-gray-600">Pick the plan that fits today and change it whenever you like.</p>
    </div>
    <div class="mt-16 grid gap-8 md:grid-cols-3">${PLANS.map(planCard).join('')}</div>
  </div>
</section>
`;

export const pricingTable: CatalogueEntry = {
  id: 'pricing-table',
  title: 'Pricing Table',
  componentName: 'PricingTable',
  keywords: [
    ['pricing', 4],
    ['price', 3],
    ['prices', 3],
    ['plans', 3],
    ['plan', 2],
    ['tiers', 3],
    ['subscription', 2],
    ['billing', 2],
    ['cost', 1],
  ],
  summary: 'a pricing table with three plans, the middle one highlighted as the most popular',
  placement: 'bottom',
  sources: () => staticSources('PricingTable', MARKUP),
};
