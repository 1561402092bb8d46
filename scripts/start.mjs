// `npm start` (decision 0052): the compiled server, run by this very process — no TypeScript loader,
// no wrapper process. The server (dist/server) and the web app (dist/web) are built first when
// missing or older than their sources, each in a child process that exits when done, so the
// bundlers' memory is not kept by the server for its whole life.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import module from 'node:module';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { isServerBuildStale, REPO_ROOT } from './server-build.mjs';

function runNode(args, env = process.env) {
  const result = spawnSync(process.execPath, args, { cwd: REPO_ROOT, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isServerBuildStale()) {
  console.log('Building the server (first start, or its sources changed)...');
  runNode(['scripts/server-build.mjs', '--if-stale']);
}

const paths = await import('../dist/server/paths.js');
const web = await import('../dist/server/http/web-bundle.js');
if (web.isWebBundleStale(paths.REPO_ROOT, paths.WEB_ROOT)) {
  const bundle = pathToFileURL(`${REPO_ROOT}/dist/server/http/web-bundle.js`).href;
  runNode(
    [
      '--input-type=module',
      '-e',
      `const web = await import(${JSON.stringify(bundle)});
     await web.ensureWebBundle(${JSON.stringify(paths.REPO_ROOT)}, ${JSON.stringify(paths.WEB_ROOT)});`,
    ],
    // Vite keeps a NODE_ENV it is given (a test runner's `test`), and React's development build
    // then ships: the web app is always the production build, whoever starts Kiln.
    { ...process.env, NODE_ENV: 'production' },
  );
}

// Stacks point at the TypeScript (dist/ has linked source maps) where Node can apply Kiln's maps
// alone (22.14+). Node 20 can only apply every package's maps too, which holds ~60 MB for the
// server's life; there, NODE_OPTIONS=--enable-source-maps turns them on.
module.setSourceMapsSupport?.(true, { nodeModules: false, generatedCode: false });
await import('../dist/server/start.js');
