import { angularLaunch } from './angular.ts';
import { nextLaunch } from './next.ts';
import { nitroLaunch } from './nitro.ts';
import { reactRouterLaunch } from './react-router.ts';
import { sveltekitLaunch } from './sveltekit.ts';
import type { LaunchInput, LaunchRule, ServerLaunch } from './types.ts';

export type { LaunchInput, LaunchRule, ServerLaunch } from './types.ts';

/**
 * The rules in order: the first that recognises the output decides (decision 0054). Each but
 * Nitro's knows its framework by its package or a file only it writes; Nitro's output, which
 * several frameworks' Nitro presets write, is last.
 */
const RULES: readonly LaunchRule[] = [
  sveltekitLaunch,
  angularLaunch,
  nextLaunch,
  reactRouterLaunch,
  nitroLaunch,
];

/** How to start the project's own server, or null when its output is static. */
export function serverLaunch(input: LaunchInput): ServerLaunch | null {
  for (const rule of RULES) {
    const launch = rule(input);
    if (launch) return launch;
  }
  return null;
}
