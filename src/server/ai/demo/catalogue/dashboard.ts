import type { CatalogueEntry } from './entry.ts';
import { staticSources } from './static-sources.ts';

interface Stat {
  label: string;
  value: string;
  change: string;
  isUp: boolean;
}

const STATS: Stat[] = [
  { label: 'Revenue', value: '$48,290', change: '+12.4%', isUp: true },
  { label: 'Active users', value: '3,842', change: '+5.1%', isUp: true },
  { label: 'Conversion', value: '4.7%', change: '-0.8%', isUp: false },
  { label: 'Open tickets', value: '27', change: '-14%', isUp: true },
];

const ACTIVITY = [
  ['Maria Lopez', 'upgraded to the Pro plan', '2 min ago'],
  ['Ken Adams', 'opened a support ticket', '18 min ago'],
  ['Priya Shah', 'invited 4 teammates', '1 h ago'],
  ['Tom Becker', 'exported the monthly report', '3 h ago'],
];

const BARS = [40, 65, 52, 80, 72, 90, 61];

function statCard(stat: Stat): string {
  const tone = stat.isUp ? 'bg-emerald-50 text-emerald-700' : 'bg-rose-50 text-rose-700';
  return `<div class="rounded-xl border border-gray-200 bg-white p-5 shadow-sm"><p class="text-sm text-gray-500">${stat.label}</p><div class="mt-2 flex items-baseline justify-between"><p class="text-2xl font-semibold text-gray-900">${stat.value}</p><span class="rounded-full px-2 py-0.5 text-xs font-medium ${tone}">${stat.change}</span></div></div>`;
}

const MARKUP = `
<section class="mx-auto max-w-6xl px-6 py-10">
  <div class="flex flex-wrap items-center justify-between gap-4">
    <div>
      <h1 class="text-2xl font-bold text-gray-900">Dashboard</h1>
      <p class="text-sm text-gray-500">Your workspace at a glance, updated every hour.</p>
    </div>
    <button type="button" class="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">Download report</button>
  </div>
  <div class="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">${STATS.map(statCard).join('')}</div>
  <div class="mt-8 grid gap-6 lg:grid-cols-3">
    <div class="rounded-xl border border-gray-200 bg-white p-6 shadow-sm lg:col-span-2">
      <h2 class="text-base font-semibold text-gray-900">Weekly sign-ups</h2>
      <div class="mt-6 flex h-48 items-end gap-3">${BARS.map((height) => `<div class="h-[${height}%] flex-1 rounded-t-md bg-indigo-500"></div>`).join('')}</div>
      <div class="mt-2 flex justify-between text-xs text-gray-400">${['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((day) => `<span>${day}</span>`).join('')}</div>
    </div>
    <div class="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h2 class="text-base font-semibold text-gray-900">Recent activity</h2>
      <ul class="mt-4 divide-y divide-gray-200">${ACTIVITY.map(([who, what, when]) => `<li class="py-3 text-sm"><p class="text-gray-900"><span class="font-medium">${who}</span> ${what}</p><p class="text-xs text-gray-400">${when}</p></li>`).join('')}</ul>
    </div>
  </div>
</section>
`;

export const dashboard: CatalogueEntry = {
  id: 'dashboard',
  title: 'Dashboard',
  componentName: 'Dashboard',
  keywords: [
    ['dashboard', 4],
    ['admin', 2],
    ['analytics', 3],
    ['metrics', 3],
    ['kpi', 3],
    ['kpis', 3],
    ['overview', 2],
    ['stats', 2],
    ['statistics', 2],
    ['cards', 2],
    ['chart', 2],
    ['report', 1],
  ],
  summary: 'a dashboard with four stat cards, a weekly bar chart and a recent-activity list',
  placement: 'bottom',
  sources: () => staticSources('Dashboard', MARKUP),
};
