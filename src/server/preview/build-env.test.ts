import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildEnv } from './build-step.ts';
import type { ProcessLimits } from './run-limited.ts';

const LIMITS = { timeoutMs: 1000, memoryMb: 1024, maxOutputBytes: 1000 } as ProcessLimits;
const CRA4 = JSON.stringify({ dependencies: { 'react-scripts': '4.0.3' } });
const folders: string[] = [];

function workspace(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-build-env-'));
  folders.push(folder);
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('buildEnv: Node options a project’s package.json asks for', () => {
  it('a webpack 4 project (Create React App 4) builds with the legacy OpenSSL provider', () => {
    const folder = workspace();
    fs.writeFileSync(path.join(folder, 'package.json'), CRA4);
    expect(buildEnv(folder, LIMITS).NODE_OPTIONS).toContain('--openssl-legacy-provider');
  });

  it('a package.json the build replaced with a link is not followed (it could point anywhere on the host)', () => {
    const folder = workspace();
    const elsewhere = path.join(workspace(), 'host-file.json');
    fs.writeFileSync(elsewhere, CRA4);
    fs.symlinkSync(elsewhere, path.join(folder, 'package.json'));
    expect(buildEnv(folder, LIMITS).NODE_OPTIONS).not.toContain('--openssl-legacy-provider');
  });

  it('a FIFO in its place does not block the host', () => {
    const folder = workspace();
    const { status } = spawnSync('mkfifo', [path.join(folder, 'package.json')]);
    expect(status).toBe(0);
    expect(buildEnv(folder, LIMITS).NODE_OPTIONS).toMatch(/^--max-old-space-size=\d+$/);
  });
});

describe('buildEnv: build egress (decision 0063)', () => {
  const egress = {
    env: { KILN_BUILD_EGRESS_HTTP: '/run/kiln-egress/http.sock' },
    nodeOptions: ['--import=/x.mjs'],
  };

  it('with egress, every Node loads the preload and next/font/google fetches for real', () => {
    const env = buildEnv(workspace(), LIMITS, egress);
    expect(env.NODE_OPTIONS).toMatch(/^--max-old-space-size=\d+ --import=\/x\.mjs$/);
    expect(env.KILN_BUILD_EGRESS_HTTP).toBe('/run/kiln-egress/http.sock');
    expect(env.NEXT_FONT_GOOGLE_MOCKED_RESPONSES).toBeUndefined();
  });

  it('offline, next/font/google is answered by the module Kiln wrote', () => {
    const folder = workspace();
    const env = buildEnv(folder, LIMITS, null);
    expect(env.NEXT_FONT_GOOGLE_MOCKED_RESPONSES).toBe(`${folder}/.kiln-home/next-font-google.cjs`);
    expect(env.NODE_OPTIONS).not.toContain('--import');
  });
});
