/**
 * Regenerates src/core/repairs/lucide-icons.generated.ts: the names each Lucide icon package
 * exports, read from the packages themselves (issue 33 item 5, the icon repair). Run
 *
 *   npx tsx scripts/generate-lucide-icons.ts [lucide-react@1.79.0 …]
 *
 * Each package is fetched with `npm pack` into a temporary folder (the registry is the one npm is
 * configured with). Its names are the runtime exports of its ES module entry (es-module-lexer,
 * following `export *`) together with the exports of its type declarations (TypeScript's checker:
 * `LucideIcon`, `LucideProps`…). The icons are grouped by the module each name re-exports in
 * lucide-react's entry (one group per icon: `ChartLine|LineChart`); the other packages are written
 * as their difference from lucide-react. The output says which versions it came from.
 *
 * Lucide is licensed under ISC (https://lucide.dev/license); the names are facts about its API.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';
import prettier from 'prettier';
import ts from 'typescript';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUTPUT = path.join(REPO_ROOT, 'src/core/repairs/lucide-icons.generated.ts');

/** The reference package, whose icon groups every other package is written against. */
const REFERENCE = 'lucide-react';
const DEFAULT_SPECS = [
  'lucide-react@1.79.0',
  'lucide-vue-next@1.0.0',
  '@lucide/vue@1.48.0',
  'lucide-svelte@1.0.1',
  '@lucide/svelte@1.48.0',
  'lucide-angular@1.0.0',
];

interface PackageJson {
  name: string;
  version: string;
  license?: string;
  module?: string;
  main?: string;
  types?: string;
  typings?: string;
  exports?: Record<string, unknown>;
}

interface PackedPackage {
  name: string;
  version: string;
  license: string;
  /** Every name a named import may use: runtime exports and type exports. */
  names: Set<string>;
  /** Base names of the icons, each with the group key of the module that defines it. */
  entry: string;
  dir: string;
}

function pack(spec: string, into: string): string {
  const output = execFileSync('npm', ['pack', spec, '--pack-destination', into, '--silent'], {
    encoding: 'utf8',
  });
  const tarball = path.join(into, output.trim().split('\n').pop() ?? '');
  const dir = path.join(into, path.basename(tarball, '.tgz'));
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', dir]);
  return path.join(dir, 'package');
}

function conditionPath(value: unknown, keys: readonly string[]): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  for (const key of keys) {
    const found = conditionPath(record[key], keys);
    if (found) return found;
  }
  return undefined;
}

function moduleEntry(pkg: PackageJson): string {
  const root = pkg.exports?.['.'];
  const entry =
    conditionPath(root, ['svelte', 'import', 'module', 'es2020', 'default']) ?? pkg.module ?? pkg.main;
  if (!entry) throw new Error(`${pkg.name}: no module entry`);
  return entry;
}

function typesEntry(pkg: PackageJson): string | undefined {
  return conditionPath(pkg.exports?.['.'], ['types']) ?? pkg.types ?? pkg.typings;
}

