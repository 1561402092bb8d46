/**
 * Local development parity (issue 22 item 6, docs/functions.md "Local development"): the zip of
 * an SPA with an `api/` handler runs the same handler on a laptop with `npm run dev`. Vite's dev
 * server gets `@hono/vite-dev-server` (only `/api/*` reaches the handler, everything else is the
 * project's own Vite app) and reads `.env` into `process.env`, as Kiln passes the integrations'
 * values to the app server. Pure: the caller gives the files and the variable names.
 */
import { handlerEntry } from './handler-entry.ts';

export interface LocalDevFile {
  name: string;
  content: string;
}

/** The config `npm run dev` uses; the project's own Vite config stays as it is. */
export const API_DEV_CONFIG = 'vite.api.config.ts';
export const HONO_VITE_DEV_SERVER = '@hono/vite-dev-server';
export const HONO_VITE_DEV_SERVER_VERSION = '^0.26.0';

const VITE_CONFIGS = ['vite.config.ts', 'vite.config.mts', 'vite.config.js', 'vite.config.mjs'];

/** Variables the runtime sets itself: not the person's to fill in. */
const RUNTIME_VARIABLES = new Set(['NODE_ENV', 'PORT', 'HOST', 'HOSTNAME']);

/** The project's Vite config, or null (Angular and plain HTML have none). */
export function viteConfigOf(fileNames: Iterable<string>): string | null {
  const names = new Set(fileNames);
  return VITE_CONFIGS.find((name) => names.has(name)) ?? null;
}

/** `vite.api.config.ts`: the project's config plus the handler, `.env` loaded into `process.env`. */
export function apiDevConfig(viteConfig: string, entry: string): string {
  return `// \`npm run dev\` with the api/ handler, as Kiln runs it (docs/functions.md in Kiln):
// the project's own Vite config, plus ${HONO_VITE_DEV_SERVER} answering /api/* from ${entry}.
import devServer from '${HONO_VITE_DEV_SERVER}';
import { defineConfig, loadEnv, mergeConfig, type UserConfig } from 'vite';
import projectConfig from './${viteConfig}';

export default defineConfig(async (env) => {
  // .env, .env.local and .env.[mode] into process.env (all names, not only VITE_ ones):
  // the handler reads its secrets there. Variables already set in the shell win.
  for (const [name, value] of Object.entries(loadEnv(env.mode, process.cwd(), ''))) process.env[name] ??= value;
  const base: UserConfig =
    typeof projectConfig === 'function' ? await projectConfig(env) : await projectConfig;
  return mergeConfig(base, {
    plugins: [
      devServer({
        entry: '${entry}',
        // Only /api and /api/* go to the handler; every other request is Vite's.
        exclude: [/^(?!\\/api(?:[/?]|$))/],
        injectClientScript: false,
        // The same object as the second fetch argument, as Kiln passes it: c.env.NAME works too.
        env: () => ({ ...process.env }) as Record<string, string>,
      }),
    ],
  });
});
`;
}

/**
 * Angular has no Vite config: its zip runs the handler on a Vite server of its own (only the
 * plugin, port `API_PORT` or 8787) and `ng serve` proxies `/api` to it (`proxy.conf.mjs`).
 */
export const ANGULAR_API_PORT = 8787;
export const ANGULAR_PROXY_CONFIG = 'proxy.conf.mjs';
/** Vite for the handler only, the major Angular's own builder uses (one copy installed). */
const ANGULAR_VITE_VERSION = '^7.3.0';
const CONCURRENTLY_VERSION = '^10.0.0';

export function angularApiDevConfig(entry: string): string {
  return `// The api/ handler for \`npm run dev\`, as Kiln runs it (docs/functions.md in Kiln): a Vite server
// with only ${HONO_VITE_DEV_SERVER}; \`ng serve\` proxies /api here (${ANGULAR_PROXY_CONFIG}).
import devServer from '${HONO_VITE_DEV_SERVER}';
import { defineConfig, loadEnv } from 'vite';

export default defineConfig(({ mode }) => {
  // .env, .env.local and .env.[mode] into process.env: the handler reads its secrets there.
  for (const [name, value] of Object.entries(loadEnv(mode, process.cwd(), ''))) process.env[name] ??= value;
  return {
    appType: 'custom',
    server: { port: Number(process.env.API_PORT ?? ${ANGULAR_API_PORT}), strictPort: true },
    plugins: [
      devServer({
        entry: '${entry}',
        exclude: [/^(?!\\/api(?:[/?]|$))/],
        injectClientScript: false,
        env: () => ({ ...process.env }) as Record<string, string>,
      }),
    ],
  };
});
`;
}

const ANGULAR_PROXY = `// \`ng serve\` sends /api to the handler's dev server (vite.api.config.ts).
export default {
  '/api': { target: \`http://127.0.0.1:\${process.env.API_PORT ?? ${ANGULAR_API_PORT}}\`, secure: false },
};
`;

interface AngularJson {
  projects?: Record<
    string,
    { architect?: Record<string, { builder?: string; options?: Record<string, unknown> }> }
  >;
}

