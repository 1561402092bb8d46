/**
 * Which package a module specifier names (issue 33 item 1), or null when it names none: a
 * subpath names its package (`lodash/debounce` → `lodash`, `@scope/pkg/x` → `@scope/pkg`);
 * relative and absolute paths, URLs and protocols (`node:`, `virtual:`, `https:`), Node's
 * built-ins, path aliases (`@/…`, `~/…`, `#…`, the project's declared ones), framework virtual
 * modules (`$app/…`, `$lib`, `$env/…`, `~icons/…`) and the project's own files are not packages.
 */
import { packageNameOf } from '../build-log/missing-packages.ts';
import { isAliased, type ImportAliases } from './aliases.ts';

export interface ProjectModules {
  /** Node's built-in modules (`module.builtinModules`; core does no I/O, the server passes them). */
  builtins: ReadonlySet<string>;
  aliases: ImportAliases;
  /** Every file name of the project. */
  files: ReadonlySet<string>;
  /** Top-level folders of the project (`src`, `app`): `src/utils` names a folder, not a package. */
  rootFolders: ReadonlySet<string>;
}

export interface ImportSite {
  /** The importing file. */
  file: string;
  /** A stylesheet resolves a bare name next to itself first (`@import 'theme.css'`). */
  kind: 'script' | 'style';
}

const SCRIPT_EXTENSIONS = [
  '',
  '.ts',
  '.tsx',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.mts',
  '.cts',
  '.vue',
  '.svelte',
  '.json',
];
const STYLE_EXTENSIONS = ['', '.css', '.scss', '.sass', '.less', '.styl', '.pcss'];

export function packageOfSpecifier(
  specifier: string,
  site: ImportSite,
  project: ProjectModules,
): string | null {
  // A query (`?raw`, `?inline`) or fragment is the bundler's, not part of the name.
  const bare = specifier.trim().replace(/[?#].*$/s, '');
  if (bare === '' || specifier.trim().startsWith('#')) return null;
  // Framework virtual modules and aliases that no package name can spell ($app, ~/, ~icons, @/).
  if (/^[$~]/.test(bare) || bare.startsWith('@/') || bare === '@') return null;
  if (isAliased(bare, project.aliases)) return null;
  const name = packageNameOf(bare);
  if (name === null || bare.includes('\\')) return null;
  if (project.builtins.has(bare) || project.builtins.has(name)) return null;
  if (isOwnModule(bare, site, project)) return null;
  return name;
}

/** A bare specifier that names a file or folder of the project (a baseUrl import, a sibling stylesheet). */
function isOwnModule(specifier: string, site: ImportSite, project: ProjectModules): boolean {
  const first = specifier.split('/')[0]!;
  if (specifier.includes('/') && project.rootFolders.has(first)) return true;
  const folder = site.file.includes('/') ? site.file.slice(0, site.file.lastIndexOf('/') + 1) : '';
  const bases = new Set(['', 'src/', ...project.aliases.baseUrls]);
  const extensions = site.kind === 'style' ? STYLE_EXTENSIONS : SCRIPT_EXTENSIONS;
  if (site.kind === 'style') bases.add(folder);
  for (const base of bases) {
    const path = `${base}${specifier}`;
    for (const extension of extensions) {
      if (project.files.has(`${path}${extension}`)) return true;
      if (project.files.has(`${path}/index${extension}`)) return true;
      // A Sass partial: `@use 'variables'` → `_variables.scss`.
      if (site.kind === 'style' && project.files.has(partialOf(path) + extension)) return true;
    }
  }
  return false;
}

function partialOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return `${path.slice(0, slash + 1)}_${path.slice(slash + 1)}`;
}
