import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A small tmpfs mounted over a folder of the data folder, so "the disk is full" is a real ENOSPC
 * from the kernel, not a mock. Needs root (CI runs as root); `canMount` says whether it works here.
 */
export interface SmallDisk {
  /** Writes one file until the disk has no room left. */
  fill(): void;
  /** Removes the filler: room again. */
  free(): void;
  unmount(): void;
}

export function mountSmallDisk(folder: string, sizeKb = 512): SmallDisk {
  fs.mkdirSync(folder, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', folder]);
  const filler = path.join(folder, '.filler');
  return {
    fill() {
      const descriptor = fs.openSync(filler, 'w');
      try {
        const block = Buffer.alloc(64 * 1024);
        for (;;) fs.writeSync(descriptor, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        fs.closeSync(descriptor);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync('umount', [folder]);
    },
  };
}

export const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  const probe = fs.mkdtempSync('/tmp/kiln-mount-probe-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
})();
