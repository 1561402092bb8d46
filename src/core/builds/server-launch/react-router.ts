/**
 * React Router's framework mode (v7+, `react-router build`) and Remix before it (issue 37,
 * decision 0064). With `ssr: true`, the default, the build writes the server build
 * `build/server/index.js` beside the browser's `build/client/`; the framework's own production
 * server serves both: `react-router-serve build/server/index.js` (Remix: `remix-serve`, also for
 * the classic compiler's `build/index.js` with `public/build/`), which reads PORT and HOST. With
 * `ssr: false` the build removes `build/server` and leaves a static site in `build/client`
 * (output-dirs.ts). When the project does not declare the serve package, Kiln's build adds it
 * (react-router-serve.ts).
 */
import type { LaunchRule } from './types.ts';

interface Flavour {
  dev: string;
  serve: string;
  label: string;
}

const REACT_ROUTER: Flavour = {
  dev: '@react-router/dev',
  serve: '@react-router/serve',
  label: 'react-router-serve',
};
const REMIX: Flavour = { dev: '@remix-run/dev', serve: '@remix-run/serve', label: 'remix-serve' };

/**
 * The CLI both serve packages run: their bin (`bin.js` in 7, `bin.cjs` in 8, `dist/cli.js` in
 * Remix) only defaults NODE_ENV, which the runtime sets, and loads this file.
 */
const CLI = 'dist/cli.js';
/** The default build directory and server build file (`buildDirectory`, `serverBuildFile`). */
const SERVER_BUILD = 'build/server/index.js';
/** Remix's classic compiler: the server build, and its browser assets under public/. */
const CLASSIC_SERVER_BUILD = 'build/index.js';
const CLASSIC_ASSETS = 'public/build/';

export const reactRouterLaunch: LaunchRule = ({ files, packageJson }) => {
  const declared = { ...packageJson.devDependencies, ...packageJson.dependencies };
  const flavour = [REACT_ROUTER, REMIX].find((candidate) => candidate.dev in declared);
  if (!flavour) return null;
  const entry = files.has(SERVER_BUILD)
    ? SERVER_BUILD
    : flavour === REMIX && files.has(CLASSIC_SERVER_BUILD) && hasFileUnder(files, CLASSIC_ASSETS)
      ? CLASSIC_SERVER_BUILD
      : null;
  if (!entry) return null;
  return {
    kind: 'node',
    command: ['node', `node_modules/${flavour.serve}/${CLI}`, entry],
    label: `${flavour.label} ${entry}`,
  };
};

function hasFileUnder(files: ReadonlySet<string>, folder: string): boolean {
  for (const file of files) if (file.startsWith(folder)) return true;
  return false;
}
