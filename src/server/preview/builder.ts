import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  classifyBuildLog,
  classifyInstallLog,
  packageNotFound,
  packagesNotFoundInInstall,
  trimBuildLog,
  undeclaredImports,
  withPackageNames,
  type LogError,
} from '../../core/build-log/index.ts';
import {
  buildAdaptations,
  buildCommand,
  configuredOutputDirs,
  lockedVersions,
  pinLockedVersions,
} from '../../core/builds/index.ts';
import type { BuildErrorPayload } from '../realtime/events.ts';
import { findOutputDir, markBuildStart, runBuildScript } from './build-step.ts';
import type { ProjectFile } from './content-hash.ts';
import { installDependencies, type PnpmPaths } from './install.ts';
import type { OutputCache } from './output-cache.ts';
import { describeNonRegularEntries, listBuiltFiles, readBuiltFile } from '../seam/sandbox-files.ts';
import { sanitizePackageJson, type PackageJson } from './package-json.ts';
import { withSourceLocations } from './source-locations/index.ts';
import type { ProcessLimits } from './run-limited.ts';
import { layerDirOf, type Sandbox } from './sandbox.ts';
import type { BuildEgress } from './egress/build-egress.ts';
import { handlerEntry } from '../../core/apps/index.ts';
import { serverLaunch, type LaunchInput } from '../../core/builds/server-launch/index.ts';
import {
  APP_MANIFEST_FILE,
  APP_MANIFEST_FORMAT,
  appManifestText,
  serverWorkspaceOf,
} from '../app-servers/app-manifest.ts';
import { markWorkspaceUsed, pruneServerWorkspaces } from '../app-servers/kept-workspaces.ts';
import { bundleHandler, HANDLER_BUILD_DIR, HANDLER_FILE } from '../app-servers/handler-bundle.ts';
import {
  dependencyKey,
  fillStandbyWorkspace,
  standbyScript,
  type Standby,
  type StandbyPool,
} from './standby.ts';
import type { Framework } from '../../core/frameworks/index.ts';
import type { RunResult } from './run-limited.ts';
import {
  chownWorkspace,
  envLocalText,
  materializeWorkspace,
  writeAdaptedFiles,
  removeWorkspace,
} from './workspace.ts';

/**
 * Moves a built workspace (and its node_modules layer) to where its app server runs it: renames
 * of the two folders Kiln made, never of anything inside them. Its server sees it read-only under
 * a layer of its own (decision 0055).
 */
async function keepServerWorkspace(workspace: string, kept: string): Promise<void> {
  await fs.mkdir(path.dirname(kept), { recursive: true });
  await removeWorkspace(kept).catch(() => undefined);
  await fs.rename(workspace, kept);
  await fs.rename(layerDirOf(workspace), layerDirOf(kept)).catch(() => undefined);
}

type LockManifest = Parameters<typeof lockedVersions>[1];

/** Folders never listed for the launch rule: dependencies, Kiln's home, version control. */
const NOT_BUILT = new Set(['node_modules', '.kiln-home', '.git']);

/** The spec's build steps (§4): materialize → install → build. */
export type BuildStep = 'initializing' | 'processing' | 'starting';

export interface BuilderContext {
  workspacesDir: string;
  /** Where the workspaces of server-rendered builds are kept for their app server (decision 0054). */
  serverWorkspacesDir: string;
  /** How many of them are kept at least (KILN_APP_WORKSPACES); older unused ones are removed. */
  serverWorkspacesKept?: number;
  pnpm: PnpmPaths;
  sandbox: Sandbox;
  cache: OutputCache;
  limits: Omit<ProcessLimits, 'maxOutputBytes'>;
  /** Builds started ahead of time (decision 0036); absent where they cannot be isolated. */
  standby?: StandbyPool;
  /** The build step's way out to public hosts (decision 0063); absent: builds are offline. */
  egress?: BuildEgress;
}

export interface BuildInput {
  hash: string;
  /** Whose build it is: a server-rendered build's workspace is kept for this chat and version only. */
  chatId: string;
  version: number;
  /** The complete project (already merged with its blank template when incomplete). */
  files: readonly ProjectFile[];
  /** The chat's integration variables, written as .env.local. */
  env: Record<string, string>;
  framework?: Framework;
  /** Mark elements with their source locations (preview builds; never a deployment's). */
  sourceLocations?: boolean;
}

export type BuildOutcome =
  | { ok: true; outputDir: string; log: string; timings: Record<string, number> }
  | { ok: false; error: BuildErrorPayload; log: string };

