import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import { createAuth } from './auth/auth.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { createHttpApp, type HttpApp } from './http/app.ts';
import type { Services } from './http/context.ts';
import { loadOrCreateSecret, lockDataDir, type DataDirLock } from './storage/data-dir.ts';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const WEB_ROOT = path.join(REPO_ROOT, 'dist', 'web');

export function readVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

export interface Kiln {
  app: HttpApp;
  services: Services;
  close(): Promise<void>;
}

export interface KilnOptions {
  /** Tests use an in-memory PGlite; the default keeps it in {dataDir}/data. */
  inMemoryDatabase?: boolean;
}

/**
 * The composition root: config → data folder → database → services → HTTP, built once.
 * With the embedded database the data folder is locked, so a second process cannot open it.
 */
export async function createKiln(config: Config, options: KilnOptions = {}): Promise<Kiln> {
  let lock: DataDirLock | undefined;
  let database: DatabaseHandle | undefined;
  try {
    if (!config.databaseUrl && !options.inMemoryDatabase) lock = lockDataDir(config.dataDir);
    const secret = loadOrCreateSecret(config.dataDir, config.secret);
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : {
            kind: 'pglite',
            dataDir: options.inMemoryDatabase ? undefined : path.join(config.dataDir, 'data'),
          },
    );
    const auth = createAuth({ db: database.db, config, secret });
    const services: Services = {
      config,
      db: database.db,
      databaseKind: database.kind,
      auth,
      version: readVersion(),
      webRoot: WEB_ROOT,
    };
    const app = createHttpApp(services);
    const db = database;
    return {
      app,
      services,
      async close() {
        await db.close();
        lock?.release();
      },
    };
  } catch (error) {
    await database?.close();
    lock?.release();
    throw error;
  }
}
