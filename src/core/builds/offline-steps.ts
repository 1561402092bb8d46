/**
 * Builds have no network (decision 0031). A tool step that needs it only for an optional extra
 * is turned off for the build instead of failing it (issue 13): Angular's production build
 * inlines Google Fonts' CSS by downloading it — off here, the page links the fonts as written.
 */

export { nextFontOfflineEnv } from './next-font-offline.ts';

const ANGULAR_OPTIMIZED = { scripts: true, styles: { minify: true, inlineCritical: true }, fonts: false };

type Optimization = boolean | Record<string, unknown> | undefined;

function withoutFonts(value: Optimization): Optimization {
  if (value === false) return false;
  if (value === undefined || value === true) return { ...ANGULAR_OPTIMIZED };
  return typeof value === 'object' && value !== null ? { ...value, fonts: false } : value;
}

/** angular.json with font inlining off in every build target, or null when it is not JSON. */
export function angularJsonWithoutFontInlining(source: string): string | null {
  let workspace: { projects?: Record<string, Record<string, Record<string, Target> | undefined>> };
  try {
    workspace = JSON.parse(source) as typeof workspace;
  } catch {
    return null;
  }
  if (!workspace || typeof workspace !== 'object') return null;
  for (const project of Object.values(workspace.projects ?? {})) {
    const build = project?.architect?.build ?? project?.targets?.build;
    if (!build || typeof build !== 'object') continue;
    build.options = { ...build.options, optimization: withoutFonts(build.options?.optimization) };
    for (const configuration of Object.values(build.configurations ?? {})) {
      if (configuration && 'optimization' in configuration) {
        configuration.optimization = withoutFonts(configuration.optimization);
      }
    }
  }
  return JSON.stringify(workspace, null, 2) + '\n';
}

interface Target {
  options?: { optimization?: Optimization; [key: string]: unknown };
  configurations?: Record<string, { optimization?: Optimization; [key: string]: unknown } | undefined>;
}

/** Telemetry, update checks and prompts of common tools: off, so none waits for a network. */
export const OFFLINE_TOOL_ENV: Readonly<Record<string, string>> = {
  NG_CLI_ANALYTICS: 'false',
  NEXT_TELEMETRY_DISABLED: '1',
  NUXT_TELEMETRY_DISABLED: '1',
  ASTRO_TELEMETRY_DISABLED: '1',
  GATSBY_TELEMETRY_DISABLED: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
  DO_NOT_TRACK: '1',
  NO_UPDATE_NOTIFIER: '1',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  npm_config_offline: 'true',
  BROWSERSLIST_IGNORE_OLD_DATA: '1',
};
