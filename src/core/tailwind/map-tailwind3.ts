/**
 * Answers written for Tailwind 3 keep their look on Kiln's Tailwind 4 templates (issue 39,
 * docs/decisions/0059-tailwind-3-answers.md). Pure: the project's files (completed with its
 * template) in, the files to write and the chat's sentences out.
 *
 * The Tailwind that the package.json to be installed asks for decides. Tailwind 3 (an answer that
 * brings its own build config and toolchain) builds as its package.json asks: nothing changes.
 * Tailwind 4 (every project the template's build config builds, whose toolchain the completion
 * merges in) gets the answer's Tailwind 3 setup mapped onto it:
 * 1. a stylesheet with Tailwind 3's directives loads Tailwind 4 (`@import 'tailwindcss'`);
 * 2. every stylesheet loading Tailwind names the project's `tailwind.config.*` with `@config`,
 *    so its theme, content globs and plugins apply;
 * 3. an answer written for Tailwind 3 gets Tailwind 3's defaults where Tailwind 4 changed them;
 * 4. a stylesheet Tailwind builds on its own (a component's `<style>`, a CSS module, an Angular
 *    component's styles) that uses `@apply` reads Tailwind through `@reference`;
 * 5. `@apply` of Tailwind 3's opacity utilities and of `@layer` classes is made Tailwind 4's;
 * 6. a PostCSS config naming Tailwind 3's plugin is fitted to where Tailwind 4 runs.
 * Locked files are never changed.
 */
import semver from 'semver';
import { normalize, resolveIn } from '../snapshot/completion-references.ts';
import {
  mapPostcssConfig,
  POSTCSS_CONFIG,
  postcssPluginNames,
  type TailwindRoute,
} from './postcss-config.ts';
import { mapStylesheet, readStylesheet, type StylesheetChange, type StylesheetFacts } from './stylesheet.ts';
import { postcssConfigNote, stylesheetNote } from './notes.ts';

export interface TailwindProjectFile {
  name: string;
  content: string;
  isLocked?: boolean;
}

export interface MapTailwind3Options {
  /** The files the template adds to the project (not the answer's own). */
  templateFiles?: ReadonlySet<string>;
  /** The answer's own package.json, before the completion merged the template's toolchain into it. */
  ownPackageJson?: string;
}

export interface Tailwind3Mapping {
  /** The files to write, in the project's order; `content: null` removes the file. */
  files: { name: string; content: string | null }[];
  /** One sentence a changed file, for the chat ('Kiln …'). */
  notes: string[];
}

/** Tailwind 3 reads the first of these at the project's root. */
const TAILWIND_CONFIGS = ['js', 'cjs', 'mjs', 'ts', 'cts', 'mts'].map((ext) => `tailwind.config.${ext}`);
const STYLESHEET = /\.(?:css|pcss|postcss)$/i;
const COMPONENT = /\.(?:vue|svelte)$/i;
const VITE_CONFIG = /^vite\.config\.(?:js|cjs|mjs|ts|cts|mts)$/;
/** A component's `<style>` block: its attributes and its CSS. */
const STYLE_BLOCK = /<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi;

/** Which Tailwind major the package.json installs: 3 or older, 4 or newer, or none declared. */
export function installedTailwind(packageJson: string | undefined): 'tailwind3' | 'tailwind4' | 'none' {
  let manifest: unknown;
  try {
    manifest = JSON.parse(packageJson ?? '');
  } catch {
    return 'none';
  }
  if (typeof manifest !== 'object' || manifest === null) return 'none';
  for (const section of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    const range = ((manifest as Record<string, unknown>)[section] as Record<string, unknown> | undefined)
      ?.tailwindcss;
    if (typeof range !== 'string') continue;
    const valid = semver.validRange(range.trim());
    // A tag (`latest`) or another specifier installs the newest: Tailwind 4. A range installs
    // the newest version it admits.
    if (valid === null) return 'tailwind4';
    return semver.intersects(valid, '>=4.0.0-0', { includePrerelease: true }) ? 'tailwind4' : 'tailwind3';
  }
  return 'none';
}

interface Stylesheet {
  /** The file, and for a component's `<style>` block its CSS's offsets in it. */
  file: string;
  block?: { start: number; end: number };
  css: string;
  facts: StylesheetFacts;
}

