import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Processes whose command line is exactly `sleep <seconds>`. */
function sleepers(seconds: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') === `/bin/sleep\0${seconds}\0`;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Waits for the condition, at most `limitMs` (then the test's expectation says what is wrong). */
async function until(condition: () => boolean, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('a limited process dies with Kiln', () => {
  it('kill -9 of the server ends what it ran outside the sandbox (an install)', async () => {
    // A duration no other process uses: the test finds its own sleep by it.
    const seconds = String(700_000 + Math.floor(Math.random() * 99_999));
    const parent = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/fixtures/run-limited/orphan-parent.ts', seconds],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      await new Promise<void>((resolve) => parent.stdout!.once('data', () => resolve()));
      await until(() => sleepers(seconds).length === 1);
      expect(sleepers(seconds)).toHaveLength(1);
      const exited = new Promise((resolve) => parent.once('exit', resolve));
      parent.kill('SIGKILL');
      await exited;
      // Without a parent-death signal the sleep would stay (its own process group) for 8 days.
      await until(() => sleepers(seconds).length === 0);
      expect(sleepers(seconds)).toEqual([]);
    } finally {
      for (const pid of sleepers(seconds)) process.kill(pid, 'SIGKILL');
      parent.kill('SIGKILL');
    }
  }, 60_000);
});