/** A whole output (the kept log) of one step at most. */
const MAX_LOG_BYTES = 512 * 1024;
/** Built output at most (bytes and files); more is an error rather than a full disk. */
const MAX_OUTPUT_BYTES = 200 * 1024 * 1024;
const MAX_OUTPUT_FILES = 20_000;
const OUTPUT_LIMITS = { maxBytes: MAX_OUTPUT_BYTES, maxFiles: MAX_OUTPUT_FILES };

/** 'Package Not Found' says which packages (issue 13); other install errors as classified. */
function installFailure(output: string, log: string): BuildOutcome {
  const error = classifyInstallLog(output, { hasFailed: true }) ?? INSTALL_FALLBACK;
  return failure(withPackageNames(error, packagesNotFoundInInstall(output)), log);
}

/** A build that imports a package the project never declared: 'Package Not Found', named. */
function buildFailure(output: string, log: string, declared: ReadonlySet<string>): BuildOutcome {
  const undeclared = undeclaredImports(output, declared);
  if (undeclared.length > 0) return failure(packageNotFound(undeclared), log);
  return failure(classifyBuildLog(output, { hasFailed: true }) ?? BUILD_FALLBACK, log);
}

function declaredPackages(packageJson: PackageJson): Set<string> {
  return new Set(
    ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'].flatMap((field) =>
      Object.keys((packageJson[field] as Record<string, string> | undefined) ?? {}),
    ),
  );
}

function withDevDependencies(packageJson: PackageJson, extra: Record<string, string>): PackageJson {
  if (Object.keys(extra).length === 0) return packageJson;
  return { ...packageJson, devDependencies: { ...packageJson.devDependencies, ...extra } };
}

function failure(error: LogError, log: string): BuildOutcome {
  return {
    ok: false,
    error: { title: error.title, description: error.message, content: trimBuildLog(log) },
    log,
  };
}

const BUILD_FALLBACK: LogError = {
  code: 'build-error',
  title: 'Build Error',
  message: 'An error occurred during the build process.',
};
const INSTALL_FALLBACK: LogError = {
  code: 'install-error',
  title: 'Installation Error',
  message: 'An error occurred during package installation.',
};

/**
 * Builds one project into the output cache. Never throws for a problem of the project itself
 * (that is a classified error outcome); throws only when Kiln itself fails (disk, bug), which
 * the job queue retries. `onStored` runs as soon as the output is in the cache (what makes the
 * preview ready: its publication, the ready event); the build's workspace is removed and the
 * next standby prepared only after it, so neither competes with it for the disk and the cores.
 */
