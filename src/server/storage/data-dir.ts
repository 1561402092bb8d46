import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The data folder (.kiln by default) holds the embedded database, blobs and builds.
 * PGlite has no lock between processes, so one process owns the folder through a lock file;
 * a second Kiln on the same folder refuses to start instead of corrupting the database.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Kiln process (pid ${pid}) is already using the data directory ${path.resolve(dataDir)}.\n` +
        `Stop that process first, or start this one with a different KILN_DATA_DIR.`,
    );
  }
}

export interface DataDirLock {
  release(): void;
}

/** Whether a process of this machine is running (EPERM: it is, as someone else's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'kiln.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // 'wx' fails if the file exists: creating it is the atomic lock.
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && (holder === process.pid || isAlive(holder))) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // A stale lock left by a crashed process: take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

/** The secret signing sessions: KILN_SECRET, else one generated once and kept in the data folder. */
export function loadOrCreateSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  fs.mkdirSync(dataDir, { recursive: true });
  const secretPath = path.join(dataDir, 'secret');
  try {
    return fs.readFileSync(secretPath, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    fs.writeFileSync(secretPath, secret, { mode: 0o600 });
    return secret;
  }
}
