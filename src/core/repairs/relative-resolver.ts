/**
 * How the preview's bundler finds a relative import among the project's files, and which file a
 * broken one meant. Builds run on Linux, where `./components/header` does not find
 * `components/Header.tsx`; a model writing on a case-insensitive system never notices.
 *
 * The bundlers (Vite for React, Vue, Svelte and HTML; esbuild through @angular/build for Angular)
 * try the path as written, then with each of their extensions, then as a folder's `index` file
 * with each extension; from a TypeScript module (or a component's script), `./x.js` also finds
 * `x.ts`/`x.tsx`. Vite's list can be changed by `resolve.extensions` in vite.config: the names
 * listed there count too. A model's import is "meant" for a file when exactly one file matches it
 * case-insensitively, with the same extension, another JavaScript/TypeScript extension, or one
 * the bundler would add (or `.vue`/`.svelte`, which Vite does not add).
 */
import type { Framework } from '../frameworks/index.ts';
import { dirName, extName, isRelativeSpecifier, joinPath } from './paths.ts';

const VITE_EXTENSIONS = ['.mjs', '.js', '.mts', '.ts', '.jsx', '.tsx', '.json'];
const ANGULAR_EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'];
const SCRIPT_EXTENSIONS = new Set(['.js', '.jsx', '.mjs', '.cjs', '.ts', '.tsx', '.mts', '.cts']);
const COMPONENT_EXTENSIONS = ['.vue', '.svelte'];
/** From a TypeScript importer, the TypeScript file a JavaScript extension stands for. */
const TS_FOR_JS: Record<string, readonly string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};
/** Extensions of files a project imports: a specifier ending otherwise has no extension. */
const FILE_EXTENSIONS = new Set([
  ...SCRIPT_EXTENSIONS,
  ...COMPONENT_EXTENSIONS,
  '.json',
  '.css',
  '.scss',
  '.sass',
  '.less',
  '.styl',
  '.pcss',
  '.html',
  '.svg',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.ico',
  '.bmp',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.eot',
  '.mp3',
  '.mp4',
  '.webm',
  '.wav',
  '.ogg',
  '.wasm',
  '.txt',
  '.md',
  '.csv',
  '.yaml',
  '.yml',
  '.toml',
  '.xml',
  '.glsl',
]);

export interface ResolverOptions {
  framework: Framework;
  /** Extensions the project's bundler configuration adds (`resolve.extensions`). */
  extraExtensions?: readonly string[];
}

/** How the import is read: a module import from a script, or a CSS `@import` (no extensions tried). */
export type ImportContext = 'script' | 'css';

export class RelativeResolver {
  private readonly files: ReadonlySet<string>;
  private readonly byLowerPath = new Map<string, string[]>();
  private readonly extensions: readonly string[];

  constructor(paths: Iterable<string>, options: ResolverOptions) {
    this.files = new Set(paths);
    for (const path of this.files) {
      const key = path.toLowerCase();
      this.byLowerPath.set(key, [...(this.byLowerPath.get(key) ?? []), path]);
    }
    const base = options.framework === 'angular' ? ANGULAR_EXTENSIONS : VITE_EXTENSIONS;
    const extra = (options.extraExtensions ?? []).filter((extension) => /^\.[\w.-]+$/.test(extension));
    this.extensions = [...new Set([...base, ...extra])];
  }

  /** The file a relative specifier finds from `importer`, or null. */
  resolve(importer: string, specifier: string, context: ImportContext): string | null {
    const target = joinPath(dirName(importer), stripQuery(specifier).path);
    if (target === null) return null;
    if (this.files.has(target)) return target;
    if (context === 'css') return null;
    const extension = extName(target).toLowerCase();
    if (isTypeScriptImporter(importer)) {
      for (const replacement of TS_FOR_JS[extension] ?? []) {
        const candidate = target.slice(0, -extension.length) + replacement;
        if (this.files.has(candidate)) return candidate;
      }
    }
    for (const added of this.extensions) if (this.files.has(target + added)) return target + added;
    for (const added of this.extensions) {
      const index = `${target === '' ? '' : `${target}/`}index${added}`;
      if (this.files.has(index)) return index;
    }
    return null;
  }

