import fs from 'node:fs';
import path from 'node:path';

/** Inputs of the web bundle: when any is newer than dist/web/index.html, the bundle is stale. */
const INPUTS = ['src/web', 'src/core', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function isWebBundleStale(repoRoot: string, webRoot: string): boolean {
  const built = newestMtime(path.join(webRoot, 'index.html'));
  if (built === 0) return true;
  return INPUTS.some((input) => newestMtime(path.join(repoRoot, input)) > built);
}

/** `npm start` builds the web app when it is missing or older than its sources. */
export async function ensureWebBundle(repoRoot: string, webRoot: string): Promise<boolean> {
  if (!isWebBundleStale(repoRoot, webRoot)) return false;
  console.log('Building the web app (first start, or its sources changed)...');
  const { build } = await import('vite');
  await build({ configFile: path.join(repoRoot, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
