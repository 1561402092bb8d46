import { staticEntry } from './load.ts';

export const dashboard = staticEntry({
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
});
