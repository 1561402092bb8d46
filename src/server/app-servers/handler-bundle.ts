import { APP_FOLDER } from '../../core/apps/index.ts';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildEnv, fileSizeLimit } from '../preview/build-step.ts';
import { runLimited, type ProcessLimits, type RunResult } from '../preview/run-limited.ts';
import { sandboxCommand, type Sandbox } from '../preview/sandbox.ts';

export { APP_FOLDER };
export const HANDLER_FILE = 'api.mjs';
const IN_SANDBOX_ESBUILD = '/opt/kiln/esbuild';

/** esbuild's native binary (a static program): bound read-only into the build's sandbox. */
function esbuildBinary(): string {
  const require = createRequire(import.meta.url);
  return require.resolve(`@esbuild/${process.platform}-${process.arch}/bin/esbuild`);
}

// ESM output with CommonJS dependencies (pg, nodemailer) that `require` Node's modules.
const BANNER =
  "import { createRequire as __kilnRequire } from 'node:module'; const require = __kilnRequire(import.meta.url);";

/** Where esbuild writes the bundle in the workspace; Kiln reads it back through the seam. */
export const HANDLER_BUILD_DIR = '.kiln-home/kiln-handler';

/**
 * Bundles the project's `api/` handler (issue 22 item 2) into `{workspace}/.kiln-home/kiln-handler/`
 * with its dependencies, inside the build's sandbox: esbuild resolves imports from the workspace
 * only, so a handler cannot pull a file of the host's into its bundle. Kiln does nothing on the
 * host side here (no folder made, no owner changed: decision 0055); the caller reads the bundle
 * back with readBuiltFile, which follows no link.
 */
export async function bundleHandler(
  sandbox: Sandbox,
  workspace: string,
  entry: string,
  limits: ProcessLimits,
  signal?: AbortSignal,
): Promise<RunResult> {
  const outfile = path.join(workspace, HANDLER_BUILD_DIR, HANDLER_FILE);
  const binary = esbuildBinary();
  const isolated = sandbox.kind === 'bwrap';
  const args = [
    entry,
    '--bundle',
    '--platform=node',
    '--format=esm',
    '--target=node20',
    '--sourcemap',
    // Stacks name the project's files (/api/index.ts), not the folder the server ran in.
    '--source-root=file:///',
    `--outfile=${outfile}`,
    '--external:pg-native',
    '--log-level=warning',
    `--banner:js=${BANNER}`,
  ];
  const wrapped = sandboxCommand(
    sandbox,
    workspace,
    buildEnv(workspace, limits),
    isolated ? IN_SANDBOX_ESBUILD : binary,
    args,
    fileSizeLimit(limits),
    { binds: isolated ? [{ source: binary, target: IN_SANDBOX_ESBUILD }] : [] },
  );
  return runLimited(wrapped.command, wrapped.args, {
    cwd: workspace,
    env: isolated ? { PATH: '/usr/bin:/bin' } : buildEnv(workspace, limits),
    uid: wrapped.uid,
    gid: wrapped.gid,
    limits,
    signal,
  });
}