export function mapTailwind3(
  files: readonly TailwindProjectFile[],
  options: MapTailwind3Options = {},
): Tailwind3Mapping {
  const none: Tailwind3Mapping = { files: [], notes: [] };
  const byName = new Map(files.map((file) => [file.name, file]));
  const packageJson = byName.get('package.json')?.content;
  // Tailwind 3 builds as its own package.json asks; a project that does not declare Tailwind gets
  // the newest from Kiln's dependencies when it uses it (Tailwind 4).
  const installed = installedTailwind(packageJson);
  if (installed === 'tailwind3') return none;

  const fromTemplate = (name: string) => options.templateFiles?.has(name) ?? false;
  const config = TAILWIND_CONFIGS.find((name) => byName.has(name));
  const viteConfig = files.find((file) => VITE_CONFIG.test(file.name));
  const route: TailwindRoute =
    viteConfig && /['"]@tailwindcss\/vite['"]/.test(viteConfig.content) ? 'vite-plugin' : 'postcss';

  const stylesheets: Stylesheet[] = [];
  for (const file of files) {
    // `public/` is served as it is, never built.
    if (file.name.startsWith('public/')) continue;
    if (STYLESHEET.test(file.name)) {
      const facts = readStylesheet(file.content);
      if (facts) stylesheets.push({ file: file.name, css: file.content, facts });
    } else if (COMPONENT.test(file.name)) {
      for (const match of file.content.matchAll(STYLE_BLOCK)) {
        const lang = /\blang\s*=\s*["']?([\w-]+)/i.exec(match[1]!)?.[1]?.toLowerCase() ?? 'css';
        if (lang !== 'css' && lang !== 'postcss') continue;
        const start = match.index + match[0].indexOf('>') + 1;
        const css = match[2]!;
        const facts = readStylesheet(css);
        if (facts)
          stylesheets.push({ file: file.name, block: { start, end: start + css.length }, css, facts });
      }
    }
  }
  const postcssConfigs = files.filter((file) => POSTCSS_CONFIG.test(file.name));

  // Written for Tailwind 3: its directives, Tailwind 3's PostCSS plugin, Tailwind 3 in its own
  // package.json, or a JavaScript config with no stylesheet of its own that loads Tailwind 4.
  const directives = stylesheets.some((sheet) => sheet.facts.hasTailwind3Directives);
  const postcssTailwind3 = postcssConfigs.some((file) =>
    (postcssPluginNames(file.name, file.content) ?? []).some(
      (name) => name === 'tailwindcss' || name === 'tailwindcss/nesting',
    ),
  );
  const ownTailwind4 = stylesheets.some((sheet) => !fromTemplate(sheet.file) && sheet.facts.loadsTailwind);
  const writtenForTailwind3 =
    directives ||
    postcssTailwind3 ||
    installedTailwind(options.ownPackageJson) === 'tailwind3' ||
    (config !== undefined && !ownTailwind4);

  // A project without Tailwind and without a Tailwind 3 setup is not Tailwind's.
  if (installed === 'none' && config === undefined && !directives && !postcssTailwind3) return none;

  const roots = stylesheets.filter(
    (sheet) => !sheet.block && (sheet.facts.loadsTailwind || sheet.facts.hasTailwind3Directives),
  );
  // Stylesheets a root imports are built with it; the others are built on their own.
  const names = new Set(files.map((file) => file.name));
  const withRoot = new Set(roots.map((sheet) => sheet.file));
  const queue = [...withRoot];
  for (let i = 0; i < queue.length; i++) {
    const sheet = stylesheets.find((candidate) => candidate.file === queue[i] && !candidate.block);
    const dir = queue[i]!.includes('/') ? queue[i]!.slice(0, queue[i]!.lastIndexOf('/') + 1) : '';
    for (const specifier of sheet?.facts.imports ?? []) {
      const found = resolveIn(normalize(dir + specifier), names);
      if (found && !withRoot.has(found)) {
        withRoot.add(found);
        queue.push(found);
      }
    }
  }
  const mainRoot = roots[0]?.file;
  const appliedNames = new Set(stylesheets.flatMap((sheet) => sheet.facts.appliedNames));

  /** Each file's new text, and what changed in it (in the project's order). */
  const written = new Map<string, { content: string | null; changes: StylesheetChange[] }>();
  const blockEdits = new Map<string, { start: number; end: number; css: string }[]>();
  for (const sheet of stylesheets) {
    const file = byName.get(sheet.file)!;
    if (file.isLocked) continue;
    const isRoot = roots.includes(sheet);
    const builtAlone = !isRoot && !withRoot.has(sheet.file);
    const mapped = mapStylesheet(sheet.css, {
      config: isRoot && config ? relativePath(sheet.file, config) : undefined,
      tailwind3Defaults: isRoot && writtenForTailwind3,
      reference: builtAlone ? (mainRoot ? relativePath(sheet.file, mainRoot) : 'tailwindcss') : undefined,
      appliedNames,
    });
    if (!mapped) continue;
    const entry = written.get(sheet.file) ?? { content: file.content, changes: [] };
    for (const change of mapped.changes) entry.changes.push(change);
    if (sheet.block) {
      const edits = blockEdits.get(sheet.file) ?? [];
      edits.push({ ...sheet.block, css: mapped.content });
      blockEdits.set(sheet.file, edits);
    } else {
      entry.content = mapped.content;
    }
    written.set(sheet.file, entry);
  }
  // A component's blocks, replaced last to first so the earlier offsets hold.
  for (const [name, edits] of blockEdits) {
    let content = byName.get(name)!.content;
    for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
      content = content.slice(0, edit.start) + edit.css + content.slice(edit.end);
    }
    written.get(name)!.content = content;
  }

  const postcssNotes = new Map<string, string>();
  for (const file of postcssConfigs) {
    if (file.isLocked) continue;
    const mapped = mapPostcssConfig(file.name, file.content, route);
    if (!mapped) continue;
    written.set(file.name, { content: mapped.content, changes: [] });
    postcssNotes.set(file.name, postcssConfigNote(file.name, mapped, route));
  }

  const result: Tailwind3Mapping = { files: [], notes: [] };
  for (const file of files) {
    const entry = written.get(file.name);
    if (!entry) continue;
    result.files.push({ name: file.name, content: entry.content });
    const note =
      postcssNotes.get(file.name) ?? stylesheetNote(file.name, entry.changes, fromTemplate(file.name));
    result.notes.push(note);
  }
  return result;
}

/** `from`'s path to `to`, both project paths: `src/index.css` → `tailwind.config.js` is `../tailwind.config.js`. */
export function relativePath(from: string, to: string): string {
  const fromDir = from.split('/').slice(0, -1);
  const target = to.split('/');
  let common = 0;
  while (common < fromDir.length && common < target.length - 1 && fromDir[common] === target[common])
    common++;
  const ups = fromDir.length - common;
  const rest = target.slice(common).join('/');
  return ups === 0 ? `./${rest}` : `${'../'.repeat(ups)}${rest}`;
}
