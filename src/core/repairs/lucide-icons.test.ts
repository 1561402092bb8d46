import { describe, expect, it } from 'vitest';
import { iconPackage, iconPackageNames } from './lucide-icons.ts';
import { LUCIDE_DATA } from './lucide-icons.generated.ts';
import { REMOVED_BRAND_ICONS } from './removed-brand-icons.ts';

describe('the Lucide data', () => {
  it('names its packages, their versions and their licence', () => {
    expect(iconPackageNames()).toEqual([
      'lucide-react',
      'lucide-vue-next',
      '@lucide/vue',
      'lucide-svelte',
      '@lucide/svelte',
      'lucide-angular',
    ]);
    for (const name of iconPackageNames()) expect(iconPackage(name)?.license).toBe('ISC');
    expect(iconPackage('lucide-react')?.version).toMatch(/^1\.\d+\.\d+$/);
    expect(iconPackage('react-icons')).toBeNull();
  });

  it('knows every form of an icon and its aliases, and the helpers and types', () => {
    const react = iconPackage('lucide-react')!;
    for (const name of [
      'ChartLine',
      'LineChart',
      'ChartLineIcon',
      'LucideChartLine',
      'LucideLineChart',
      'House',
      'Home',
      'Trash2',
      'Loader2',
      'LoaderCircle',
      'CheckCircle',
      'CircleCheck',
      'AlertTriangle',
      'Settings',
      'ArrowRight',
      'X',
      'XIcon',
      'LucideIcon',
      'LucideProps',
      'createLucideIcon',
      'icons',
      'Icon',
    ]) {
      expect(react.exports(name), name).toBe(true);
    }
    for (const name of ['Settingss', 'Github', 'ChartLineIconIcon', 'LucideLucideX', 'default']) {
      expect(react.exports(name), name).toBe(false);
    }
    expect(react.iconOf('LineChart')).toBe(react.iconOf('ChartLine'));
    expect(react.iconOf('Home')).toBe(react.iconOf('House'));
    expect(react.iconOf('Home')).not.toBe(react.iconOf('Settings'));
    expect(react.icons.length).toBeGreaterThan(2000);
  });

  it('keeps the brand icons in the packages that still export them', () => {
    expect(iconPackage('lucide-vue-next')!.exports('Github')).toBe(true);
    expect(iconPackage('lucide-angular')!.exports('Twitter')).toBe(true);
    expect(iconPackage('@lucide/vue')!.exports('Github')).toBe(false);
    expect(iconPackage('lucide-svelte')!.exports('Github')).toBe(false);
  });

  it('lists as removed brands exactly the brand icons lucide-react no longer has', () => {
    const added = LUCIDE_DATA.packages['lucide-vue-next']!.add.split(' ');
    // RailSymbol is not a brand: renamed, it is the typo rule's (or the build's).
    expect([...REMOVED_BRAND_ICONS.keys()].sort()).toEqual(
      added.filter((name) => name !== 'RailSymbol').map((name) => name.toLowerCase()),
    );
  });

  it('replaces removed brands with icons every package lacking them has', () => {
    for (const name of iconPackageNames()) {
      const pkg = iconPackage(name)!;
      for (const [brand, plain] of REMOVED_BRAND_ICONS) {
        if (pkg.icons.some((icon) => icon.toLowerCase() === brand)) continue;
        expect(pkg.icons, `${name}: ${plain}`).toContain(plain);
      }
    }
  });
});
