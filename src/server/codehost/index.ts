import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createSecretBox } from '../crypto/secret-box.ts';
import type { PreviewService } from '../preview/service.ts';
import type { Realtime } from '../realtime/events.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { createConnectionService, type ConnectionService } from './connections.ts';
import { createGitHubApi } from './github-api.ts';
import { GitMirror } from './git-mirror.ts';
import { createSyncService, type SyncService } from './sync.ts';

export { codeHostRoutes } from './routes.ts';

/** GitHub sync (issue 15), built once by the composition root. */
export interface CodeHost {
  connections: ConnectionService;
  sync: SyncService;
}

export function createCodeHost(deps: {
  config: Config;
  db: Database;
  secret: string;
  blobs: BlobStore;
  preview: Pick<PreviewService, 'requestBuild'>;
  realtime: Realtime;
}): CodeHost {
  const { config } = deps;
  const api = createGitHubApi({ apiUrl: config.codeHost.apiUrl, webUrl: config.codeHost.webUrl });
  const box = createSecretBox({
    secret: deps.secret,
    previous: config.previousSecrets,
    purpose: 'github-token',
  });
  const connections = createConnectionService({
    db: deps.db,
    api,
    box,
    secret: deps.secret,
    clientId: config.codeHost.clientId,
    clientSecret: config.codeHost.clientSecret,
    publicUrl: config.publicUrl,
  });
  const mirror = new GitMirror({ root: path.join(path.resolve(config.dataDir), 'git') });
  const sync = createSyncService({
    db: deps.db,
    blobs: deps.blobs,
    preview: deps.preview,
    realtime: deps.realtime,
    connections,
    api,
    mirror,
    webUrl: config.codeHost.webUrl,
  });
  return { connections, sync };
}