export async function buildProject(
  context: BuilderContext,
  input: BuildInput,
  onStep: (step: BuildStep) => Promise<void>,
  signal?: AbortSignal,
  onStored?: (outputDir: string) => Promise<void>,
): Promise<BuildOutcome> {
  const timings: Record<string, number> = {};
  let workspace = path.join(
    context.workspacesDir,
    `${input.hash.slice(0, 12)}-${randomBytes(4).toString('hex')}`,
  );
  const limits: ProcessLimits = { ...context.limits, maxOutputBytes: MAX_LOG_BYTES };
  let log = '';
  let standby: Standby | null = null;
  let isKept = false;
  try {
    await onStep('initializing');
    let started = performance.now();
    const packageSource = input.files.find((file) => file.name === 'package.json')?.content ?? '';
    const manifest = sanitizePackageJson(packageSource || '{}');
    if (!manifest.ok) return installFailure(manifest.log, manifest.log);
    const command = buildCommand(manifest.packageJson, input.framework);
    if (!command) {
      const text = 'ERR_PNPM_NO_SCRIPT Missing script: "build"';
      return failure(classifyBuildLog(text, { hasFailed: true }) ?? BUILD_FALLBACK, text);
    }
    // pnpm installs from the checked manifest, its direct dependencies pinned by the project's
    // lock file (and what Kiln's adaptations need); the build sees package.json as written.
    const declared = declaredPackages(manifest.packageJson);
    const adaptations = buildAdaptations(input.files, declared, {
      ...manifest.packageJson.devDependencies,
      ...manifest.packageJson.dependencies,
    });
    const installManifest = withDevDependencies(
      pinLockedVersions(
        manifest.packageJson,
        lockedVersions(input.files, manifest.packageJson as LockManifest),
      ),
      adaptations.devDependencies,
    );
    standby = await takeStandby(context, input.framework, installManifest, command.script);
    // The workspace's copy only: what the project's files are stays as written.
    const marking = performance.now();
    const written = input.sourceLocations
      ? await withSourceLocations(input.files, input.framework)
      : input.files;
    timings.sourceLocationsMs = performance.now() - marking;
    if (standby) {
      workspace = standby.workspace;
      timings.standby = 1;
      if (standby.warmedUp) timings.warmedUp = 1;
      await fillStandbyWorkspace(workspace, written);
    } else {
      await materializeWorkspace(workspace, written);
    }
    await fs.writeFile(path.join(workspace, 'package.json'), JSON.stringify(installManifest, null, 2) + '\n');
    await writeAdaptedFiles(workspace, adaptations.files);
    const envText = envLocalText(input.env);
    if (envText) await fs.writeFile(path.join(workspace, '.env.local'), envText + '\n');
    timings.materializeMs = performance.now() - started;

    await onStep('processing');
    if (!standby) {
      // A standby was installed with exactly these dependencies already.
      const install = await installDependencies(workspace, context.pnpm, limits, signal);
      log += install.output;
      timings.installMs = install.durationMs;
      if (install.exitCode !== 0) return installFailure(install.output, log);
    }
    if (packageSource) await fs.writeFile(path.join(workspace, 'package.json'), packageSource);

    await onStep('starting');
    if (context.sandbox.kind === 'unprivileged' && process.getuid?.() === 0) {
      await chownWorkspace(workspace, 65534, 65534);
    }
    const buildStart = await markBuildStart(workspace);
    const build = standby
      ? // Source maps as the regular path's `--sourcemap` / `--source-map` (a preview's build only).
        await runStandby(standby, input.sourceLocations === true, signal)
      : await runWithEgress(context, (egress) =>
          runBuildScript(
            context.sandbox,
            workspace,
            input.sourceLocations ? withSourceMaps(command.script) : command.script,
            limits,
            signal,
            egress,
          ),
        );
    log += build.output;
    timings.buildMs = build.durationMs;
    if (build.exitCode !== 0) return buildFailure(build.output, log, declared);

    started = performance.now();
    const launch = serverLaunch({
      files: await listBuiltFiles(workspace, NOT_BUILT),
      packageJson: manifest.packageJson as LaunchInput['packageJson'],
    });
    if (launch) {
      // The project's own server runs from this workspace: it is kept, the output only says how.
      const manifest = appManifestText({
        format: APP_MANIFEST_FORMAT,
        kind: 'server',
        build: input.hash,
        launch,
      });
      const stored = await context.cache.put(input.hash, null, OUTPUT_LIMITS, {
        [APP_MANIFEST_FILE]: manifest,
      });
      if (!stored.ok)
        return failure(BUILD_FALLBACK, `${log}\nError: the server's description could not be stored.\n`);
      const owner = { chatId: input.chatId, version: input.version, build: input.hash };
      const kept = serverWorkspaceOf(context.serverWorkspacesDir, owner);
      // A standby's output was taken before its sandbox had gone (`done`): it has gone before its
      // workspace is kept, or before another sandbox of the workspace mounts its layer.
      await standby?.process.result;
      await keepServerWorkspace(workspace, kept);
      isKept = true;
      await markWorkspaceUsed(kept);
      await pruneServerWorkspaces(context.serverWorkspacesDir, context.serverWorkspacesKept ?? 20);
      timings.storeMs = performance.now() - started;
      await onStored?.(stored.dir);
      return { ok: true, outputDir: stored.dir, log, timings };
    }
    const outputDir = findOutputDir(workspace, {
      configured: [...adaptations.outputDirs, ...configuredOutputDirs(input.files, command.script)],
      buildStart,
      sourceFiles: new Set(input.files.map((file) => file.name)),
    });
    if (!outputDir) {
      const text = `${log}\nError: the build finished but wrote no index.html (looked in the folder its configuration names, in every folder the build wrote, and in dist/, build/ and out/).\n`;
      return failure(BUILD_FALLBACK, text);
    }
    const handler = handlerEntry(input.files.map((file) => file.name));
    const kilnFiles: Record<string, Uint8Array | string> = {};
    if (handler) {
      // The `api/` handler, bundled in the sandbox and read back through the seam (never served).
      await standby?.process.result;
      const bundled = await bundleHandler(context.sandbox, workspace, handler, limits, signal);
      log += bundled.output;
      if (bundled.exitCode !== 0) return buildFailure(bundled.output, log, declared);
      const bundle = await readBuiltFile(workspace, `${HANDLER_BUILD_DIR}/${HANDLER_FILE}`, MAX_OUTPUT_BYTES);
      if (!bundle)
        return failure(BUILD_FALLBACK, `${log}\nError: the api/ handler's bundle could not be read.\n`);
      kilnFiles[HANDLER_FILE] = bundle;
      const map = await readBuiltFile(
        workspace,
        `${HANDLER_BUILD_DIR}/${HANDLER_FILE}.map`,
        MAX_OUTPUT_BYTES,
      );
      if (map) kilnFiles[`${HANDLER_FILE}.map`] = map;
      kilnFiles[APP_MANIFEST_FILE] = appManifestText({
        format: APP_MANIFEST_FORMAT,
        kind: 'handler',
        entry: HANDLER_FILE,
      });
    }
    // Copied, not moved: only regular files and folders are stored (decision 0037), and Kiln's
    // own files are written into the copy, never into what the build wrote (decision 0055).
    const stored = await context.cache.put(input.hash, { workspace, outputDir }, OUTPUT_LIMITS, kilnFiles);
    if (!stored.ok && stored.reason === 'too-large') {
      const limit = `${MAX_OUTPUT_FILES} files or ${MAX_OUTPUT_BYTES / 1024 / 1024} MB`;
      return failure(BUILD_FALLBACK, `${log}\nError: the build output is too large (more than ${limit}).\n`);
    }
    if (!stored.ok) return failure(BUILD_FALLBACK, `${log}\n${describeNonRegularEntries(stored.entries)}\n`);
    timings.storeMs = performance.now() - started;
    await onStored?.(stored.dir);
    return { ok: true, outputDir: stored.dir, log, timings };
  } finally {
    // A standby is done with once its output is taken: stopped, its sandbox's teardown not waited for.
    const ended = standby ? standby.process.result : Promise.resolve();
    if (standby && !standby.process.hasEnded) standby.process.kill();
    // Workspaces are scratch space: the output has been copied into the cache already.
    if (!isKept) void ended.then(() => removeWorkspace(workspace)).catch(() => undefined);
    // The next standby starts after this build, not during it; a framework's first build is what
    // asks for its first standby (standbys start on demand, decision 0052).
    if (input.framework) void context.standby?.refill(input.framework);
  }
}

