/**
 * What completion by rule reads in a project's files (docs/decisions/0057-completion-by-rule.md):
 * the module scripts of an HTML page, the build options of angular.json, and the relative
 * references of a template file (imports, Angular's templateUrl/styleUrl, CSS @import, a
 * tsconfig's extends), resolved against a list of file names.
 */

/** The project-relative files an HTML page loads as module scripts (`/src/main.tsx` → `src/main.tsx`). */
export function moduleScripts(html: string): string[] {
  const out: string[] = [];
  for (const tag of html.matchAll(/<script\b[^>]*>/gi)) {
    if (!/\btype\s*=\s*["']?module\b/i.test(tag[0])) continue;
    const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag[0]);
    const value = src?.[1] ?? src?.[2] ?? src?.[3];
    const local = value === undefined ? null : projectPath(value);
    if (local) out.push(local);
  }
  return out;
}

/** A page's `src`/`href` as a project path; null for another origin or an empty value. */
function projectPath(value: string): string | null {
  const bare = value.trim().replace(/[?#].*$/, '');
  if (bare === '' || /^[a-z][\w+.-]*:|^\/\//i.test(bare)) return null;
  return normalize(bare.replace(/^\/+/, ''));
}

/** The same page with the module script `from` loading `to` instead (both project paths). */
export function withModuleScript(html: string, from: string, to: string): string {
  return html.replace(/<script\b[^>]*>/gi, (tag) => {
    if (!/\btype\s*=\s*["']?module\b/i.test(tag)) return tag;
    return tag.replace(
      /(\bsrc\s*=\s*)(?:"([^"]*)"|'([^']*)')/i,
      (whole, prefix: string, double?: string, single?: string) =>
        projectPath(double ?? single ?? '') === from ? `${prefix}"/${to}"` : whole,
    );
  });
}

export interface AngularBuildOptions {
  /** The browser entry (`browser`, or `main` of the older builders). */
  entry?: string;
  /** The page (`index`, default `{sourceRoot}/index.html`). */
  page: string;
  tsConfig?: string;
  styles: string[];
}

/** The build options of angular.json's first project (or its default project); null when unreadable. */
export function angularBuildOptions(content: string): AngularBuildOptions | null {
  const json = parseObject(content);
  const projects = json && asObject(json.projects);
  if (!projects) return null;
  const name =
    typeof json.defaultProject === 'string' && json.defaultProject in projects
      ? json.defaultProject
      : Object.keys(projects)[0];
  const project = name === undefined ? null : asObject(projects[name]);
  if (!project) return null;
  const architect = asObject(project.architect) ?? asObject(project.targets);
  const options = asObject(asObject(asObject(architect?.build)?.options)) ?? {};
  const sourceRoot = typeof project.sourceRoot === 'string' ? project.sourceRoot : 'src';
  const text = (value: unknown) => (typeof value === 'string' ? normalize(value) : undefined);
  const index = asObject(options.index);
  const styles = Array.isArray(options.styles) ? options.styles : [];
  return {
    entry: text(options.browser) ?? text(options.main),
    page: text(options.index) ?? text(index?.input) ?? `${normalize(sourceRoot)}/index.html`,
    tsConfig: text(options.tsConfig),
    styles: styles
      .map((style: unknown) => text(style) ?? text(asObject(style)?.input))
      .filter((style): style is string => style !== undefined),
  };
}

const SCRIPT_REFERENCES = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
  /\b(?:templateUrl|styleUrl)\s*:\s*['"]([^'"]+)['"]/g,
];
const STYLE_URLS = /\bstyleUrls\s*:\s*\[([^\]]*)\]/g;
const CSS_IMPORT = /@import\s+(?:url\(\s*)?['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENDS = /"extends"\s*:\s*"(\.{1,2}\/[^"]+)"/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '.vue', '.svelte', '.css', '.json'];

/** The paths `file` refers to relatively, resolved against its folder but not yet to a file. */
export function relativeSpecifiers(file: { name: string; content: string }): string[] {
  return relativeImports(file).map((reference) => reference.base);
}

/** Each relative reference of `file`: as written, and resolved against its folder. */
export function relativeImports(file: {
  name: string;
  content: string;
}): { specifier: string; base: string }[] {
  const specifiers: string[] = [];
  const collect = (pattern: RegExp) => {
    for (const match of file.content.matchAll(pattern)) specifiers.push(match[1]!);
  };
  if (/\.css$/.test(file.name)) collect(CSS_IMPORT);
  else if (/\.json$/.test(file.name)) collect(EXTENDS);
  else {
    for (const pattern of SCRIPT_REFERENCES) collect(pattern);
    for (const match of file.content.matchAll(STYLE_URLS)) {
      for (const url of match[1]!.matchAll(/['"]([^'"]+)['"]/g)) specifiers.push(url[1]!);
    }
  }
  const dir = file.name.includes('/') ? file.name.slice(0, file.name.lastIndexOf('/') + 1) : '';
  const out: { specifier: string; base: string }[] = [];
  for (const specifier of specifiers) {
    const base = normalize(dir + specifier);
    if (!out.some((reference) => reference.specifier === specifier)) out.push({ specifier, base });
  }
  return out;
}

/** The file of `names` a relative path names, as a bundler resolves it (extensions, index files). */
export function resolveIn(base: string, names: ReadonlySet<string>): string | undefined {
  return [...EXTENSIONS.map((ext) => base + ext), `${base}/index.ts`, `${base}/index.js`].find((name) =>
    names.has(name),
  );
}

/** The files of `names` that `file` refers to by a relative path. */
export function relativeReferences(
  file: { name: string; content: string },
  names: ReadonlySet<string>,
): string[] {
  const out: string[] = [];
  for (const base of relativeSpecifiers(file)) {
    const found = resolveIn(base, names);
    if (found && !out.includes(found)) out.push(found);
  }
  return out;
}

/** `a/./b/../c` → `a/c`; a leading `./` dropped. */
export function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

export function parseObject(content: string | undefined): Record<string, unknown> | null {
  try {
    return asObject(JSON.parse(content ?? ''));
  } catch {
    return null;
  }
}

export function asObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
