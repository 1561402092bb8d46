// Runs inside the build sandbox of one workspace (docs/decisions/0036-standby-builds.md), for
// Angular. Started before the project's files arrive: loads the workspace's own Angular CLI, the
// application builder of @angular/build (with esbuild) and the compiler (@angular/compiler-cli,
// TypeScript), then waits for one line on stdin ("build") and runs that CLI once with the
// arguments `build`: the same command, angular.json, logger and error words as `ng build`.
import { createRequire } from 'node:module';
import console from 'node:console';
import process from 'node:process';
import readline from 'node:readline';

// What `ng` itself sets before it runs a command (bin/ng.js and lib/init.js of @angular/cli).
process.title = 'ng build';
process.env.BROWSERSLIST_IGNORE_OLD_DATA = '1';
// The TypeScript compilation runs in this (already warm) thread instead of a fresh worker that
// would load TypeScript and the compiler again; Angular's own switch, same output either way.
process.env.NG_BUILD_PARALLEL_TS ??= '0';
// Angular's persistent build cache (.angular/cache), which `ng build` only leaves off for CI: the
// standby's is a copy seeded from a build of the blank template (decision 0036). Entries are keyed
// by their input's content and the build options, so what is reused is what would be rebuilt.
delete process.env.CI;

const require = createRequire(`${process.cwd()}/`);
// The CLI entry `ng` runs after its version checks (lib/init.js), and the build command.
const cli = require('@angular/cli/lib/cli/index.js');
require('@angular/cli/src/commands/build/cli.js');
createRequire(require.resolve('@angular/cli'))('@angular-devkit/architect/node');
// The builder named by the template's angular.json, and what it loads when it compiles.
const fromBuild = createRequire(require.resolve('@angular/build'));
require('@angular/build');
require('@angular/build/private');
const esbuild = fromBuild('esbuild');
require('typescript');
await import(require.resolve('@angular/compiler-cli'));
await import(require.resolve('@angular/compiler'));
// What a build loads on first use (issue 34 item 4): the persistent cache's database, PostCSS and
// the template's Tailwind plugin, the browser data, the index rewriter; and esbuild's service
// process, started here rather than by the build. Modules and a process only, nothing of a project.
for (const load of [
  () => fromBuild('lmdb'),
  () => fromBuild('postcss'),
  () => fromBuild('caniuse-lite'),
  () => fromBuild('parse5-html-rewriting-stream'),
  () => require('@tailwindcss/postcss'),
]) {
  try {
    load();
  } catch {
    // not in this workspace: the build loads what it needs
  }
}
await esbuild.transform('', {});
// Kiln waits for this line (STANDBY_READY_MARKER in run-limited.ts) before offering the standby.
process.stdout.write('\u0006kiln-standby-ready\n');

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  // 'build sourcemap': a preview's build, with source maps for its runtime errors (issue 19 item 4),
  // as the regular path's `ng build --source-map`.
  const [command, option] = line.trim().split(' ');
  if (command !== 'build') break;
  try {
    const cliArgs = option === 'sourcemap' ? ['build', '--source-map'] : ['build'];
    const exitCode = (await cli.default({ cliArgs })) ?? 0;
    // Everything is written: Kiln takes the output now (STANDBY_DONE_MARKER), not after the exit.
    if (exitCode === 0) {
      process.stderr.write('\u0006kiln-standby-done\n');
      process.stdout.write('\u0006kiln-standby-done\n');
      process.exit(0);
    } else process.exit(exitCode);
  } catch (error) {
    // The same words as `ng` for an error outside a command (lib/init.js).
    console.error(`Unknown error: ${error?.stack ?? String(error)}`);
    process.exit(127);
  }
}
process.exit(2);
