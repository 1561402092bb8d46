/**
 * Spec §5 "Artifact completeness", made exact (issue 33 item 2): a project lacking what its
 * framework needs to build — package.json, the build config, the page, the entry, a tsconfig
 * where the build needs one — gets those files from the framework's blank template, and the
 * template's toolchain is merged into the project's own package.json when the template's build
 * config is the one that will run. docs/decisions/0057-completion-by-rule.md states the rule;
 * the template files are passed in (core does no I/O).
 */
import { isBuildConfigFile, type Snapshot, type SnapshotFile } from '../artifact/index.ts';
import {
  angularBuildOptions,
  moduleScripts,
  normalize,
  parseObject,
  relativeImports,
  relativeReferences,
  relativeSpecifiers,
  resolveIn,
  withModuleScript,
} from './completion-references.ts';
import { declares, importedPackages, mergeToolchain, withTemplatePackages } from './completion-toolchain.ts';

type TemplateFile = Pick<SnapshotFile, 'name' | 'content'>;
type ProjectFile = Pick<SnapshotFile, 'name'> & { content?: string };

/**
 * - `own-build`: the project builds its own way (a build script that names its files or runs
 *   another tool than the template's, or another tool's bundler config) — nothing is added.
 * - `own-config`: the project has the config of the template's tool (`vite.config.*`,
 *   `angular.json`) — its toolchain stands; only a missing package.json, page, entry and (where
 *   the build needs one) tsconfig come from the template.
 * - `template-config`: the template's build config is added and runs — every template file the
 *   project lacks is added (the entry and what it imports only when the project has no entry of
 *   its own), and the template's toolchain is merged into the project's own package.json.
 */
export type CompletionMode = 'own-build' | 'own-config' | 'template-config';

export interface CompletionPlan {
  mode: CompletionMode;
  /** Template files added, in template order, with their content (adapted where noted in 0057). */
  added: TemplateFile[];
  /** The project's package.json with the template's toolchain merged in; null when unchanged. */
  packageJson: string | null;
  /** The packages the merge set or added. */
  toolchain: string[];
}

/** Vite's and Angular's own configs: what makes a project's config the template tool's. */
const TOOL_CONFIG: Record<string, RegExp> = {
  vite: /^vite\.config\.(?:js|cjs|mjs|ts|cts|mts)$/,
  ng: /^angular\.json$/,
};

/** Configs that never decide who builds: TypeScript's, the CSS pipeline's, linters', test runners'. */
const NEUTRAL_CONFIG =
  /^(?:(?:ts|js)config(?:[.-][\w.-]*)?\.json|(?:tailwind|postcss|eslint|prettier|stylelint|vitest|jest|playwright|cypress|babel|commitlint|lint-staged)\.config\.[\w]+|\.(?:postcssrc|eslintrc|stylelintrc|babelrc|swcrc|browserslistrc|prettierrc)(?:\.\w+)?)$/;

/**
 * Frameworks that build their own pages and entries (SvelteKit, React Router's framework mode,
 * Remix, Vike, TanStack Start, Qwik City, Analog, SolidStart, Astro, Nuxt, Next, Gatsby, Waku): a
 * project declaring one builds its own way, and a blank template's page or config would only be
 * in its way.
 */
const FRAMEWORK_WITH_PAGES =
  /^(?:@sveltejs\/kit|@react-router\/dev|@remix-run\/dev|vike|vite-plugin-ssr|@tanstack\/(?:react|solid)-start|@builder\.io\/qwik-city|@analogjs\/platform|@solidjs\/start|astro|nuxt|next|gatsby|waku)$/;

