/**
 * Issue 31 item 7: one seam between Kiln's host side and what sandboxed code wrote. Every module
 * of the server that uses the file system is listed here with what it touches; a module that
 * reads, walks or copies a tree a sandboxed step wrote (build output, a kept workspace, a
 * handler's bundle) does it through src/server/seam/ (links, devices and FIFOs refused, no path
 * component followed), never with `fs` of its own. A new module using `fs` fails this test until
 * it is listed — with a reason its paths are Kiln's own, or it moves that work into the seam.
 * docs/security.md ('The execution seam') lists the places and the tests that prove them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.join(import.meta.dirname, '..');

/** Module (below src/server) → what its `fs` touches. */
const INVENTORY: Record<string, string> = {
  'seam/sandbox-files.ts': 'THE SEAM: trees sandboxed code wrote (outputs, workspaces, bundles)',
  'ai/demo/backend/guest-book-angular.ts': "Kiln's shipped demo files",
  'ai/demo/backend/package-json.ts': "Kiln's shipped demo files",
  'ai/demo/catalogue/load.ts': "Kiln's shipped demo catalogue",
  'ai/demo/project/stylesheet.ts': "Kiln's shipped templates' stylesheets",
  'app-servers/app-process.ts': 'its run folder: made by Kiln, never bound into the sandbox writable',
  'app-servers/app-routing.ts':
    "the handlers' folders: written by Kiln from its stored output, read-only to the sandbox",
  'app-servers/egress-bridge.ts': 'its own socket in the run folder (Kiln-made, read-only to the sandbox)',
  'app-servers/kept-workspaces.ts':
    'kept workspace folders themselves: names, mtimes, rm (never follows a link)',
  'app-servers/runtime-files.ts': "Kiln's runtime folder (runner, preload), read-only to the sandbox",
  'browser/service.ts': "Chromium's profile folders (Kiln's browser, no sandboxed build)",
  'codehost/git-mirror.ts': "Kiln's git mirrors (written by git, not by a sandbox)",
  'db/client.ts': "the database's data folder",
  'dependencies/store-versions.ts':
    "the shared pnpm store's index, read only (written by Kiln's own pnpm install, no sandboxed step)",
  'hosting/tls-probe.ts': "Kiln's certificate files",
  'http/static.ts': "Kiln's web bundle",
  'http/web-bundle.ts': "Kiln's web bundle",
  'main.ts': "Kiln's data folder",
  'preview/build-step.ts':
    'a workspace before its step runs (the start marker); after it, lstat only (findOutputDir names a folder the seam copies)',
  'preview/builder.ts':
    'a workspace before its sandboxed step runs (package.json, .env.local); renames of the two folders Kiln made to keep them',
  'preview/disk-usage.ts': 'lstat sizes of a running build (never follows a link)',
  'preview/egress/build-egress.ts':
    "a build step's egress run folder in the host's tmp (Kiln-made, bound read-only into the sandbox: sockets and preload)",
  'preview/egress/response-cache.ts':
    "Kiln's build fetch cache: file names are hashes Kiln computes, bytes Kiln fetched (never written by a sandbox)",
  'preview/http/cdn-map.ts': "Kiln's vendored CDN files",
  'preview/http/preview-host.ts': "whether Kiln's stored copy of an output is still there (evicted)",
  'preview/http/serve-output.ts':
    "Kiln's stored copies of outputs (realpath of the cache, lstat per component)",
  'preview/output-cache.ts': "Kiln's output cache: staging copies the seam made, Kiln's own app files",
  'preview/pids-group.ts': 'the pids cgroup Kiln made for a step',
  'preview/prewarm.ts': "the shared pnpm store's prewarm marker (no sandboxed step)",
  'preview/run-limited.ts': '/proc of the host (the memory and process watchdogs)',
  'preview/sandbox.ts':
    'its probes, the hosts file, layer folders beside workspaces (out of the build’s reach)',
  'preview/standby-runner.mjs': 'runs inside the sandbox (not the host side)',
  'preview/standby.ts': "standby workspaces before any project's code is in them (Kiln's templates only)",
  'preview/stored-outputs.ts': "Kiln's cache staging folders, written from the blob store",
  'preview/workspace.ts': 'a workspace before any step runs; rm of a workspace (never follows a link)',
  'storage/data-dir.ts': "Kiln's data folder",
  'storage/local-blob-store.ts': "Kiln's blob store",
  'templates/load.ts': "Kiln's shipped templates",
};

const USES_FS = /from\s+['"](node:)?fs(\/promises)?['"]|require\(['"](node:)?fs['"]\)/;

function sources(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => /\.(ts|mjs)$/.test(name) && !/\.test\.ts$/.test(name))
    .map((name) => path.join(dir, name));
}

describe('the execution seam', () => {
  const users = sources(SERVER)
    .filter((file) => USES_FS.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(SERVER, file).split(path.sep).join('/'))
    .sort();

  it('every server module that uses the file system is listed with what it touches', () => {
    expect(users.filter((file) => !(file in INVENTORY))).toEqual([]);
  });

  it('the list names no module that no longer uses the file system', () => {
    expect(Object.keys(INVENTORY).filter((file) => !users.includes(file))).toEqual([]);
  });

  it('app-server and hosting modules read stored outputs through the seam, not with fs of their own', () => {
    // The places that serve or launch from build output: none may import fs beyond the listed ones.
    const outputReaders = users.filter((file) => /^(hosting|preview\/http|app-servers)\//.test(file));
    expect(outputReaders).toEqual([
      'app-servers/app-process.ts',
      'app-servers/app-routing.ts',
      'app-servers/egress-bridge.ts',
      'app-servers/kept-workspaces.ts',
      'app-servers/runtime-files.ts',
      'hosting/tls-probe.ts',
      'preview/http/cdn-map.ts',
      'preview/http/preview-host.ts',
      'preview/http/serve-output.ts',
    ]);
  });
});
