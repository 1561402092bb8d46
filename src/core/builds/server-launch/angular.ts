/**
 * Angular SSR (issue 22, decision 0054): `ng build` with `outputMode: 'server'` (what
 * `ng new --ssr` writes) leaves `dist/<project>/server/server.mjs`, the project's own Express
 * server (`src/server.ts`), which listens on PORT. Run as the project's
 * `serve:ssr:<project>` script does: `node dist/<project>/server/server.mjs`.
 */
import type { LaunchRule } from './types.ts';

const SERVER_ENTRY = /^dist\/[^/]+\/server\/server\.mjs$/;
/**
 * Angular SSR renders only for hosts it is told to trust (NG_ALLOWED_HOSTS) and otherwise falls
 * back to the client-rendered shell. The server is reachable only through Kiln's proxy, which
 * forwards a version's own preview or deployment host only, so every host that arrives is trusted.
 */

export const angularLaunch: LaunchRule = ({ files, packageJson }) => {
  const declared = { ...packageJson.dependencies, ...packageJson.devDependencies };
  if (!declared['@angular/core']) return null;
  // One application per workspace in practice; with several, the first by name.
  const entry = [...files].filter((file) => SERVER_ENTRY.test(file)).sort()[0];
  if (!entry) return null;
  return {
    kind: 'node',
    command: ['node', entry],
    label: `Angular SSR (node ${entry})`,
    env: { NG_ALLOWED_HOSTS: '*' },
  };
};