/** Runs a build step with its egress session (if builds have one), closed when the step ends. */
async function runWithEgress(
  context: BuilderContext,
  step: (egress: Awaited<ReturnType<BuildEgress['open']>>) => Promise<RunResult>,
): Promise<RunResult> {
  const egress = (await context.egress?.open()) ?? null;
  try {
    return await step(egress);
  } finally {
    await egress?.close();
  }
}

/**
 * A standby for this project: its template's plain build script (`vite build`, `ng build`) and
 * exactly its template's dependencies.
 */
async function takeStandby(
  context: BuilderContext,
  framework: Framework | undefined,
  packageJson: {
    scripts?: Record<string, string>;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  },
  buildScript: string,
): Promise<Standby | null> {
  if (!context.standby || !framework) return null;
  const script = standbyScript(framework);
  if (!script || buildScript.replace(/\s+/g, ' ') !== script) return null;
  const key = dependencyKey(packageJson);
  // One being prepared (started when the person's generation began) is worth the wait: a cold
  // build beside it would share the cores with it and take longer than the rest of its start.
  await context.standby.whenPrepared(framework, key, STANDBY_WAIT_MS);
  return context.standby.take(framework, key);
}

/** The longest a build waits for its framework's standby being prepared. */
const STANDBY_WAIT_MS = 60_000;

/**
 * Sends `build` to a standby. Its output is taken when the runner says it is written
 * (`done`), not after its process and sandbox have ended: the output is copied only by the seam,
 * which trusts nothing in it (decisions 0037, 0055), and the process is stopped first.
 */
async function runStandby(standby: Standby, sourceMaps: boolean, signal?: AbortSignal): Promise<RunResult> {
  const onAbort = () => standby.process.kill();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    standby.process.arm(sourceMaps ? 'build sourcemap\n' : 'build\n');
    const result = await standby.process.done;
    if (!standby.process.hasEnded) standby.process.kill();
    return result;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * A preview build also writes source maps, so the editor can name the line of a runtime error in
 * the generated sources (issue 19 item 4); a deployment's build (`clean`) never does. Only the
 * plain `vite build` / `ng build` a template writes gets the flag; another script runs as written.
 */
export function withSourceMaps(script: string): string {
  const plain = script.trim().replace(/\s+/g, ' ');
  if (/^vite build( [\w=./:@-]+)*$/.test(plain) && !/--sourcemap/.test(plain)) return `${plain} --sourcemap`;
  if (/^ng build( [\w=./:@-]+)*$/.test(plain) && !/--source-map/.test(plain)) return `${plain} --source-map`;
  return script;
}
