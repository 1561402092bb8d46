/**
 * The Lucide icon packages Kiln knows the exports of (lucide-icons.generated.ts, read from the
 * packages by scripts/generate-lucide-icons.ts): which names a named import from each may use,
 * and which names are the same icon (`ChartLine` and `LineChart`).
 */
import type { LucideData } from './lucide-data.ts';
import { LUCIDE_DATA } from './lucide-icons.generated.ts';

export interface IconPackage {
  name: string;
  version: string;
  license: string;
  /** The icons' own names (aliases included; not their `…Icon` and `Lucide…` forms). */
  icons: readonly string[];
  /** Every icon is also exported as `{name}Icon` / `Lucide{name}`. */
  suffixForm: boolean;
  prefixForm: boolean;
  /** True for any name a named import from the package may use. */
  exports(name: string): boolean;
  /** The same key for every name of one icon. */
  iconOf(name: string): string;
}

const words = (list: string) => (list === '' ? [] : list.split(' '));

function buildPackages(data: LucideData): Map<string, IconPackage> {
  const iconOf = new Map<string, string>();
  const referenceIcons: string[] = [];
  for (const line of Object.values(data.icons)) {
    for (const group of words(line)) {
      const names = group.split('|');
      for (const name of names) {
        iconOf.set(name, names[0]!);
        referenceIcons.push(name);
      }
    }
  }
  const iconSets = new Map<string, Set<string>>();
  const packages = new Map<string, IconPackage>();
  for (const [name, entry] of Object.entries(data.packages)) {
    const base = entry.base ? iconSets.get(entry.base) : new Set(referenceIcons);
    if (!base) throw new Error(`lucide data: ${name} is written against ${entry.base}, which comes later`);
    const icons = new Set(base);
    for (const removed of words(entry.remove)) icons.delete(removed);
    for (const added of words(entry.add)) icons.add(added);
    iconSets.set(name, icons);
    const other = new Set(words(entry.other));
    const isIcon = (candidate: string) => icons.has(candidate);
    packages.set(name, {
      name,
      version: entry.version,
      license: entry.license,
      icons: [...icons].sort(),
      suffixForm: entry.suffixForm,
      prefixForm: entry.prefixForm,
      exports: (candidate) =>
        isIcon(candidate) ||
        other.has(candidate) ||
        (entry.suffixForm && candidate.endsWith('Icon') && isIcon(candidate.slice(0, -4))) ||
        (entry.prefixForm && candidate.startsWith('Lucide') && isIcon(candidate.slice(6))),
      iconOf: (candidate) => iconOf.get(candidate) ?? candidate,
    });
  }
  return packages;
}

let packages: Map<string, IconPackage> | null = null;

/** The icon package of this name, or null when Kiln does not know its exports. */
export function iconPackage(name: string): IconPackage | null {
  packages ??= buildPackages(LUCIDE_DATA);
  return packages.get(name) ?? null;
}

/** The names of the icon packages Kiln knows. */
export function iconPackageNames(): string[] {
  packages ??= buildPackages(LUCIDE_DATA);
  return [...packages.keys()];
}
