import fs from 'node:fs/promises';
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

/**
 * Bundles the project's `api/` handler (issue 22 item 2) into `{outputDir}/.kiln-app/api.mjs`
 * with its dependencies, inside the build's sandbox: esbuild resolves imports from the workspace
 * only, so a handler cannot pull a file of the host's into its bundle.
 */
export async function bundleHandler(
  sandbox: Sandbox,
  workspace: string,
  entry: string,
  outputDir: string,
  limits: ProcessLimits,
  signal?: AbortSignal,
): Promise<RunResult> {
  const outfile = path.join(outputDir, APP_FOLDER, HANDLER_FILE);
  await fs.mkdir(path.dirname(outfile), { recursive: true });
  const binary = esbuildBinary();
  const isolated = sandbox.kind === 'bwrap';
  const owner = await fs.stat(workspace);
  await fs.chown(path.dirname(outfile), owner.uid, owner.gid);
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