/** angular.json with every dev-server target reading the proxy config; null when unreadable. */
function withProxyConfig(content: string): string | null {
  let json: AngularJson;
  try {
    json = JSON.parse(content) as AngularJson;
  } catch {
    return null;
  }
  let found = false;
  for (const project of Object.values(json.projects ?? {})) {
    const serve = project.architect?.serve;
    if (!serve?.builder?.endsWith(':dev-server')) continue;
    serve.options = { ...serve.options, proxyConfig: ANGULAR_PROXY_CONFIG };
    found = true;
  }
  return found ? `${JSON.stringify(json, null, 2)}\n` : null;
}

function angularLocalDevFiles(files: readonly LocalDevFile[], entry: string): LocalDevFile[] {
  const angular = files.find((file) => file.name === 'angular.json');
  const pkgFile = files.find((file) => file.name === 'package.json');
  const angularJson = angular ? withProxyConfig(angular.content) : null;
  const pkg = pkgFile ? readPackageJson(pkgFile.content) : null;
  if (angularJson === null || pkg === null || files.some((file) => file.name === ANGULAR_PROXY_CONFIG))
    return [];
  const serve = pkg.scripts?.dev ?? 'ng serve';
  const packageJson = {
    ...pkg,
    scripts: {
      ...pkg.scripts,
      dev: 'concurrently -k -n api,web "npm:dev:api" "npm:dev:web"',
      'dev:api': `vite --config ${API_DEV_CONFIG}`,
      'dev:web': serve,
    },
    devDependencies: {
      ...pkg.devDependencies,
      [HONO_VITE_DEV_SERVER]: HONO_VITE_DEV_SERVER_VERSION,
      vite: pkg.devDependencies?.vite ?? ANGULAR_VITE_VERSION,
      concurrently: CONCURRENTLY_VERSION,
    },
  };
  return [
    { name: API_DEV_CONFIG, content: angularApiDevConfig(entry) },
    { name: ANGULAR_PROXY_CONFIG, content: ANGULAR_PROXY },
    { name: 'angular.json', content: angularJson },
    { name: 'package.json', content: `${JSON.stringify(packageJson, null, 2)}\n` },
  ];
}

/** Server variable names an `api/` file reads (`process.env.NAME`, `c.env.NAME`). */
export function handlerEnvNames(files: readonly LocalDevFile[]): string[] {
  const names = new Set<string>();
  for (const file of files) {
    if (!file.name.startsWith('api/')) continue;
    for (const match of file.content.matchAll(/\b(?:process\.env|c\.env)\.([A-Z][A-Z0-9_]*)\b/g))
      if (!RUNTIME_VARIABLES.has(match[1]!)) names.add(match[1]!);
  }
  return [...names];
}

interface PackageJson {
  scripts?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [key: string]: unknown;
}

function readPackageJson(content: string): PackageJson | null {
  try {
    const pkg = JSON.parse(content) as unknown;
    return typeof pkg === 'object' && pkg !== null && !Array.isArray(pkg) ? (pkg as PackageJson) : null;
  } catch {
    return null;
  }
}

/** package.json with `dev` running the handler and the plugin declared; null when unreadable. */
function withApiDevScript(content: string): string | null {
  const pkg = readPackageJson(content);
  if (pkg === null) return null;
  const dev = pkg.scripts?.dev;
  const withConfig = `vite --config ${API_DEV_CONFIG}`;
  // A plain `vite [flags]` dev script keeps its flags; any other keeps working as `dev:vite`.
  const scripts =
    dev === undefined || /^vite(\s|$)/.test(dev)
      ? { ...pkg.scripts, dev: `${withConfig}${dev ? dev.slice('vite'.length) : ''}` }
      : { ...pkg.scripts, dev: withConfig, 'dev:vite': dev };
  return `${JSON.stringify(
    {
      ...pkg,
      scripts,
      devDependencies: { ...pkg.devDependencies, [HONO_VITE_DEV_SERVER]: HONO_VITE_DEV_SERVER_VERSION },
    },
    null,
    2,
  )}\n`;
}

/**
 * The files that make `npm run dev` serve the handler: a new `vite.api.config.ts` and the changed
 * package.json (replacing the project's); for Angular also the proxy config and angular.json.
 * Empty when the project has no handler, no Vite config nor angular.json, no readable
 * package.json, or already has the config.
 */
export function localDevFiles(files: readonly LocalDevFile[]): LocalDevFile[] {
  const names = files.map((file) => file.name);
  const entry = handlerEntry(names);
  const viteConfig = viteConfigOf(names);
  const pkg = files.find((file) => file.name === 'package.json');
  if (!entry || !pkg || names.includes(API_DEV_CONFIG)) return [];
  if (!viteConfig) return names.includes('angular.json') ? angularLocalDevFiles(files, entry) : [];
  const packageJson = withApiDevScript(pkg.content);
  if (packageJson === null) return [];
  return [
    { name: API_DEV_CONFIG, content: apiDevConfig(viteConfig, entry) },
    { name: 'package.json', content: packageJson },
  ];
}