  /**
   * The specifier that finds the one file an unresolved one meant, in the same style (its leading
   * './' or '../' kept, extensionless when it was and the bundler allows it). Null when the
   * specifier resolves already, or no file or more than one could be meant.
   */
  correct(importer: string, specifier: string, context: ImportContext): string | null {
    if (!isRelativeSpecifier(specifier)) return null;
    if (this.resolve(importer, specifier, context) !== null) return null;
    const { path, suffix } = stripQuery(specifier);
    const target = joinPath(dirName(importer), path);
    if (target === null) return null;
    const meant = this.candidates(importer, target, context);
    if (meant.length !== 1) return null;
    const file = meant[0]!;

    const lead = /^(?:\.\.?\/)*/.exec(path)?.[0] ?? '';
    const leadDir = joinPath(dirName(importer), lead === '' ? '.' : lead);
    if (leadDir === null) return null;
    if (leadDir !== '' && !file.startsWith(`${leadDir}/`)) return null;
    const rest = leadDir === '' ? file : file.slice(leadDir.length + 1);
    const prefix = lead === '' ? './' : lead;

    for (const form of this.forms(rest, extName(target).toLowerCase(), file, target)) {
      const corrected = prefix + form + suffix;
      if (corrected !== specifier && this.resolve(importer, corrected, context) === file) return corrected;
    }
    return null;
  }

  /** Files the specifier's target may have meant, matched case-insensitively. */
  private candidates(importer: string, target: string, context: ImportContext): string[] {
    const found = new Set<string>();
    const add = (path: string) => {
      for (const file of this.byLowerPath.get(path.toLowerCase()) ?? [])
        if (file !== importer) found.add(file);
    };
    add(target);
    if (context === 'script') {
      const extension = extName(target).toLowerCase();
      if (SCRIPT_EXTENSIONS.has(extension)) {
        const stem = target.slice(0, -extension.length);
        for (const other of SCRIPT_EXTENSIONS) add(stem + other);
      } else if (!FILE_EXTENSIONS.has(extension)) {
        for (const added of [...this.extensions, ...COMPONENT_EXTENSIONS]) add(target + added);
        for (const added of this.extensions) add(`${target === '' ? '' : `${target}/`}index${added}`);
      }
    }
    return [...found].sort();
  }

  /** The spellings of `rest` (the file's path past the specifier's lead) to try, preferred first. */
  private forms(rest: string, writtenExtension: string, file: string, target: string): string[] {
    const fileExtension = extName(file);
    const withoutExtension = fileExtension ? rest.slice(0, -fileExtension.length) : rest;
    const resolvable = this.extensions.includes(fileExtension.toLowerCase());
    if (writtenExtension === fileExtension.toLowerCase()) return [rest];
    const extensionless = writtenExtension === '' || !FILE_EXTENSIONS.has(writtenExtension);
    if (extensionless) {
      const forms: string[] = [];
      // Found as the folder's index file: the folder, as it was written.
      const inFolder = file.toLowerCase().startsWith(`${target.toLowerCase()}/`);
      if (inFolder && resolvable && dirName(rest) !== '') forms.push(dirName(rest));
      if (resolvable) forms.push(withoutExtension);
      forms.push(rest);
      return forms;
    }
    // Another script extension: extensionless finds it in every bundler (and in TypeScript, which
    // refuses a '.ts' specifier unless allowImportingTsExtensions is on).
    return resolvable ? [withoutExtension, rest] : [rest];
  }
}

function stripQuery(specifier: string): { path: string; suffix: string } {
  const at = specifier.search(/[?#]/);
  return at < 0
    ? { path: specifier, suffix: '' }
    : { path: specifier.slice(0, at), suffix: specifier.slice(at) };
}

function isTypeScriptImporter(importer: string): boolean {
  return /\.(ts|tsx|mts|cts|vue|svelte)$/i.test(importer);
}

/**
 * The extensions a Vite config adds with `resolve.extensions: ['.vue', …]` (string literals read
 * from its text; a computed list is not followed).
 */
export function configuredExtensions(viteConfig: string): string[] {
  const list = /\bextensions\s*:\s*\[([^\]]*)\]/.exec(viteConfig);
  if (!list) return [];
  return [...(list[1] ?? '').matchAll(/['"`](\.[\w.-]+)['"`]/g)].map((match) => match[1]!);
}
