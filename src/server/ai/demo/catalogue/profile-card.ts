import { staticEntry } from './load.ts';

export const profileCard = staticEntry({
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
});
