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

/** package.json with `dev` running the handler and the plugin declared; null when unreadable. */
function withApiDevScript(content: string): string | null {
  let pkg: PackageJson;
  try {
    pkg = JSON.parse(content) as PackageJson;
  } catch {
    return null;
  }
  if (typeof pkg !== 'object' || pkg === null || Array.isArray(pkg)) return null;
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
 * package.json (replacing the project's). Empty when the project has no handler, no Vite config,
 * no readable package.json, or already has the config.
 */
export function localDevFiles(files: readonly LocalDevFile[]): LocalDevFile[] {
  const names = files.map((file) => file.name);
  const entry = handlerEntry(names);
  const viteConfig = viteConfigOf(names);
  const pkg = files.find((file) => file.name === 'package.json');
  if (!entry || !viteConfig || !pkg || names.includes(API_DEV_CONFIG)) return [];
  const packageJson = withApiDevScript(pkg.content);
  if (packageJson === null) return [];
  return [
    { name: API_DEV_CONFIG, content: apiDevConfig(viteConfig, entry) },
    { name: 'package.json', content: packageJson },
  ];
}
