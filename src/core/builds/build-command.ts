/**
 * What a preview build runs (issue 13): the project's own `build` script, as a person's
 * `npm run build` would; only a project without one gets its framework's default. `dev` is
 * never required (Kiln builds, it does not run a dev server).
 */
import type { Framework } from '../frameworks/index.ts';

export interface BuildCommand {
  script: string;
  /** `project`: package.json's build script; `default`: the framework's, for want of one. */
  source: 'project' | 'default';
}

const DEFAULT_BUILD: Partial<Record<Framework, string>> = {
  react: 'vite build',
  vue: 'vite build',
  svelte: 'vite build',
  angular: 'ng build',
};

/** null: nothing to run (no build script and no framework default) — 'Script Missing'. */
export function buildCommand(
  packageJson: { scripts?: Record<string, unknown> },
  framework: Framework | undefined,
): BuildCommand | null {
  const own = packageJson.scripts?.build;
  if (typeof own === 'string' && own.trim() !== '') return { script: own.trim(), source: 'project' };
  const fallback = framework ? DEFAULT_BUILD[framework] : undefined;
  return fallback ? { script: fallback, source: 'default' } : null;
}
