// Runs inside the build sandbox of one workspace (docs/decisions/0036-standby-builds.md).
// Started before the project's files arrive: loads Vite and the template's Vite plugins, then
// waits for one line on stdin ("build") and builds the workspace once, like `vite build`.
import fs from 'node:fs';
import console from 'node:console';
import process from 'node:process';
import readline from 'node:readline';

const root = process.cwd();
const vite = await import('vite');
const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
const preload = names.filter((name) => name !== 'vite' && /vite|tailwind/.test(name));
for (const compiler of ['vue/compiler-sfc', 'svelte/compiler']) {
  if (names.includes(compiler.split('/')[0])) preload.push(compiler);
}
await Promise.all(preload.map((name) => import(name).catch(() => undefined)));
// The blank template, which Kiln wrote into a folder of its own before this process started: built
// once now, so the project's build is this process's second (its code loaded and optimized), then
// removed. Nothing of a project is here yet. A template that does not build ends the runner before
// it is ready: Kiln then builds the project the regular way.
const warmUp = process.argv[2];
if (warmUp) {
  await vite.build({ root: warmUp, configLoader: 'runner', logLevel: 'silent', build: { sourcemap: true } });
  fs.rmSync(warmUp, { recursive: true, force: true });
}
// Kiln waits for this line (STANDBY_READY_MARKER in run-limited.ts) before offering the standby.
process.stdout.write('\u0006kiln-standby-ready\n');

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  // 'build sourcemap': a preview's build, with source maps for its runtime errors (issue 19 item 4).
  const [command, option] = line.trim().split(' ');
  if (command !== 'build') break;
  try {
    const build = option === 'sourcemap' ? { sourcemap: true } : undefined;
    await vite.build({ root, configLoader: 'runner', logLevel: 'info', build });
    // Everything is written: Kiln takes the output now (STANDBY_DONE_MARKER), not after the exit.
    process.stderr.write('\u0006kiln-standby-done\n');
    process.stdout.write('\u0006kiln-standby-done\n');
    process.exit(0);
  } catch (error) {
    // The same words as the Vite CLI, so the build-log classifier reads both alike.
    console.error(`error during build:\n${error?.stack ?? String(error)}`);
    process.exit(1);
  }
}
process.exit(2);
