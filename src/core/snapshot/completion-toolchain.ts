/**
 * The template's build toolchain merged into a project's own package.json, so the template's
 * build config works with it (docs/decisions/0057-completion-by-rule.md).
 */
import { asObject, parseObject } from './completion-references.ts';

/** Packages the template's build files need at the template's versions: the bundler, its plugins, Tailwind, the compilers. */
const TOOLCHAIN =
  /^(?:vite|@vitejs\/.+|@sveltejs\/vite-plugin-svelte|svelte|tailwindcss|@tailwindcss\/.+|postcss|typescript|@angular\/(?:build|cli|compiler-cli))$/;

/**
 * Angular's packages released in lockstep with its compiler (`@angular/compiler-cli` 21 compiles
 * only against `@angular/core` 21): a project's own ones follow the template's Angular range.
 */
const ANGULAR_LOCKSTEP =
  /^(?:@angular\/(?:animations|build|cdk|cli|common|compiler|compiler-cli|core|elements|forms|google-maps|language-service|localize|material|material-moment-adapter|platform-browser|platform-browser-dynamic|platform-server|pwa|router|service-worker|ssr|upgrade|youtube-player)|@angular-devkit\/build-angular)$/;

/**
 * zone.js for each Angular major (its `@angular/core` peer range): a project's zone.js follows the
 * template's Angular, or npm refuses the install (ERESOLVE). A major not listed leaves it as is.
 */
const ZONE_JS_FOR_ANGULAR: Record<number, string> = { 19: '~0.15.0', 20: '~0.15.0', 21: '~0.16.0' };

/**
 * A package added where the project lacks it follows the project's own framework package when
 * both are released together: react-dom 19 cannot render with React 18.
 */
function familyRange(name: string, declaredRange: (name: string) => string | undefined): string | undefined {
  if (name === 'react-dom') return declaredRange('react');
  if (ANGULAR_LOCKSTEP.test(name)) return declaredRange('@angular/core');
  return undefined;
}

const SECTIONS = ['dependencies', 'devDependencies'] as const;
type Section = (typeof SECTIONS)[number];

export interface ToolchainMerge {
  /** The merged package.json; null when the project's already agrees with the template's. */
  content: string | null;
  /** The packages whose range was set or added, in the order they were. */
  changed: string[];
}

/**
 * The project's package.json with the template's toolchain at the template's ranges (in the
 * section the project declares it in, else the template's), the template's other packages the
 * project does not declare (its own versions stand), its Angular packages at the template's
 * Angular range, and the template's build script when the project has none. Keys keep their
 * order; new ones are appended.
 */
export function mergeToolchain(own: string, template: string): ToolchainMerge {
  const project = parseObject(own);
  const blank = parseObject(template);
  if (!project || !blank) return { content: null, changed: [] };
  const merged: Record<string, unknown> = { ...project };
  const sections = new Map<Section, Record<string, unknown>>();
  for (const section of SECTIONS) sections.set(section, { ...(asObject(project[section]) ?? {}) });
  const changed: string[] = [];
  const set = (name: string, range: string, fallback: Section) => {
    const declaredIn = SECTIONS.filter((section) => name in sections.get(section)!);
    for (const section of declaredIn.length > 0 ? declaredIn : [fallback]) {
      const deps = sections.get(section)!;
      if (deps[name] === range) continue;
      deps[name] = range;
      if (!changed.includes(name)) changed.push(name);
    }
  };

  const declared = (name: string) => SECTIONS.some((section) => name in sections.get(section)!);
  const ownRange = (name: string) => rangeIn(project, name);
  for (const section of SECTIONS) {
    for (const [name, range] of Object.entries(asObject(blank[section]) ?? {})) {
      if (typeof range !== 'string') continue;
      // The toolchain at the template's range; the template's other packages only where missing.
      if (TOOLCHAIN.test(name)) set(name, range, section);
      else if (!declared(name)) set(name, familyRange(name, ownRange) ?? range, section);
    }
  }
  const angular = rangeIn(blank, '@angular/core');
  if (angular) {
    for (const section of SECTIONS) {
      for (const name of Object.keys(sections.get(section)!)) {
        if (ANGULAR_LOCKSTEP.test(name) && !TOOLCHAIN.test(name)) set(name, angular, section);
      }
    }
    const major = /(\d+)/.exec(angular)?.[1];
    const zone = major === undefined ? undefined : ZONE_JS_FOR_ANGULAR[Number(major)];
    if (zone && declared('zone.js')) set('zone.js', zone, 'dependencies');
  }
  for (const section of SECTIONS) {
    const deps = sections.get(section)!;
    if (section in project || Object.keys(deps).length > 0) merged[section] = deps;
  }

  // The template's build script where the project has none, so `npm run build` works outside Kiln too.
  const build = asObject(blank.scripts)?.build;
  const scripts = asObject(project.scripts) ?? {};
  const scriptsChanged = typeof build === 'string' && typeof scripts.build !== 'string';
  if (scriptsChanged) merged.scripts = { ...scripts, build };
  // The template's `type` is not merged: its configs load either way (Vite's `.ts` config, and
  // Node ≥ 20.19 — Vite's minimum — detects an ES module `svelte.config.js`), while a project's
  // CommonJS `postcss.config.js` would break under "type": "module".
  if (changed.length === 0 && !scriptsChanged) return { content: null, changed };
  return { content: `${JSON.stringify(merged, null, 2)}\n`, changed };
}

/** The range a package.json declares `name` at, in its first section that has it. */
function rangeIn(packageJson: Record<string, unknown>, name: string): string | undefined {
  for (const section of SECTIONS) {
    const range = asObject(packageJson[section])?.[name];
    if (typeof range === 'string') return range;
  }
  return undefined;
}

/** Whether a package.json declares `name` in any dependency section. */
export function declares(packageJson: string | undefined, name: string): boolean {
  const json = parseObject(packageJson);
  if (!json) return false;
  return ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].some(
    (section) => asObject(json[section])?.[name] !== undefined,
  );
}

const BARE_IMPORTS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^.'"/][^'"]*)['"]/g,
  /\bimport\s*['"]([^.'"/][^'"]*)['"]/g,
];

/** The packages a script imports by bare specifier (`@angular/common/http` → `@angular/common`). */
export function importedPackages(source: string): string[] {
  const out: string[] = [];
  for (const pattern of BARE_IMPORTS) {
    for (const match of source.matchAll(pattern)) {
      const parts = match[1]!.split('/');
      const name = parts[0]!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
      if (!out.includes(name)) out.push(name);
    }
  }
  return out;
}

/**
 * The project's package.json with the template's packages in `names` that it does not declare,
 * at the template's range and section (what the template files added to it import); null when it
 * declares them all.
 */
export function withTemplatePackages(own: string, template: string, names: readonly string[]): string | null {
  const project = parseObject(own);
  const blank = parseObject(template);
  if (!project || !blank) return null;
  const merged: Record<string, unknown> = { ...project };
  let changed = false;
  const ownRange = (name: string) => rangeIn(project, name);
  for (const name of names) {
    if (declares(own, name)) continue;
    const section = SECTIONS.find((candidate) => typeof asObject(blank[candidate])?.[name] === 'string');
    if (!section) continue;
    const range = familyRange(name, ownRange) ?? asObject(blank[section])![name];
    merged[section] = { ...(asObject(merged[section]) ?? {}), [name]: range };
    changed = true;
  }
  return changed ? `${JSON.stringify(merged, null, 2)}\n` : null;
}