/** Where a Vite project's entry usually is, in order of preference, when it has no page to say so. */
const ENTRY_CANDIDATES = ['main', 'index'].flatMap((stem) =>
  ['tsx', 'ts', 'jsx', 'js'].map((ext) => `src/${stem}.${ext}`),
);
/** An entry mounts the app (React, Vue, Svelte 5 and 4, Solid, Preact). */
const MOUNTS =
  /\b(?:createRoot|hydrateRoot|createApp|createSSRApp|mount|hydrate|render)\s*\(|\bnew\s+[A-Z]\w*\s*\(\s*\{[^}]*\btarget\b/;
const SCRIPT_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js'];
const SCRIPT_EXTENSION = /\.(?:tsx|ts|jsx|js)$/;
const TAILWIND_IMPORT = /^[ \t]*@import\s+(?:url\(\s*)?['"]tailwindcss['"]\s*\)?\s*;?[ \t]*\r?\n?/gm;

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The stem a config is known by (`vite.config.ts` → `vite.config`, `angular.json` → itself). */
function configKind(name: string): string {
  const base = baseName(name).toLowerCase();
  const dotConfig = /^(.+\.config)\.\w+$/.exec(base);
  if (dotConfig) return dotConfig[1]!;
  const rc = /^(\.\w+rc)(?:\.\w+)?$/.exec(base);
  return rc ? rc[1]! : base;
}

/** The text of the `build` script and of the scripts it runs by name (`npm run x`, `run-p x`). */
function buildScriptText(packageJson: Record<string, unknown> | null): string | null {
  const scripts = packageJson?.scripts;
  if (typeof scripts !== 'object' || scripts === null) return null;
  const all = scripts as Record<string, unknown>;
  if (typeof all.build !== 'string' || all.build.trim() === '') return null;
  const seen = new Set(['build']);
  const texts = [all.build];
  for (let i = 0; i < texts.length && i < 8; i++) {
    for (const word of scriptWords(texts[i]!)) {
      const script = all[word];
      if (!seen.has(word) && typeof script === 'string') {
        seen.add(word);
        texts.push(script);
      }
    }
  }
  return texts.join(' && ');
}

/** A script's words, without quotes and a leading `./`. */
function scriptWords(script: string): string[] {
  return script
    .split(/[\s;&|()=]+/)
    .map((word) => word.replace(/^['"]+|['"]+$/g, '').replace(/^\.\//, ''))
    .filter(Boolean);
}

/** The tool a template's build script runs (`vite build` → `vite`, `ng build` → `ng`). */
function toolOf(packageJson: Record<string, unknown> | null): string | null {
  const script = buildScriptText(packageJson);
  const first = script === null ? undefined : scriptWords(script)[0];
  return first === undefined ? null : baseName(first);
}

/**
 * Which files the template adds to `files` and what it merges into their package.json
 * (docs/decisions/0057-completion-by-rule.md).
 */
export function completionPlan(
  files: readonly ProjectFile[],
  template: readonly TemplateFile[],
): CompletionPlan {
  const own = new Map(files.map((file) => [file.name, file]));
  const blank = new Map<string, TemplateFile>();
  for (const file of template) if (!blank.has(file.name)) blank.set(file.name, file);
  const ownPackage = own.get('package.json');
  const ownManifest = ownPackage ? parseObject(ownPackage.content) : null;
  const blankManifest = parseObject(blank.get('package.json')?.content);
  const tool = toolOf(blankManifest);
  const toolConfig = tool ? TOOL_CONFIG[tool] : undefined;
  const unchanged: CompletionPlan = { mode: 'own-build', added: [], packageJson: null, toolchain: [] };

  // 1. A project that builds its own way is never mixed with the template.
  if (ownPackage) {
    const build = ownManifest?.scripts;
    const buildScript =
      typeof build === 'object' && build !== null ? (build as { build?: unknown }).build : undefined;
    if (
      typeof buildScript === 'string' &&
      scriptWords(buildScript).some((word) => own.has(normalize(word)))
    ) {
      return unchanged;
    }
    const script = buildScriptText(ownManifest);
    if (tool && script !== null && !scriptWords(script).some((word) => baseName(word) === tool))
      return unchanged;
    const templateKinds = new Set([...blank.keys()].filter(isBuildConfigFile).map(configKind));
    const otherTool = files.some((file) => {
      const base = baseName(file.name);
      if (!isBuildConfigFile(file.name) || NEUTRAL_CONFIG.test(base.toLowerCase())) return false;
      return !templateKinds.has(configKind(base)) && !toolConfig?.test(base);
    });
    if (otherTool) return unchanged;
    const sections = ['dependencies', 'devDependencies'].map((section) => ownManifest?.[section]);
    const packages = sections.flatMap((deps) =>
      typeof deps === 'object' && deps !== null ? Object.keys(deps) : [],
    );
    if (packages.some((name) => FRAMEWORK_WITH_PAGES.test(name))) return unchanged;
  }

  const mode: CompletionMode =
    toolConfig && files.some((file) => toolConfig.test(file.name)) ? 'own-config' : 'template-config';
  const wanted = new Map<string, string>();
  const want = (name: string) => {
    const file = blank.get(name);
    if (file && !own.has(name) && !wanted.has(name)) wanted.set(name, file.content);
  };
  const ownNames = new Set(own.keys());
  const blankNames = new Set(blank.keys());
  /** Specifiers of added template files pointed at the project's own file of another script extension. */
  const rewrites = new Map<string, [from: string, to: string][]>();
  /**
   * The template file and, through its relative references, every template file it needs that
   * the project lacks. A reference the project has under another script extension (its
   * `src/App.jsx` for the template's `./App.tsx`) is pointed at the project's file instead.
   */
  const wantWithReferences = (start: string) => {
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const name = queue[i]!;
      if (own.has(name) || !blank.has(name)) continue;
      want(name);
      for (const { specifier, base } of relativeImports(blank.get(name)!)) {
        if (resolveIn(base, ownNames)) continue;
        const twin = SCRIPT_EXTENSION.test(base)
          ? SCRIPT_EXTENSIONS.map((ext) => base.replace(SCRIPT_EXTENSION, ext)).find((other) =>
              own.has(other),
            )
          : undefined;
        if (twin) {
          const list = rewrites.get(name) ?? [];
          list.push([specifier, specifier.replace(SCRIPT_EXTENSION, /\.\w+$/.exec(twin)![0])]);
          rewrites.set(name, list);
          continue;
        }
        const next = resolveIn(base, blankNames);
        if (next && !queue.includes(next)) queue.push(next);
      }
    }
  };

  want('package.json');
  const angular = tool === 'ng';
  const ownAngular =
    mode === 'own-config' && own.has('angular.json') ? own.get('angular.json')!.content : undefined;
  const angularOptions = angular
    ? angularBuildOptions(ownAngular ?? blank.get('angular.json')?.content ?? '')
    : null;

  // 2. The build config: all of the template's (template-config), or the tsconfig the build needs.
  const tsconfigs = [...blank.keys()].filter((name) => /^tsconfig(?:\.[\w-]+)?\.json$/.test(name));
  if (mode === 'own-config') {
    const ownScript = buildScriptText(ownManifest) ?? '';
    const runsTsc = scriptWords(ownScript).some((word) => /^(?:tsc|vue-tsc)$/.test(baseName(word)));
    const hasTsconfig = files.some((file) => /^tsconfig(?:\.[\w-]+)?\.json$/.test(file.name));
    if (angular) {
      const named = angularOptions?.tsConfig;
      if (named && !own.has(named)) wantWithReferences(named);
      if (!hasTsconfig) for (const name of tsconfigs) wantWithReferences(name);
      for (const style of angularOptions?.styles ?? []) wantWithReferences(style);
    } else if (runsTsc && !hasTsconfig) {
      for (const name of tsconfigs) want(name);
    }
  }

  // 3. The page and the entry.
  const entries = new Set<string>();
  let adaptedPage: { name: string; from: string; to: string } | null = null;
  if (angular) {
    const page = angularOptions?.page ?? 'src/index.html';
    want(page);
    if (angularOptions?.entry) entries.add(angularOptions.entry);
  } else {
    const page = blank.has('index.html') ? 'index.html' : null;
    const ownPage = own.get('index.html');
    if (ownPage) {
      for (const script of moduleScripts(ownPage.content ?? '')) entries.add(script);
    } else if (page) {
      want(page);
      const blankEntry = moduleScripts(blank.get(page)!.content)[0];
      if (blankEntry !== undefined) {
        const ownEntry = own.has(blankEntry)
          ? undefined
          : ENTRY_CANDIDATES.find((name) => MOUNTS.test(own.get(name)?.content ?? ''));
        if (ownEntry) adaptedPage = { name: page, from: blankEntry, to: ownEntry };
        else entries.add(blankEntry);
      }
    }
  }
  // …and what the project's own files import that only the template has (its stylesheet, app config).
  for (const file of files) {
    if (!/\.(?:[cm]?[jt]sx?|vue|svelte|css)$/.test(file.name) || file.content === undefined) continue;
    for (const base of relativeSpecifiers({ name: file.name, content: file.content })) {
      if (resolveIn(base, ownNames)) continue;
      const found = resolveIn(base, blankNames);
      if (found) entries.add(found);
    }
  }
  const entryFiles = new Set<string>();
  for (const entry of entries) {
    if (own.has(entry)) continue;
    const before = new Set(wanted.keys());
    wantWithReferences(entry);
    for (const name of wanted.keys()) if (!before.has(name)) entryFiles.add(name);
  }

  // 4. template-config: the rest of the template (not the template's entry and what it imports
  //    when the project has an entry of its own).
  if (mode === 'template-config') {
    const blankEntries = new Set<string>();
    const firstEntry = angular
      ? angularBuildOptions(blank.get('angular.json')?.content ?? '')?.entry
      : moduleScripts(blank.get('index.html')?.content ?? '')[0];
    const queue = firstEntry ? [firstEntry] : [];
    for (let i = 0; i < queue.length; i++) {
      const file = blank.get(queue[i]!);
      if (!file) continue;
      blankEntries.add(file.name);
      for (const next of relativeReferences(file, blankNames)) if (!queue.includes(next)) queue.push(next);
    }
    for (const name of blank.keys()) if (!blankEntries.has(name) || entryFiles.has(name)) want(name);
  }

  // 5. The package.json that will be installed: the template's toolchain merged into the project's own.
  let packageJson: string | null = null;
  let toolchain: string[] = [];
  if (mode === 'template-config' && ownPackage && ownManifest && blank.has('package.json')) {
    const merge = mergeToolchain(ownPackage.content ?? '', blank.get('package.json')!.content);
    packageJson = merge.content;
    toolchain = merge.changed;
  }
  if (mode === 'own-config' && ownPackage && ownManifest && blank.has('package.json')) {
    // The template files added here import packages (react-dom, @angular/router): declared too.
    const imported = [...wanted]
      .filter(([name]) => /\.(?:[cm]?[jt]sx?|vue|svelte)$/.test(name))
      .flatMap(([, content]) => importedPackages(content));
    const blankText = blank.get('package.json')!.content;
    packageJson = withTemplatePackages(ownPackage.content ?? '', blankText, imported);
    toolchain = imported.filter((name) => !declares(ownPackage.content, name) && declares(blankText, name));
  }
  const manifest = packageJson ?? ownPackage?.content ?? wanted.get('package.json');

  const added: TemplateFile[] = [];
  for (const [name] of blank) {
    let content = wanted.get(name);
    if (content === undefined) continue;
    if (adaptedPage?.name === name) content = withModuleScript(content, adaptedPage.from, adaptedPage.to);
    for (const [from, to] of rewrites.get(name) ?? []) {
      content = content.replaceAll(`'${from}'`, `'${to}'`).replaceAll(`"${from}"`, `"${to}"`);
    }
    // A stylesheet of the template's loads Tailwind; without Tailwind in the project it would not build.
    if (/\.css$/.test(name) && !declares(manifest, 'tailwindcss'))
      content = content.replace(TAILWIND_IMPORT, '');
    added.push({ name, content });
  }
  return { mode, added, packageJson, toolchain };
}

/**
 * The snapshot completed by rule: the template's files in template order (the snapshot's own
 * version winning for a shared name, its package.json merged where 0057 says), then the
 * snapshot's other files in their order. A snapshot that needs nothing is returned unchanged.
 * Deterministic: the same snapshot and template give the same files (the build hash reads them).
 */
export function completeWithTemplate(snapshot: Snapshot, template: readonly TemplateFile[]): Snapshot {
  const plan = completionPlan(snapshot.files, template);
  if (plan.added.length === 0 && plan.packageJson === null) return snapshot;
  const own = new Map(snapshot.files.map((file) => [file.name, file]));
  const added = new Map(plan.added.map((file) => [file.name, file.content]));
  const withManifest = (file: SnapshotFile): SnapshotFile =>
    file.name === 'package.json' && plan.packageJson !== null ? { ...file, content: plan.packageJson } : file;
  const files: SnapshotFile[] = [];
  const placed = new Set<string>();
  for (const file of template) {
    if (placed.has(file.name)) continue;
    const mine = own.get(file.name);
    const content = added.get(file.name);
    if (!mine && content === undefined) continue;
    placed.add(file.name);
    files.push(mine ? withManifest(mine) : { name: file.name, content: content!, isLocked: false });
  }
  for (const file of snapshot.files) if (!placed.has(file.name)) files.push(withManifest(file));
  return { title: snapshot.title, files };
}
