/**
 * Spec §3: every generated file has a category. The rules are path based and checked in this
 * order (first match wins); docs/decisions/0012-file-categories.md explains them.
 */
export const FILE_CATEGORIES = ['frontend', 'api', 'migration', 'type', 'config', 'env'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

const CONFIG_NAMES = new Set([
  'package.json',
  'package-lock.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'yarn.lock',
  'bun.lockb',
  'angular.json',
  'components.json',
  'vercel.json',
  'netlify.toml',
  'deno.json',
  '.gitignore',
  '.npmrc',
  '.nvmrc',
  '.editorconfig',
  '.browserslistrc',
  'babel.config.json',
]);

const API_FOLDERS = new Set(['api', 'server', 'functions', 'backend', 'edge-functions']);

const TSCONFIG = /^(tsconfig|jsconfig)([.-][\w.-]*)?\.json$/;
const DOT_CONFIG = /^[\w.-]+\.config\.(js|cjs|mjs|ts|cts|mts|json)$/;
/**
 * Other bundlers' and build tools' configs (issue 13): webpack's split configs
 * (`webpack.prod.js`), Rollup, esbuild scripts, gulp/grunt, and the rc files of Babel, Parcel,
 * PostCSS, SWC, ESLint, Browserslist and Stylelint.
 */
const TOOL_CONFIG =
  /^(?:\.(?:babelrc|parcelrc|postcssrc|swcrc|eslintrc|browserslistrc|stylelintrc)(?:\.(?:json|js|cjs|mjs|ya?ml))?|(?:webpack|rollup|esbuild|gulpfile|gruntfile)(?:[.-][\w.-]*)?\.(?:js|cjs|mjs|ts|cts|mts|json))$/;
const TYPES_FILE = /^types?\.(ts|mts|cts)$/;
const TS_FILE = /\.(ts|mts|cts)$/;
const LINT_CONFIG = /^\.(eslintrc|prettierrc)/;
const SVELTEKIT_ENDPOINT = /^\+server\.(ts|js)$|\.server\.(ts|js)$/;
const NEXT_ROUTE = /^route\.(ts|js)$/;

function baseName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? path : path.slice(slash + 1);
}

/**
 * tsconfig/jsconfig, `*.config.*` and other bundlers' and tools' config files: what a build
 * needs besides package.json.
 */
export function isBuildConfigFile(path: string): boolean {
  const base = baseName(path).toLowerCase();
  return TSCONFIG.test(base) || DOT_CONFIG.test(base) || TOOL_CONFIG.test(base) || base === 'angular.json';
}

export function categorizeFile(path: string): FileCategory {
  const lower = path.toLowerCase();
  const base = baseName(lower);
  const folders = lower.split('/').slice(0, -1);

  // The owner's project instructions (issue 17 item 4): read by Kiln, not part of the app.
  if (path === 'KILN.md') return 'config';
  if (base === '.env' || base.startsWith('.env.')) return 'env';
  if (base.endsWith('.sql') || folders.includes('migrations')) return 'migration';
  if (base.endsWith('.d.ts') || TYPES_FILE.test(base)) return 'type';
  if (folders.includes('types') && TS_FILE.test(base)) return 'type';
  if (CONFIG_NAMES.has(base) || isBuildConfigFile(base) || LINT_CONFIG.test(base)) return 'config';
  for (const folder of folders) if (API_FOLDERS.has(folder)) return 'api';
  if (SVELTEKIT_ENDPOINT.test(base)) return 'api';
  if (folders[0] === 'app' && NEXT_ROUTE.test(base)) return 'api';
  return 'frontend';
}
