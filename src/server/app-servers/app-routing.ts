import fs from 'node:fs/promises';
import path from 'node:path';
import { integrationEndpoints, isHandlerPath } from '../../core/apps/index.ts';
import { serverEnv, type EnabledIntegrationValues } from '../../core/integrations/server-env.ts';
import { serverWorkspaceOf, type AppManifest } from './app-manifest.ts';
import type { AppLaunch } from './app-process.ts';
import { markWorkspaceUsed } from './kept-workspaces.ts';
import { HANDLER_FILE } from './handler-bundle.ts';
import type { AppServers, AppServerState, AppStartSpec } from './manager.ts';
import type { AppLogLine } from './app-log.ts';

export interface AppRoutingDeps {
  servers: AppServers;
  /** `{KILN_DATA_DIR}/app-servers`: handlers' folders and kept server workspaces. */
  root: string;
  integrations: { serverValues(chatId: string): Promise<EnabledIntegrationValues[]> };
  /** KILN_ALLOW_PRIVATE_INTEGRATIONS: the chat's own integration endpoints may be private. */
  allowPrivateIntegrations: boolean;
  /** KILN_APP_EGRESS_PORTS: the ports outgoing connections may use (default 80 and 443). */
  egressPorts?: readonly number[];
  /**
   * Builds a server-rendered version here when its kept workspace is not on this machine (another
   * process built it): the same input gives the same hash, and the build keeps its workspace.
   */
  rebuildServer?: (target: { chatId: string; version: number; clean: boolean }) => Promise<void>;
}

/** A built output that has a server: a version's preview build or a deployed site. */
export interface AppTarget {
  chatId: string;
  version: number;
  deployed: boolean;
  /** Stable per output: `preview:{hash}` or `site:{id}`. */
  key: string;
  manifest: AppManifest;
  /** Host names the server answers (Vite's preview refuses others): names, or `.suffix` for subdomains. */
  hosts: string[];
  /** A file of the output's `.kiln-app` folder (the handler's bundle). */
  readAppFile(name: string): Promise<Uint8Array | null>;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The app server key of a version's preview build: its chat, version and output (named by its
 * hash). Two chats with the same files share an output but never a server, its secrets or its log.
 */
export function previewAppKey(chatId: string, version: number, outputDir: string): string {
  return `preview:${chatId}:${version}:${path.basename(outputDir)}`;
}

export type AppAnswer =
  | { kind: 'response'; response: Response }
  | { kind: 'starting' }
  | { kind: 'error'; status: 502 | 504; message: string };

/** Whether a request of this output belongs to its server (decision 0054). */
export function isServerRequest(manifest: AppManifest | null, pathname: string): manifest is AppManifest {
  if (!manifest) return false;
  return manifest.kind === 'server' || isHandlerPath(pathname);
}

/**
 * Sends a preview's or a site's requests to its app server: the server's start spec is made per
 * start (the chat's secrets read then, never kept), its launch from the output's app manifest.
 */
export function createAppRouting(deps: AppRoutingDeps) {
  const handlersDir = path.join(deps.root, 'handlers');
  const workspacesDir = path.join(deps.root, 'workspaces');

  /** The handler's bundle in a folder of its own (the sandbox's workspace), written once. */
  async function handlerFolder(target: AppTarget): Promise<string> {
    const dir = path.join(handlersDir, target.key.replace(/[^a-z0-9-]/gi, '_'));
    const entry = path.join(dir, HANDLER_FILE);
    if (await exists(entry)) return dir;
    const bundle = await target.readAppFile(HANDLER_FILE);
    if (!bundle) throw new Error('The api/ handler of this version was not built.');
    await fs.mkdir(dir, { recursive: true });
    const map = await target.readAppFile(`${HANDLER_FILE}.map`);
    if (map) await fs.writeFile(`${entry}.map`, map);
    const temporary = `${entry}.tmp-${process.pid}`;
    await fs.writeFile(temporary, bundle);
    await fs.rename(temporary, entry);
    return dir;
  }

  async function launchOf(target: AppTarget): Promise<AppLaunch> {
    const { manifest } = target;
    if (manifest.kind === 'handler') {
      const workspace = await handlerFolder(target);
      return { kind: 'handler', workspace, entry: path.join(workspace, HANDLER_FILE) };
    }
    // This chat's and version's own workspace: never another chat's with the same files.
    const owner = { chatId: target.chatId, version: target.version, build: manifest.build };
    const workspace = serverWorkspaceOf(workspacesDir, owner);
    if (!(await exists(workspace)) && deps.rebuildServer) {
      await deps.rebuildServer({ chatId: target.chatId, version: target.version, clean: target.deployed });
    }
    if (!(await exists(workspace))) {
      throw new Error('This version’s server build is not on this machine: rebuild the version.');
    }
    // In use: the collector leaves it (kept-workspaces.ts).
    await markWorkspaceUsed(workspace);
    const { command, label, env } = manifest.launch;
    return { kind: 'command', workspace, command, label, env };
  }

  function describe(target: AppTarget): () => Promise<AppStartSpec> {
    return async () => {
      const values = await deps.integrations.serverValues(target.chatId);
      return {
        launch: await launchOf(target),
        secrets: serverEnv(values),
        egress: {
          allowPrivate: false,
          // Undefined: 80 and 443.
          ports: deps.egressPorts,
          allowOrigins: deps.allowPrivateIntegrations ? integrationEndpoints(values) : [],
          // The integrations' own ports (PostgreSQL's 5432, SMTP's 587), their addresses still checked.
          allowOriginPorts: integrationEndpoints(values),
        },
        meta: { chatId: target.chatId, version: target.version, deployed: target.deployed },
        hosts: target.hosts,
      };
    };
  }

  return {
    /**
     * Forwards the request. `waitMs`: for a page load, how long a cold start may keep it waiting
     * before the building page says 'Starting' instead (it refreshes itself).
     */
    async forward(
      target: AppTarget,
      request: Request,
      options: { clientAddress?: string; waitMs?: number; identityEncoding?: boolean } = {},
    ): Promise<AppAnswer> {
      const spec = describe(target);
      if (options.waitMs !== undefined && deps.servers.stateOf(target.key) !== 'running') {
        const warming = deps.servers.warm(target.key, spec);
        warming.catch(() => undefined);
        let timer: NodeJS.Timeout | undefined;
        const waited = await Promise.race([
          warming.then(
            () => 'ready' as const,
            () => 'failed' as const,
          ),
          new Promise<'waiting'>((resolve) => (timer = setTimeout(() => resolve('waiting'), options.waitMs))),
        ]);
        clearTimeout(timer);
        if (waited === 'waiting') return { kind: 'starting' };
      }
      const outcome = await deps.servers.handle(target.key, spec, request, {
        clientAddress: options.clientAddress,
        identityEncoding: options.identityEncoding,
      });
      if (outcome.ok) return { kind: 'response', response: outcome.response };
      return { kind: 'error', status: outcome.reason === 'timeout' ? 504 : 502, message: outcome.message };
    },

    /** Stops the server of `key` (the owner's restart); the next request starts it again. */
    stop(key: string): Promise<void> {
      return deps.servers.stop(key);
    },

    logs(key: string): { state: AppServerState; lines: AppLogLine[]; lastError?: string } {
      return deps.servers.logs(key);
    },

    /** This process's running app servers (the /admin page). */
    running() {
      return deps.servers.list();
    },
  };
}

export type AppRouting = ReturnType<typeof createAppRouting>;
