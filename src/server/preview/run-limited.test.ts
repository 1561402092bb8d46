import { describe, expect, it } from 'vitest';
import { markerScanner, startLimited, STANDBY_DONE_MARKER, STANDBY_READY_MARKER } from './run-limited.ts';

const LIMITS = { timeoutMs: 60_000, memoryMb: 512, maxOutputBytes: 64 * 1024 };

/**
 * A standby stand-in: ready at once; on its input it writes a log, says its output is done and
 * then stays alive (as a real one does while it exits and its sandbox is torn down).
 */
const STANDBY = `
process.stdout.write('loading\\n' + ${JSON.stringify(STANDBY_READY_MARKER)});
process.stdin.once('data', () => {
  process.stderr.write('built dist/index.html\\n' + ${JSON.stringify(STANDBY_DONE_MARKER)});
  process.stdout.write('✓ built in 0.2 s\\n' + ${JSON.stringify(STANDBY_DONE_MARKER)});
  setTimeout(() => process.exit(0), 600_000);
});
`;

describe("a standby build's output is taken when it says it is written (issue 34 item 4)", () => {
  it('done settles while the process still runs, with exit code 0 and the log without the markers', async () => {
    const standby = startLimited(
      process.execPath,
      ['-e', STANDBY],
      { cwd: process.cwd(), env: { PATH: '/usr/bin:/bin' }, limits: LIMITS },
      { isStandby: true },
    );
    try {
      expect(await standby.ready).toBe(true);
      standby.arm('build\n');
      const done = await standby.done;
      expect(done.exitCode).toBe(0);
      expect(standby.hasEnded).toBe(false);
      // Both streams up to the marker: it is written to each.
      expect(done.output).toContain('built dist/index.html');
      expect(done.output).toContain('✓ built in 0.2 s');
      expect(done.output).not.toContain('\u0006');
    } finally {
      standby.kill();
    }
    const ended = await standby.result;
    expect(ended.killedFor).toBe('aborted');
  });

  it('a standby that ends without saying so is done when it ends, with its exit code', async () => {
    const standby = startLimited(
      process.execPath,
      [
        '-e',
        `process.stdout.write(${JSON.stringify(STANDBY_READY_MARKER)}); process.stdin.once('data', () => { console.error('error during build'); process.exit(1); });`,
      ],
      { cwd: process.cwd(), env: { PATH: '/usr/bin:/bin' }, limits: LIMITS },
      { isStandby: true },
    );
    expect(await standby.ready).toBe(true);
    standby.arm('build\n');
    const done = await standby.done;
    expect(done.exitCode).toBe(1);
    expect(standby.hasEnded).toBe(true);
    expect(done.output).toContain('error during build');
  });

  it('a marker split across two chunks is found, and nothing else of the stream is lost', () => {
    const passed: string[] = [];
    let found = 0;
    const scanner = markerScanner(STANDBY_DONE_MARKER, () => found++);
    const pass = (part: Buffer) => passed.push(part.toString('utf8'));
    const [head, tail] = [STANDBY_DONE_MARKER.slice(0, 6), STANDBY_DONE_MARKER.slice(6)];
    expect(scanner.push(Buffer.from(`vite built in 0.2 s\n${head}`), pass)).toBeNull();
    expect(found).toBe(0);
    const rest = scanner.push(Buffer.from(`${tail}after`), pass);
    expect(found).toBe(1);
    expect(rest?.toString('utf8')).toBe('after');
    expect(passed.join('')).toBe('vite built in 0.2 s\n');
  });

  it("a chunk ending like the marker's beginning is passed on when the marker does not follow", () => {
    const passed: string[] = [];
    const scanner = markerScanner(STANDBY_DONE_MARKER, () => undefined);
    const pass = (part: Buffer) => passed.push(part.toString('utf8'));
    scanner.push(Buffer.from('a\u0006kiln'), pass);
    scanner.push(Buffer.from('-other\n'), pass);
    scanner.push(Buffer.from('z\u0006'), pass);
    scanner.flush(pass);
    expect(passed.join('')).toBe('a\u0006kiln-other\nz\u0006');
  });
});