function resolveModule(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.js`, `${base}.mjs`, path.join(base, 'index.js')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The names a module exports at run time, `export *` followed (its `default` excepted). */
function runtimeExports(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  const [imports, exports] = parse(source);
  for (const entry of exports) names.add(entry.n);
  for (const entry of imports) {
    const statement = source.slice(entry.ss, entry.se);
    if (!/^export\s*\*\s*from\b/.test(statement) || !entry.n) continue;
    const target = resolveModule(file, entry.n);
    if (!target) throw new Error(`${file}: cannot follow export * from '${entry.n}'`);
    for (const name of runtimeExports(target, seen)) if (name !== 'default') names.add(name);
  }
  return names;
}

/** The names the package's type declarations export (values and types). */
function typeExports(file: string): Set<string> {
  const program = ts.createProgram([file], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const symbol = source && checker.getSymbolAtLocation(source);
  if (!symbol) throw new Error(`${file}: no module symbol`);
  return new Set(checker.getExportsOfModule(symbol).map((exported) => exported.getName()));
}

function readPackage(spec: string, workDir: string): PackedPackage {
  const dir = pack(spec, workDir);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
  const entry = path.join(dir, moduleEntry(pkg));
  const names = runtimeExports(entry);
  const types = typesEntry(pkg);
  if (types) for (const name of typeExports(path.join(dir, types))) names.add(name);
  names.delete('default');
  return { name: pkg.name, version: pkg.version, license: pkg.license ?? 'unknown', names, entry, dir };
}

/**
 * lucide-react's icons grouped by the icon module each name re-exports
 * (`export { default as ChartLine, default as LineChart, … } from './icons/chart-line.mjs'`).
 * Forms (`…Icon`, `Lucide…`) are left out: they follow from the base names.
 */
function iconGroups(reference: PackedPackage): string[][] {
  const source = fs.readFileSync(reference.entry, 'utf8');
  const groups = new Map<string, Set<string>>();
  const statement = /export\s*\{([^}]*)\}\s*from\s*['"](\.\/icons\/[^'"]+)['"]/g;
  for (const match of source.matchAll(statement)) {
    const names = (match[1] ?? '').split(',').map(
      (part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '',
    );
    const group = groups.get(match[2] ?? '') ?? new Set<string>();
    for (const name of names) if (name) group.add(name);
    groups.set(match[2] ?? '', group);
  }
  const result: string[][] = [];
  for (const [module, names] of groups) {
    const bases = [...names].filter((name) => isBaseName(name, names));
    // The icon's own name (its module's name in PascalCase) first, then its aliases.
    const own = pascalCase(path.basename(module).replace(/\.m?js$/, ''));
    bases.sort(
      (a, b) =>
        Number(b.toLowerCase() === own.toLowerCase()) - Number(a.toLowerCase() === own.toLowerCase()) ||
        (a < b ? -1 : a > b ? 1 : 0),
    );
    if (bases.length) result.push(bases);
  }
  result.sort((a, b) => ((a[0] ?? '') < (b[0] ?? '') ? -1 : 1));
  return result;
}

function pascalCase(kebab: string): string {
  return kebab
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** A name that is not the `…Icon` or `Lucide…` form of another name of the same set. */
function isBaseName(name: string, names: ReadonlySet<string>): boolean {
  if (name.endsWith('Icon') && names.has(name.slice(0, -4))) return false;
  if (name.startsWith('Lucide') && names.has(name.slice(6))) return false;
  return true;
}

interface PackageIcons {
  version: string;
  license: string;
  suffixForm: boolean;
  prefixForm: boolean;
  icons: Set<string>;
  other: string[];
}

/** As written: the icons as a difference from another package's (space-separated names). */
interface PackageEntry {
  version: string;
  license: string;
  suffixForm: boolean;
  prefixForm: boolean;
  base?: string;
  add: string;
  remove: string;
  other: string;
}

function packageIcons(pkg: PackedPackage, referenceIcons: ReadonlySet<string>): PackageIcons {
  const suffixForm = pkg.names.has('HouseIcon');
  const prefixForm = pkg.names.has('LucideHouse');
  // An icon of this package: a base name whose forms all exist.
  const icons = new Set<string>();
  for (const name of pkg.names) {
    if (!isBaseName(name, pkg.names)) continue;
    if (suffixForm && !pkg.names.has(`${name}Icon`)) continue;
    if (prefixForm && !pkg.names.has(`Lucide${name}`)) continue;
    if (!suffixForm && !prefixForm && !referenceIcons.has(name)) continue;
    icons.add(name);
  }
  const expanded = new Set<string>();
  for (const icon of icons) {
    expanded.add(icon);
    if (suffixForm) expanded.add(`${icon}Icon`);
    if (prefixForm) expanded.add(`Lucide${icon}`);
  }
  for (const name of expanded) {
    if (!pkg.names.has(name)) throw new Error(`${pkg.name}: ${name} expanded but not exported`);
  }
  return {
    version: pkg.version,
    license: pkg.license,
    suffixForm,
    prefixForm,
    icons,
    other: [...pkg.names].filter((name) => !expanded.has(name)).sort(),
  };
}

const words = (values: Iterable<string>) => [...values].sort().join(' ');

/** Each package against the earlier one (the reference first) it differs least from. */
function describePackages(described: Map<string, PackageIcons>): Record<string, PackageEntry> {
  const entries: Record<string, PackageEntry> = {};
  const earlier: string[] = [];
  for (const [name, pkg] of described) {
    let best: { base: string; add: string[]; remove: string[] } | null = null;
    for (const base of earlier.length ? earlier : [name]) {
      const icons = described.get(base)?.icons ?? new Set<string>();
      const add = [...pkg.icons].filter((icon) => !icons.has(icon));
      const remove = [...icons].filter((icon) => !pkg.icons.has(icon));
      if (!best || add.length + remove.length < best.add.length + best.remove.length) {
        best = { base, add, remove };
      }
    }
    entries[name] = {
      version: pkg.version,
      license: pkg.license,
      suffixForm: pkg.suffixForm,
      prefixForm: pkg.prefixForm,
      ...(best && best.base !== name && best.base !== REFERENCE ? { base: best.base } : {}),
      add: words(best?.add ?? []),
      remove: words(best?.remove ?? []),
      other: words(pkg.other),
    };
    earlier.push(name);
  }
  return entries;
}

function render(groups: string[][], packages: Record<string, PackageEntry>, specs: string[]): string {
  const byLetter = new Map<string, string[]>();
  for (const group of groups) {
    const letter = (group[0] ?? '').charAt(0);
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), group.join('|')]);
  }
  const iconLines = [...byLetter.entries()].map(([letter, list]) => `  ${letter}: '${list.join(' ')}',`);
  return `/**
 * GENERATED by scripts/generate-lucide-icons.ts — do not edit; run it again to update.
 * From the npm packages ${specs.join(', ')}.
 * Lucide (https://lucide.dev) is licensed under ISC; these are the names its packages export.
 */
import type { LucideData } from './lucide-data.ts';

export const LUCIDE_DATA: LucideData = {
  reference: '${REFERENCE}',
  // Each package's icons: its \`base\` package's (else the reference's), less \`remove\`, plus \`add\`;
  // with forms, each icon is also exported as \`{name}Icon\` and \`Lucide{name}\`. \`other\`: every
  // other name it exports (components, helpers, types). All lists are space-separated.
  packages: ${JSON.stringify(packages)},
  // ${REFERENCE}'s icons by initial: one entry per icon, its names joined by '|' (its own first).
  icons: {
${iconLines.join('\n')}
  },
};
`;
}

async function main(): Promise<void> {
  await init;
  const specs = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_SPECS;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-lucide-'));
  try {
    const packed = specs.map((spec) => readPackage(spec, workDir));
    const reference = packed.find((pkg) => pkg.name === REFERENCE);
    if (!reference) throw new Error(`${REFERENCE} must be one of the packages`);
    const groups = iconGroups(reference);
    const referenceIcons = new Set(groups.flat());
    const described = new Map<string, PackageIcons>();
    described.set(REFERENCE, packageIcons(reference, referenceIcons));
    for (const pkg of packed) {
      if (pkg !== reference) described.set(pkg.name, packageIcons(pkg, referenceIcons));
    }
    const own = described.get(REFERENCE)?.icons ?? new Set<string>();
    if (own.size !== referenceIcons.size || [...own].some((icon) => !referenceIcons.has(icon))) {
      throw new Error(`${REFERENCE}'s grouped icons differ from its exported icons`);
    }
    const packages = describePackages(described);
    const text = render(
      groups,
      packages,
      packed.map((pkg) => `${pkg.name}@${pkg.version}`),
    );
    const options = (await prettier.resolveConfig(OUTPUT)) ?? {};
    fs.writeFileSync(OUTPUT, await prettier.format(text, { ...options, filepath: OUTPUT }));
    for (const [name, entry] of Object.entries(packages)) {
      const count = (list: string) => (list ? list.split(' ').length : 0);
      console.log(
        `${name}@${entry.version} (${entry.license}) from ${entry.base ?? REFERENCE}: ` +
          `+${count(entry.add)} -${count(entry.remove)}, ${count(entry.other)} other`,
      );
    }
    console.log(`${groups.length} icons → ${path.relative(REPO_ROOT, OUTPUT)}`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
