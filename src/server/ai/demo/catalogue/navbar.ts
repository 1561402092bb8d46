import { staticEntry } from './load.ts';

export const navbar = staticEntry({
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
});
