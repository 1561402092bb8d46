import type { LaunchRule } from './types.ts';

/**
 * Next.js (issue 22 item 3): `next build` leaves `.next/` with a BUILD_ID; `output: 'export'`
 * leaves a faithful static site in `out/` instead, served as files. Otherwise the project's own
 * production server runs: `next start` reads PORT from the environment, and its host (default
 * 0.0.0.0) only from `-H`, so the runtime's loopback address is passed as an argument.
 */
const NEXT_BIN = 'node_modules/next/dist/bin/next';
const STANDALONE_SERVER = '.next/standalone/server.js';
/** Where a standalone build's static assets go when the project copies them (Next's docs). */
const STANDALONE_STATIC = '.next/standalone/.next/static/';

export const nextLaunch: LaunchRule = ({ files, packageJson }) => {
  if (!files.has('.next/BUILD_ID') || files.has('out/index.html')) return null;
  const declared = { ...packageJson.devDependencies, ...packageJson.dependencies };
  // `output: 'standalone'` with its assets copied beside it (the documented deployment): its
  // server.js reads PORT and HOSTNAME. Without them it would answer 404 for every asset, so
  // `next start` serves the workspace's .next/ (Next only warns about standalone then).
  if (files.has(STANDALONE_SERVER) && hasFileUnder(files, STANDALONE_STATIC)) {
    return { kind: 'node', command: ['node', STANDALONE_SERVER], label: 'node .next/standalone/server.js' };
  }
  if (!('next' in declared)) return null;
  return {
    kind: 'node',
    command: ['node', NEXT_BIN, 'start', '--hostname', '127.0.0.1'],
    label: 'next start',
  };
};

function hasFileUnder(files: ReadonlySet<string>, folder: string): boolean {
  for (const file of files) if (file.startsWith(folder)) return true;
  return false;
}
