import { staticEntry } from './load.ts';

export const landingHero = staticEntry({
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
});
