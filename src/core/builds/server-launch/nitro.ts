import type { LaunchRule } from './types.ts';

/**
 * Nitro's node-server output (issue 22 item 3): Nuxt, SolidStart, TanStack Start and Analog
 * build `.output/server/index.mjs`, a self-contained server that reads PORT and HOST (or
 * NITRO_PORT / NITRO_HOST) from the environment. A static preset (`nuxt generate`) leaves only
 * `.output/public/`, which is served as files.
 */
const NITRO_SERVER = '.output/server/index.mjs';

export const nitroLaunch: LaunchRule = ({ files }) =>
  files.has(NITRO_SERVER)
    ? { kind: 'node', command: ['node', NITRO_SERVER], label: 'node .output/server/index.mjs' }
    : null;
