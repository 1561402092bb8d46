/**
 * Where a build writes its output, read from the bundler's own configuration (issue 13): Vite's
 * `build.outDir`, Angular's `outputPath` (`{base}/browser` for the application builder),
 * webpack's `output.path`, Rollup's `output.file`/`output.dir`, SvelteKit's static adapter,
 * React Router's and Remix's `{buildDirectory}/client`, and the output flags of the build script
 * (`--outDir`, Parcel's `--dist-dir`, esbuild's `--outdir`/`--outfile`, `ng build --output-path`).
 * Paths are project-relative folders; one that leaves the project, or is the project itself, is
 * not a candidate.
 */
import { isBuildConfigFile } from '../artifact/index.ts';

interface ConfigFile {
  name: string;
  content: string;
}

export function configuredOutputDirs(files: readonly ConfigFile[], buildScript: string | null): string[] {
  const dirs: string[] = [];
  const add = (dir: string | undefined, base = '') => {
    const normalized = dir === undefined ? null : normalizeDir(joinPath(base, dir));
    if (normalized && !dirs.includes(normalized)) dirs.push(normalized);
  };
  if (buildScript) for (const dir of scriptOutputDirs(buildScript)) add(dir);
  for (const file of files) {
    if (!isBuildConfigFile(file.name) || file.name.includes('node_modules/')) continue;
    // A config is small; a huge one is not read (these patterns run in Kiln's own process).
    if (file.content.length > MAX_CONFIG_CHARS) continue;
    const base = file.name.includes('/') ? file.name.slice(0, file.name.lastIndexOf('/')) : '';
    const name = file.name.slice(base ? base.length + 1 : 0).toLowerCase();
    if (name === 'angular.json') for (const dir of angularOutputDirs(file.content)) add(dir, base);
    else if (/^react-router\.config\./.test(name)) add(reactRouterClientDir(file.content), base);
    else if (/^vite\.config\./.test(name)) for (const dir of viteOutputDirs(file.content)) add(dir, base);
    else if (/^webpack[.-]/.test(name)) add(webpackOutputPath(file.content), base);
    else if (/^rollup\.config\./.test(name)) for (const dir of rollupOutputDirs(file.content)) add(dir, base);
    else if (/^svelte\.config\./.test(name) && /adapter-static/.test(file.content)) {
      add(/\bpages\s*:\s*['"`]([^'"`]+)['"`]/.exec(file.content)?.[1] ?? 'build', base);
    }
  }
  return dirs;
}

const MAX_CONFIG_CHARS = 200_000;
const STRING = `['"\`]([^'"\`\\n]+)['"\`]`;

/** Vite's outDir; with Remix's Vite plugin, its client folder too. */
function viteOutputDirs(source: string): string[] {
  const outDir = viteOutDir(source);
  return [
    ...(outDir === undefined ? [] : [outDir]),
    ...(REMIX_PLUGIN.test(source) ? [reactRouterClientDir(source)] : []),
  ];
}

function viteOutDir(source: string): string | undefined {
  const outDir = new RegExp(`\\boutDir\\s*:\\s*${STRING}`).exec(source)?.[1];
  if (outDir === undefined) return undefined;
  // `root: 'src'` moves where a relative outDir starts.
  const root = new RegExp(`\\broot\\s*:\\s*${STRING}`).exec(source)?.[1];
  return root && !outDir.startsWith('/') ? joinPath(root, outDir) : outDir;
}

/** Remix's Vite plugin, whose options hold what react-router.config holds for React Router. */
const REMIX_PLUGIN = /['"]@remix-run\/dev['"]/;

/**
 * React Router's framework mode (and Remix's Vite plugin) writes the browser's files to
 * `{buildDirectory}/client`: with `ssr: false` a static site, `index.html` and the routes it
 * prerendered in their folders (so the newest index.html the build wrote is not the site's root).
 */
function reactRouterClientDir(source: string): string {
  const buildDirectory = new RegExp(`\\bbuildDirectory\\s*:\\s*${STRING}`).exec(source)?.[1] ?? 'build';
  return joinPath(buildDirectory, 'client');
}

function webpackOutputPath(source: string): string | undefined {
  const resolved = new RegExp(
    `\\bpath\\s*:\\s*(?:path\\.)?(?:resolve|join)\\(\\s*__dirname\\s*,\\s*${STRING}(?:\\s*,\\s*${STRING})?`,
  ).exec(source);
  if (resolved) return resolved[2] ? joinPath(resolved[1]!, resolved[2]) : resolved[1];
  return new RegExp(`\\boutput\\s*:\\s*\\{[^}]{0,2000}?\\bpath\\s*:\\s*${STRING}`).exec(source)?.[1];
}

function rollupOutputDirs(source: string): string[] {
  const dirs: string[] = [];
  for (const match of source.matchAll(new RegExp(`\\b(file|dir)\\s*:\\s*${STRING}`, 'g'))) {
    const value = match[2]!;
    dirs.push(match[1] === 'file' ? parentOf(value) : value);
  }
  return dirs;
}

function angularOutputDirs(source: string): string[] {
  let workspace: { projects?: Record<string, AngularProject>; defaultProject?: string };
  try {
    workspace = JSON.parse(source) as typeof workspace;
  } catch {
    return [];
  }
  const names = Object.keys(workspace.projects ?? {});
  if (workspace.defaultProject && names.includes(workspace.defaultProject)) {
    names.sort((a, b) => Number(b === workspace.defaultProject) - Number(a === workspace.defaultProject));
  }
  const dirs: string[] = [];
  for (const name of names) {
    const project = workspace.projects![name]!;
    const build = project.architect?.build ?? project.targets?.build;
    if (!build || project.projectType === 'library') continue;
    const isApplication = /:application$/.test(build.builder ?? '');
    const output = build.options?.outputPath;
    if (typeof output === 'string') dirs.push(isApplication ? joinPath(output, 'browser') : output);
    else if (output && typeof output === 'object' && typeof output.base === 'string') {
      dirs.push(joinPath(output.base, typeof output.browser === 'string' ? output.browser : 'browser'));
    } else if (isApplication) dirs.push(`dist/${name}/browser`);
  }
  return dirs;
}

interface AngularProject {
  projectType?: string;
  architect?: Record<string, AngularTarget>;
  targets?: Record<string, AngularTarget>;
}
interface AngularTarget {
  builder?: string;
  options?: { outputPath?: string | { base?: unknown; browser?: unknown } };
}

function scriptOutputDirs(script: string): string[] {
  const dirs: string[] = [];
  const flag = /--(outDir|out-dir|dist-dir|outdir|outfile|output-path)(?:=|\s+)(['"]?)([^\s'"&;|]+)\2/g;
  for (const match of script.matchAll(flag)) {
    dirs.push(match[1] === 'outfile' ? parentOf(match[3]!) : match[3]!);
  }
  return dirs;
}

function parentOf(file: string): string {
  const slash = file.replace(/\/+$/, '').lastIndexOf('/');
  return slash <= 0 ? '.' : file.slice(0, slash);
}

function joinPath(base: string, relative: string): string {
  if (relative.startsWith('/') || base === '' || base === '.') return relative;
  return `${base.replace(/\/+$/, '')}/${relative}`;
}

/** A project-relative folder, or null for an absolute path, one above the project, or the root. */
export function normalizeDir(dir: string): string | null {
  if (dir.startsWith('/') || dir.includes('\\') || dir.includes('\0')) return null;
  const parts: string[] = [];
  for (const part of dir.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length === 0 ? null : parts.join('/');
}
