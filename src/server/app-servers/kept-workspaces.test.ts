import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IN_USE_MS, pruneServerWorkspaces } from './kept-workspaces.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function workspace(root: string, name: string, usedAt: number): void {
  fs.mkdirSync(path.join(root, name, 'node_modules'), { recursive: true });
  fs.mkdirSync(path.join(root, `${name}.layer`), { recursive: true });
  fs.utimesSync(path.join(root, name), usedAt / 1000, usedAt / 1000);
}

describe('pruneServerWorkspaces', () => {
  it('keeps the most recently used and anything used lately; removes the rest with their layers', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-kept-'));
    roots.push(root);
    const now = Date.now();
    const old = now - IN_USE_MS - 60_000;
    workspace(root, 'a'.repeat(32), now - 1000);
    workspace(root, 'b'.repeat(32), old);
    workspace(root, 'c'.repeat(32), old - 1000);
    workspace(root, 'd'.repeat(32), now - 5000);
    const removed = await pruneServerWorkspaces(root, 1, now);
    // Only 'a' is within the count; 'd' was used lately (a server may run from it).
    expect(removed.sort()).toEqual(['b'.repeat(32), 'c'.repeat(32)]);
    expect(fs.readdirSync(root).sort()).toEqual([
      'a'.repeat(32),
      `${'a'.repeat(32)}.layer`,
      'd'.repeat(32),
      `${'d'.repeat(32)}.layer`,
    ]);
  });
});
