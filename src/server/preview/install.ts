import { createRequire } from 'node:module';
import path from 'node:path';
import { runLimited, type ProcessLimits, type RunResult } from './run-limited.ts';

const require = createRequire(import.meta.url);

/** The root package's pnpm: version 12 is a native binary at the package root. */
export function pnpmBinary(): string {
  return path.join(path.dirname(require.resolve('pnpm/package.json')), 'pnpm');
}

export interface PnpmPaths {
  /** One content-addressed store shared by every workspace: `{KILN_DATA_DIR}/pnpm-store`. */
  storeDir: string;
  /** Package metadata, so an offline install can resolve ranges: `{KILN_DATA_DIR}/pnpm-cache`. */
  cacheDir: string;
  /** KILN_NPM_REGISTRY when it is not pnpm's default registry. */
  registry?: string;
}

const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

/** The store and metadata cache of a data folder, and the registry they are filled from. */
export function pnpmPathsOf(dataDir: string, registry?: string): PnpmPaths {
  const other = registry && registry.replace(/\/?$/, '/') !== DEFAULT_REGISTRY ? registry : undefined;
  return {
    storeDir: path.join(dataDir, 'pnpm-store'),
    cacheDir: path.join(dataDir, 'pnpm-cache'),
    ...(other ? { registry: other } : {}),
  };
}

/**
 * Flags for every install (docs/decisions/0033-pnpm-store-and-output-cache.md): no lifecycle scripts, no
 * pnpmfile, no lock file, nothing that could make pnpm fetch another pnpm or Node; hard links
 * from the store (the build sandbox mounts node_modules read-only).
 */
export function installArgs(paths: PnpmPaths, mode: 'offline' | 'online'): string[] {
  return [
    'install',
    mode === 'offline' ? '--offline' : '--prefer-offline',
    '--ignore-scripts',
    '--ignore-pnpmfile',
    '--no-frozen-lockfile',
    '--reporter=append-only',
    `--store-dir=${paths.storeDir}`,
    `--cache-dir=${paths.cacheDir}`,
    ...(paths.registry ? [`--config.registry=${paths.registry}`] : []),
    '--config.lockfile=false',
    '--config.strict-dep-builds=false',
    '--config.strict-peer-dependencies=false',
    '--config.auto-install-peers=true',
    '--config.package-import-method=hardlink',
    // Like npm's flat node_modules: a config may require a package it never declared
    // (webpack configs requiring terser-webpack-plugin), as it works with npm install.
    '--config.shamefully-hoist=true',
    '--config.manage-package-manager-versions=false',
    '--config.confirm-modules-purge=false',
    '--config.update-notifier=false',
    '--config.verify-deps-before-run=false',
  ];
}

/** A missing package or metadata in the store: worth one more try with the network. */
const OFFLINE_MISS = /ERR_PNPM_NO_OFFLINE|offline|package mirror|not found in the store/i;

export interface InstallResult extends RunResult {
  usedNetwork: boolean;
}

/** pnpm alone peaks near 450 MB installing a React template from the registry. */
export const INSTALL_MEMORY_FLOOR_MB = 1024;
/** A cold install fetches from the registry: tens of seconds on a loaded machine. */
export const INSTALL_TIMEOUT_FLOOR_MS = 300_000;

/**
 * pnpm is Kiln's own and runs no project code (no scripts, no pnpmfile): a build's limits on
 * processes (its worker threads alone pass them), memory and time are the project's, not pnpm's.
 * A project capped at 256 MB or 20 s must still install; pnpm keeps caps of its own.
 */
export function installLimits(limits: ProcessLimits): ProcessLimits {
  return {
    ...limits,
    maxProcesses: undefined,
    memoryMb: Math.max(limits.memoryMb, INSTALL_MEMORY_FLOOR_MB),
    timeoutMs: Math.max(limits.timeoutMs, INSTALL_TIMEOUT_FLOOR_MS),
  };
}

/**
 * Offline first: a project using only known packages installs from the store in ~0.1 s.
 * `--prefer-offline` idles seconds after finishing with pnpm 12, so it is only the fallback.
 */
export async function installDependencies(
  workspace: string,
  paths: PnpmPaths,
  limits: ProcessLimits,
  signal?: AbortSignal,
): Promise<InstallResult> {
  const env = installEnv(workspace);
  limits = installLimits(limits);
  const offline = await runLimited(pnpmBinary(), installArgs(paths, 'offline'), {
    cwd: workspace,
    env,
    limits,
    signal,
  });
  if (offline.exitCode === 0 || offline.killedFor || !OFFLINE_MISS.test(offline.output)) {
    return { ...offline, usedNetwork: false };
  }
  const online = await runLimited(pnpmBinary(), installArgs(paths, 'online'), {
    cwd: workspace,
    env,
    limits,
    signal,
  });
  return { ...online, durationMs: online.durationMs + offline.durationMs, usedNetwork: true };
}

/** A clean environment: Kiln's own secrets (database URL, keys) never reach a child process. */
export function installEnv(workspace: string): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: path.join(workspace, '.kiln-home'),
    CI: '1',
    npm_config_update_notifier: 'false',
  };
  for (const key of [
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'NO_PROXY',
    'http_proxy',
    'https_proxy',
    'no_proxy',
    'LANG',
  ]) {
    const value = process.env[key];
    if (value) env[key] = value;
  }
  return env;
}
