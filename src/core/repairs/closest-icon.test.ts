import { describe, expect, it } from 'vitest';
import { closestIcon, editDistance, iconWords, typoAllowance } from './closest-icon.ts';
import { iconPackage } from './lucide-icons.ts';

const lucideReact = iconPackage('lucide-react')!;

describe('closestIcon (lucide-react)', () => {
  // Names models write that lucide-react 1.79.0 does not export, and what each becomes.
  it.each([
    // 1. another case
    ['Logout', 'LogOut'],
    // 2. another number
    ['Headphone', 'Headphones'],
    ['Setting', 'Settings'],
    // 3. one word less: a variant number or a modifier Lucide does not have
    ['ExternalLinkAlt', 'ExternalLink'],
    ['ChevronDownOutline', 'ChevronDown'],
    ['StarFilled', 'Star'],
    ['Lock2', 'Lock'],
    ['Tablet2', 'Tablet'],
    ['CheckCircle3', 'CheckCircle'],
    // 4. one word more
    ['Dashboard', 'LayoutDashboard'],
    ['Dollar', 'DollarSign'],
    ['Cart', 'ShoppingCart'],
    // 5. typos
    ['Settingss', 'Settings'],
    ['Setings', 'Settings'],
    ['Calender', 'Calendar'],
    ['Serch', 'Search'],
    ['Homee', 'Home'],
    ['ThumbUp', 'ThumbsUp'],
  ])('%s → %s', (name, expected) => {
    expect(closestIcon(name, lucideReact)).toBe(expected);
  });

  it.each([
    // Nothing close: the build reports it, a model round can choose.
    'Spinner',
    'Tiktok',
    'Notification',
    'Analytics',
    // A substituted letter in a short name is another word, not a typo.
    'Graph',
    // Too short to guess.
    'Hom',
  ])('%s → nothing', (name) => {
    expect(closestIcon(name, lucideReact)).toBeNull();
  });

  it('prefers the same words in another order to anything else', () => {
    const catalogue = { icons: ['ChartLine', 'LineChartz'], iconOf: (name: string) => name };
    expect(closestIcon('LineChart', catalogue)).toBe('ChartLine');
  });

  it('gives nothing when the deciding rule finds two different icons', () => {
    const catalogue = { icons: ['Calendar', 'Calendal'], iconOf: (name: string) => name };
    expect(closestIcon('Calendaz', catalogue)).toBeNull();
  });

  it("names of one icon are not ambiguous: the icon's own name is chosen", () => {
    const iconOf = (name: string) => (name === 'Cog' || name === 'Settings' ? 'Settings' : name);
    const catalogue = {
      icons: ['Setting', 'Settings', 'Cog'],
      iconOf: (name: string) => (name === 'Setting' ? 'Settings' : iconOf(name)),
    };
    expect(closestIcon('Settingss', catalogue)).toBe('Settings');
  });
});

describe('iconWords', () => {
  it.each([
    ['ChartLine', ['chart', 'line']],
    ['ArrowDownAZ', ['arrow', 'down', 'az']],
    ['ALargeSmall', ['a', 'large', 'small']],
    ['BarChart3', ['bar', 'chart', '3']],
    ['Tv2', ['tv', '2']],
  ])('%s → %j', (name, words) => {
    expect(iconWords(name)).toEqual(words);
  });
});

describe('editDistance', () => {
  it.each([
    ['settingss', 'settings', 1, 1],
    ['calender', 'calendar', 1, 1],
    ['serch', 'search', 1, 1],
    ['graph', 'grape', 1, 1],
    ['graph', 'grape', 2, 2],
    ['form', 'from', 1, 1],
    ['', 'abc', 1, 3],
  ])('%s / %s (substitution %d) = %d', (a, b, substitution, expected) => {
    expect(editDistance(a, b, substitution)).toBe(expected);
  });

  it('allows no typo below 4 letters, 1 edit without substitution to 7, 2 from 8', () => {
    expect(typoAllowance(3).edits).toBe(0);
    expect(typoAllowance(7)).toEqual({ edits: 1, substitutionCost: 2 });
    expect(typoAllowance(8)).toEqual({ edits: 2, substitutionCost: 1 });
  });
});
