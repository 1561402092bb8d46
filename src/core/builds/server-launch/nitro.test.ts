import { describe, expect, it } from 'vitest';
import { serverLaunch } from './index.ts';
import { nitroLaunch } from './nitro.ts';

/** Nitro's node-server preset (Nuxt's `nuxt build`), abridged. */
const NUXT_BUILD = [
  '.nuxt/tsconfig.json',
  '.output/nitro.json',
  '.output/public/_nuxt/entry.B2kD9xqL.js',
  '.output/public/favicon.ico',
  '.output/server/index.mjs',
  '.output/server/package.json',
  '.output/server/chunks/nitro/nitro.mjs',
  '.output/server/chunks/build/server.mjs',
  'app.vue',
  'nuxt.config.ts',
  'package.json',
];

describe('a Nitro server build (Nuxt, SolidStart, TanStack Start) runs its own server (issue 22)', () => {
  it('runs .output/server/index.mjs, which reads PORT and HOST from the environment', () => {
    const launch = nitroLaunch({
      files: new Set(NUXT_BUILD),
      packageJson: { dependencies: { nuxt: '^4.2.0' } },
    });
    expect(launch).toEqual({
      kind: 'node',
      command: ['node', '.output/server/index.mjs'],
      label: 'node .output/server/index.mjs',
    });
    expect(serverLaunch({ files: new Set(NUXT_BUILD), packageJson: {} })?.command).toEqual(launch?.command);
  });

  it('leaves a static preset (nuxt generate: .output/public only) to be served as files', () => {
    const files = new Set([
      '.output/nitro.json',
      '.output/public/index.html',
      '.output/public/200.html',
      'package.json',
    ]);
    expect(nitroLaunch({ files, packageJson: {} })).toBeNull();
  });
});
