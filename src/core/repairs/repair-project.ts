/**
 * Repairs that need no model (issue 33 item 5), applied to a version's files before they are
 * built: each change is Kiln's, named in one sentence for the chat.
 *
 * 1. closing tags a script ends in that its markup leaked (`</file>`, stray-closing-tags.ts);
 * 2. Svelte 5 components the compiler refuses, where its error names a slip a rule can fix and the
 *    component then compiles (svelte-errors.ts);
 * 3. Vue APIs used without their import (vue-imports.ts);
 * 4. relative imports whose case or extension differs from the file they mean (import-paths.ts);
 * 5. icon names the icon package does not export (icon-imports.ts).
 *
 * Pure and deterministic: the same files give the same result, and repairing a repaired project
 * changes nothing. Locked files and binary files are never changed (a locked file is the person's
 * own). A repair that cannot be sure leaves the file as it is: the build then reports the error,
 * and a model round can fix it.
 */
import { isBuildConfigFile } from '../artifact/index.ts';
import type { Framework } from '../frameworks/index.ts';
import { declaredRange, rangeFits } from './declared-version.ts';
import { replaceUnknownIcons } from './icon-imports.ts';
import { correctImportPaths } from './import-paths.ts';
import { iconPackage, type IconPackage } from './lucide-icons.ts';
import { configuredExtensions, RelativeResolver } from './relative-resolver.ts';
import { scriptLangOfFile } from './script-ast.ts';
import { listInSentence } from './sentences.ts';
import { removeStrayClosingTags } from './stray-closing-tags.ts';
import { SVELTE_VERSION } from './svelte-compile.ts';
import { repairSvelteErrors } from './svelte-errors.ts';
import { addMissingVueImports } from './vue-imports.ts';

export interface RepairableFile {
  name: string;
  content: string;
  isLocked?: boolean;
  /** Set for a binary file (its content is not text). */
  binary?: unknown;
}

/** One change, as the chat says it: `Kiln imported ref and computed from vue in src/App.vue.` */
export interface ProjectRepair {
  file: string;
  description: string;
}

export interface RepairProjectOptions {
  framework: Framework;
  /**
   * Files the build adds to the project (the blank template's, when the snapshot is completed
   * with it): imports may name them and their package.json declares versions, but they are not
   * repaired. The project's own file of a name wins.
   */
  templateFiles?: readonly { name: string; content: string }[];
}

export interface RepairedProject<F extends RepairableFile> {
  /** The files in their order; an unchanged file is the same object. */
  files: F[];
  repairs: ProjectRepair[];
}

const VITE_CONFIG = /^vite\.config\.(ts|js|mjs|mts|cjs|cts)$/;

export function repairProject<F extends RepairableFile>(
  files: readonly F[],
  options: RepairProjectOptions,
): RepairedProject<F> {
  const own = new Map(files.map((file) => [file.name, file.content]));
  const template = (options.templateFiles ?? []).filter((file) => !own.has(file.name));
  const all = [...files.map((file) => ({ name: file.name, content: file.content })), ...template];

  const viteConfig = all.find((file) => VITE_CONFIG.test(file.name));
  const resolver = new RelativeResolver(
    all.map((file) => file.name),
    {
      framework: options.framework,
      extraExtensions: viteConfig ? configuredExtensions(viteConfig.content) : [],
    },
  );
  const packageJson = all.find((file) => file.name === 'package.json')?.content;
  const packageFor = (source: string): IconPackage | null => {
    const pkg = iconPackage(source);
    if (!pkg) return null;
    const range = packageJson === undefined ? undefined : declaredRange(packageJson, source);
    if (range === null) return null;
    return range === undefined || rangeFits(range, pkg.version) ? pkg : null;
  };
  // Svelte's compiler judges only components of its own major (an answer may declare Svelte 4).
  const svelteRange = packageJson === undefined ? undefined : declaredRange(packageJson, 'svelte');
  const svelteFits =
    svelteRange === undefined || (svelteRange !== null && rangeFits(svelteRange, SVELTE_VERSION));

  const repairs: ProjectRepair[] = [];
  const repaired = files.map((file) => {
    if (file.isLocked || file.binary || file.content === '') return file;
    let content = file.content;
    const say = (description: string) => repairs.push({ file: file.name, description });

    const stray = attempt(() => removeStrayClosingTags(file.name, content));
    if (stray) {
      content = stray.content;
      say(
        `Kiln removed the stray ${listInSentence(stray.tags.map((tag) => `'${tag}'`))} at the end of ${file.name}.`,
      );
    }

    if (svelteFits && file.name.toLowerCase().endsWith('.svelte')) {
      const svelte = attempt(() => repairSvelteErrors(file.name, content));
      if (svelte) {
        content = svelte.content;
        for (const sentence of svelte.sentences) say(sentence);
      }
    }

    if (file.name.toLowerCase().endsWith('.vue') || isVueModule(file.name, options.framework)) {
      const vue = attempt(() => addMissingVueImports(file.name, content));
      if (vue) {
        content = vue.content;
        say(`Kiln imported ${listInSentence(vue.added)} from vue in ${file.name}.`);
      }
    }

    const paths = attempt(() => correctImportPaths(file.name, content, resolver));
    if (paths) {
      content = paths.content;
      for (const { from, to } of paths.corrections) {
        say(`Kiln corrected the import '${from}' to '${to}' in ${file.name}.`);
      }
    }

    const icons = attempt(() => replaceUnknownIcons(file.name, content, packageFor));
    if (icons) {
      content = icons.content;
      for (const { packageName, from, to, brand } of icons.replacements) {
        say(
          brand === 'removed'
            ? `Kiln replaced the brand icon ${from}, which ${packageName} no longer has, with ${to} in ${file.name}.`
            : brand === 'missing'
              ? `Kiln replaced the brand icon ${from}, which ${packageName} does not have, with ${to} in ${file.name}.`
              : `Kiln replaced the icon ${from} (not in ${packageName}) with ${to} in ${file.name}.`,
        );
      }
    }

    return content === file.content ? file : { ...file, content };
  });
  return { files: repaired, repairs };
}

/** A JavaScript/TypeScript module of a Vue app's source (a composable, a store, main.ts). */
function isVueModule(name: string, framework: Framework): boolean {
  return (
    framework === 'vue' &&
    name.startsWith('src/') &&
    scriptLangOfFile(name) !== null &&
    !isBuildConfigFile(name)
  );
}

/**
 * A repair of one file that throws (a bug of Kiln's, never the model's input) leaves that file as
 * it is rather than failing the version.
 */
function attempt<T>(repair: () => T | null): T | null {
  try {
    return repair();
  } catch {
    return null;
  }
}
