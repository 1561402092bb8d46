import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config.ts';
import { createKiln } from '../../src/server/main.ts';
import { DataDirLockedError, lockDataDir } from '../../src/server/storage/data-dir.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-lock-'));

describe('one process owns a data directory (PGlite has no lock between processes)', () => {
  it('a second Kiln on the same data directory refuses to start with a clear message', async () => {
    const dataDir = tempDir();
    const config = parseConfig({ KILN_DATA_DIR: dataDir });
    const first = await createKiln(config);
    try {
      await expect(createKiln(config)).rejects.toThrow(DataDirLockedError);
      await expect(createKiln(config)).rejects.toThrow(/Another Kiln process \(pid \d+\) is already using/);
    } finally {
      await first.close();
    }
    // Released on close: the folder can be opened again, and the data is still there.
    const again = await createKiln(config);
    await again.close();
  });

  it('the lock is held against another OS process too', async () => {
    const dataDir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    fs.writeFileSync(path.join(dataDir, 'kiln.lock'), String(holder.pid));
    try {
      expect(() => lockDataDir(dataDir)).toThrow(`pid ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it('a stale lock left by a crashed process is taken over', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'kiln.lock'), '999999999');
    const lock = lockDataDir(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'kiln.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dataDir, 'kiln.lock'))).toBe(false);
  });
});
