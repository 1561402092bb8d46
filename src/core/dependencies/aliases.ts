/**
 * The path aliases a project declares (issue 33 item 1): tsconfig/jsconfig `compilerOptions.paths`
 * and `baseUrl`, and the `alias` of a Vite (or SvelteKit, Nuxt, Astro) config. An import through
 * an alias names a file of the project, never a package. Config files are code: their aliases are
 * read by pattern, which finds the common spellings (`'@': path.resolve(…)`, `{ find: '@', … }`).
 */

import { propertyValues, topLevelKeys } from './config-text.ts';

export interface ImportAliases {
  /** Specifiers that are aliases themselves (`@`, `$components`). */
  exact: ReadonlySet<string>;
  /** Prefixes that start an alias (`@components/` from `"@components/*"`). */
  prefixes: readonly string[];
  /** Folders a bare specifier resolves in (tsconfig `baseUrl`): '' for the root, else `src/`. */
  baseUrls: readonly string[];
}

const TS_CONFIG = /(?:^|\/)(?:tsconfig|jsconfig)(?:\.[\w.-]+)?\.json$/i;
const BUNDLER_CONFIG = /(?:^|\/)(?:vite|vitest|svelte|astro|nuxt)\.config\.[cm]?[jt]s$/i;

export function importAliases(files: readonly { name: string; content: string }[]): ImportAliases {
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  const baseUrls = new Set<string>();
  const add = (key: string) => {
    if (key === '' || key === '*') return;
    if (key.endsWith('/*')) prefixes.add(key.slice(0, -1));
    else if (key.endsWith('*')) prefixes.add(key.slice(0, -1));
    else {
      exact.add(key);
      prefixes.add(`${key.replace(/\/$/, '')}/`);
    }
  };
  for (const file of files) {
    if (TS_CONFIG.test(file.name)) {
      const options = compilerOptionsOf(file.content);
      for (const key of Object.keys(options?.paths ?? {})) add(key);
      if (typeof options?.baseUrl === 'string') {
        const dir = file.name.includes('/') ? file.name.slice(0, file.name.lastIndexOf('/') + 1) : '';
        baseUrls.add(joinFolder(dir, options.baseUrl));
      }
    } else if (BUNDLER_CONFIG.test(file.name)) {
      for (const key of bundlerAliases(file.content)) add(key);
    }
  }
  return { exact, prefixes: [...prefixes], baseUrls: [...baseUrls] };
}

/** Whether the specifier goes through one of the aliases. */
export function isAliased(specifier: string, aliases: ImportAliases): boolean {
  return aliases.exact.has(specifier) || aliases.prefixes.some((prefix) => specifier.startsWith(prefix));
}

function compilerOptionsOf(source: string): { paths?: Record<string, unknown>; baseUrl?: unknown } | null {
  try {
    const config = JSON.parse(withoutJsonComments(source)) as { compilerOptions?: unknown } | null;
    const options = config?.compilerOptions;
    return options !== null && typeof options === 'object'
      ? (options as { paths?: Record<string, unknown> })
      : null;
  } catch {
    return null;
  }
}

/** JSON with comments and trailing commas (tsconfig's dialect) as plain JSON. */
export function withoutJsonComments(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (char === '"') {
      const end = endOfString(source, i);
      out += source.slice(i, end);
      i = end;
    } else if (char === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (char === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
    } else {
      out += char;
      i++;
    }
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function endOfString(source: string, start: number): number {
  let i = start + 1;
  while (i < source.length && source[i] !== '"') i += source[i] === '\\' ? 2 : 1;
  return Math.min(i + 1, source.length);
}

/** `alias: { '@': …, utils: … }` keys and `alias: [{ find: '@', … }]` finds (string ones). */
function bundlerAliases(source: string): string[] {
  const keys: string[] = [];
  for (const body of propertyValues(source, 'alias')) {
    if (body.startsWith('[')) {
      for (const find of body.matchAll(/\bfind\s*:\s*(['"`])([^'"`\n]+)\1/g)) keys.push(find[2]!);
    } else {
      for (const key of topLevelKeys(body)) keys.push(key);
    }
  }
  return keys;
}

/** `src/` + `./app` → `src/app/`; `.` → the folder itself. */
function joinFolder(dir: string, relative: string): string {
  const parts = `${dir}${relative}`.split('/').filter((part) => part !== '' && part !== '.');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.length === 0 ? '' : `${out.join('/')}/`;
}
