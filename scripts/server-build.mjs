// The server as plain JavaScript (decision 0052): every TypeScript module of src/server and src/core
// compiled one to one into dist/server and dist/core, so `npm start` runs it with `node` alone,
// without a TypeScript loader. The folders keep their depth below the repository, so the paths the
// server finds by `import.meta.url` (drizzle/, templates/, its own data files and standby runners)
// resolve the same from dist/ as from src/. `node scripts/server-build.mjs` builds it now.
import console from 'node:console';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Source folder → output folder (relative to the repository). */
const TREES = [
  ['src/server', 'dist/server'],
  ['src/core', 'dist/core'],
];
/** Read by path at run time, not imported: copied as they are (angular.ts there is data too). */
const DATA_ONLY = /[/\\]catalogue[/\\]data(?:[/\\]|$)/;
/** Besides the sources: a change of these also calls for a new build. */
const OTHER_INPUTS = ['package-lock.json', 'scripts/server-build.mjs'];
/** Written last; its modification time is the build's. */
const STAMP = 'dist/server/.built';

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A folder's own time changes when a file is added, renamed or removed.
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/server is missing or any of its inputs changed after it was built. */
export function isServerBuildStale(root = REPO_ROOT) {
  const built = newestMtime(path.join(root, STAMP));
  if (built === 0) return true;
  const inputs = [...TREES.map(([source]) => source), ...OTHER_INPUTS];
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

const isModule = (file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !DATA_ONLY.test(file);
const isTest = (file) => /\.test\.ts$/.test(file);

/**
 * Relative imports stay relative (the layout is mirrored) with `.ts` turned into `.js`; packages
 * stay imports of node_modules. Each module is its own output file: nothing is bundled.
 */
const externalizeEverything = {
  name: 'kiln-externalize',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path.startsWith('.')) return { path: args.path.replace(/\.ts$/, '.js'), external: true };
      return { path: args.path, external: true };
    });
  },
};

/**
 * Compiles src/server and src/core, each into a staging folder beside its output (dist/, the same
 * depth, so source map paths hold), then swaps them in: a server already running from dist/ and
 * importing a module late finds a whole build, never a half-written one. The stamp gets the time
 * the build started reading its sources, so an edit made during the build calls for the next one.
 */
export async function buildServer(root = REPO_ROOT) {
  const { build } = await import('esbuild');
  const started = new Date();
  const staged = TREES.map(([source, output]) => ({
    source: path.join(root, source),
    live: path.join(root, output),
    staging: path.join(root, `${output}.build-${process.pid}`),
  }));
  try {
    await Promise.all(
      staged.map(({ source, staging }) => {
        fs.rmSync(staging, { recursive: true, force: true });
        const entryPoints = [];
        for (const file of walk(source)) {
          if (isTest(file)) continue;
          if (isModule(file)) {
            entryPoints.push(file);
          } else {
            const copy = path.join(staging, path.relative(source, file));
            fs.mkdirSync(path.dirname(copy), { recursive: true });
            fs.copyFileSync(file, copy);
          }
        }
        return build({
          absWorkingDir: root,
          entryPoints,
          outbase: source,
          outdir: staging,
          bundle: true,
          plugins: [externalizeEverything],
          platform: 'node',
          format: 'esm',
          target: 'node20',
          // Linked maps pointing at src/ (the launcher applies them where Node can, decision 0052).
          sourcemap: 'linked',
          sourcesContent: false,
          logLevel: 'warning',
        });
      }),
    );
    const stamp = path.join(staged[0].staging, path.basename(STAMP));
    fs.writeFileSync(stamp, `${started.toISOString()}\n`);
    fs.utimesSync(stamp, started, started);
    for (const { live, staging } of staged) {
      const old = `${live}.old-${process.pid}`;
      if (fs.existsSync(live)) fs.renameSync(live, old);
      fs.renameSync(staging, live);
      fs.rmSync(old, { recursive: true, force: true });
    }
  } finally {
    for (const { staging } of staged) fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** One build at a time for several `npm start`s of one checkout; a lock older than 5 min is stale. */
async function withBuildLock(root, work) {
  const lock = path.join(root, 'dist', '.server-build.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 5 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else await delay(200);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

// `node scripts/server-build.mjs` builds now; with --if-stale (the launcher) only when stale,
// checked again under the lock (another start may have just built it).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ifStale = process.argv.includes('--if-stale');
  const started = performance.now();
  try {
    const built = await withBuildLock(REPO_ROOT, async () => {
      if (ifStale && !isServerBuildStale()) return false;
      await buildServer();
      return true;
    });
    if (built)
      console.log(`Built the server into dist/server (${Math.round(performance.now() - started)} ms)`);
  } catch (error) {
    // A read-only install (an image built ahead, whose copied folders look newer than its build)
    // runs the build it has rather than none.
    const readOnly = ['EACCES', 'EROFS', 'EPERM'].includes(error?.code);
    if (!ifStale || !readOnly || !fs.existsSync(path.join(REPO_ROOT, STAMP))) throw error;
    console.warn(
      `dist/server looks older than its sources but cannot be rebuilt here (${error.code}): running it.`,
    );
  }
}
