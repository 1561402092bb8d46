import { staticEntry } from './load.ts';

export const pricingTable = staticEntry({
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
});
