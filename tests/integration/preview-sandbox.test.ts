import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPreviewKiln,
  createUser,
  createVersion,
  previewHost,
  templateWith,
  waitForBuild,
  type TestKiln,
} from './preview-helpers.ts';

/**
 * Generated code is untrusted (decision 0031): a build script that tries to read a file outside
 * its workspace, write outside it, poison the shared pnpm store or open a network connection
 * fails at each, while the build itself still passes.
 */
describe('the build sandbox', () => {
  let kiln: TestKiln;
  let outside: string;
  let server: net.Server;
  let connections = 0;

  beforeAll(async () => {
    kiln = await createPreviewKiln();
    kiln.services.preview.start();
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'top secret');
    server = net.createServer((socket) => {
      connections += 1;
      socket.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server?.close();
    await kiln?.close();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it(`bubblewrap is in force on this host`, () => {
    expect(kiln.services.preview.sandbox.kind).toBe('bwrap');
  });

  it('reads, writes and connections outside the workspace fail; a normal build passes', async () => {
    const port = (server.address() as net.AddressInfo).port;
    const evil = `
import fs from 'node:fs';
import net from 'node:net';
const results = {};
const attempt = async (name, action) => {
  try { await action(); results[name] = 'ALLOWED'; } catch (error) { results[name] = 'blocked: ' + (error.code ?? error.message); }
};
await attempt('readSecret', () => { if (fs.readFileSync(${JSON.stringify(path.join(outside, 'secret.txt'))}, 'utf8') !== 'top secret') throw new Error('empty'); });
await attempt('readShadow', () => fs.readFileSync('/etc/shadow', 'utf8'));
await attempt('readPasswd', () => fs.readFileSync('/etc/passwd', 'utf8'));
await attempt('writeOutside', () => fs.writeFileSync(${JSON.stringify(path.join(outside, 'pwned.txt'))}, 'x'));
await attempt('writeTmpRoot', () => fs.writeFileSync('/usr/pwned.txt', 'x'));
await attempt('poisonStore', () => fs.appendFileSync('node_modules/react/index.js', '\\n// pwned'));
await attempt('connectLoopback', () => new Promise((resolve, reject) => {
  const socket = net.connect(${port}, '127.0.0.1', () => { socket.end(); resolve(); });
  socket.on('error', reject);
  setTimeout(() => reject(new Error('timeout')), 3000);
}));
await attempt('fetchRegistry', async () => { await fetch('https://registry.npmjs.org/react', { signal: AbortSignal.timeout(3000) }); });
fs.mkdirSync('public', { recursive: true });
fs.writeFileSync('public/result.json', JSON.stringify(results));
`;
    const pkg = JSON.parse(templateWith('react', {}).find((file) => file.name === 'package.json')!.content);
    pkg.scripts.build = 'node evil.mjs && vite build';
    const { chatId, version } = await createVersion(kiln, {
      userId: await createUser(kiln),
      framework: 'react',
      files: templateWith('react', { 'evil.mjs': evil, 'package.json': JSON.stringify(pkg, null, 2) }),
    });
    await kiln.services.preview.requestBuild(chatId, version);
    const state = await waitForBuild(kiln, chatId, version);
    expect(state).toEqual({ status: 'ready' });

    const response = await kiln.app.request('/result.json', {
      headers: { host: previewHost(chatId, version) },
    });
    const results = (await response.json()) as Record<string, string>;
    // Writing into node_modules goes to the build's own layer (decision 0038) or is refused:
    // either way the shared store is untouched (checked by the next build below).
    const { poisonStore, ...outside_ } = results;
    expect(poisonStore).toMatch(
      kiln.services.preview.sandbox.nodeModules === 'overlay' ? /ALLOWED/ : /blocked/,
    );
    for (const [name, outcome] of Object.entries(outside_))
      expect(`${name}: ${outcome}`).toMatch(/: blocked/);
    expect(Object.keys(results)).toHaveLength(8);
    expect(fs.existsSync(path.join(outside, 'pwned.txt'))).toBe(false);
    expect(connections).toBe(0);

    // The next build of a project with the same dependencies reads the store's react, clean.
    const check = `import fs from 'node:fs';
fs.mkdirSync('public', { recursive: true });
fs.writeFileSync('public/store.json', JSON.stringify({ poisoned: fs.readFileSync('node_modules/react/index.js', 'utf8').includes('pwned') }));
`;
    const checkPkg = { ...pkg, scripts: { ...pkg.scripts, build: 'node check.mjs && vite build' } };
    const second = await createVersion(kiln, {
      userId: await createUser(kiln),
      framework: 'react',
      files: templateWith('react', { 'check.mjs': check, 'package.json': JSON.stringify(checkPkg, null, 2) }),
    });
    await kiln.services.preview.requestBuild(second.chatId, second.version);
    expect(await waitForBuild(kiln, second.chatId, second.version)).toEqual({ status: 'ready' });
    const store = await kiln.app.request('/store.json', {
      headers: { host: previewHost(second.chatId, second.version) },
    });
    expect(await store.json()).toEqual({ poisoned: false });
  }, 180_000);

  it('tools that write into node_modules (tsc -b, vue-tsc --build) build, and their writes stay in the build', async () => {
    const pkg = JSON.parse(templateWith('react', {}).find((file) => file.name === 'package.json')!.content);
    pkg.scripts.build = 'tsc -b && vite build';
    // create-vite's TypeScript starters: references, tsbuildinfo under node_modules/.tmp.
    const tsconfig = { files: [], references: [{ path: './tsconfig.app.json' }] };
    const app = {
      compilerOptions: {
        tsBuildInfoFile: './node_modules/.tmp/tsconfig.app.tsbuildinfo',
        composite: false,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        noEmit: true,
        strict: true,
        skipLibCheck: true,
        allowImportingTsExtensions: true,
      },
      include: ['src'],
    };
    const { chatId, version } = await createVersion(kiln, {
      userId: await createUser(kiln),
      framework: 'react',
      files: templateWith('react', {
        'package.json': JSON.stringify(pkg, null, 2),
        'tsconfig.json': JSON.stringify(tsconfig, null, 2),
        'tsconfig.app.json': JSON.stringify(app, null, 2),
      }),
    });
    await kiln.services.preview.requestBuild(chatId, version);
    expect(await waitForBuild(kiln, chatId, version)).toEqual({ status: 'ready' });
  }, 180_000);
});
