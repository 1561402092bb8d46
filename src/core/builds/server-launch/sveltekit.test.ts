import { describe, expect, it } from 'vitest';
import builds from '../../../../tests/fixtures/server-launch/builds.json';
import { serverLaunch } from './index.ts';
import { sveltekitLaunch } from './sveltekit.ts';
import type { LaunchInput } from './types.ts';

/** The files a real build left (tests/fixtures/server-launch/README.md). */
function built(id: keyof typeof builds): Set<string> {
  return new Set(builds[id]);
}

const kit = (scripts: Record<string, string> = { build: 'vite build', preview: 'vite preview' }) => ({
  scripts,
  devDependencies: { '@sveltejs/kit': '^2.63.0', vite: '^8.0.16' },
});

describe('how a built SvelteKit project is started', () => {
  it("runs adapter-node's server: node build/index.js", () => {
    const input: LaunchInput = { files: built('sveltekit-demo'), packageJson: kit() };
    expect(serverLaunch(input)).toEqual({
      kind: 'node',
      command: ['node', 'build/index.js'],
      label: 'SvelteKit adapter-node (node build)',
      env: { PROTOCOL_HEADER: 'x-forwarded-proto', HOST_HEADER: 'x-forwarded-host' },
    });
  });

  it("runs the project's vite preview when the adapter wrote neither a server nor a site", () => {
    const input: LaunchInput = { files: built('sveltekit-auto'), packageJson: kit() };
    expect(serverLaunch(input)).toEqual({
      kind: 'node',
      command: [
        'node',
        'node_modules/vite/bin/vite.js',
        'preview',
        '--host',
        '127.0.0.1',
        '--port',
        '{PORT}',
      ],
      label: 'SvelteKit (vite preview)',
    });
    // Its own options stay; host and port are the runtime's.
    const own = kit({ preview: 'vite preview --port 4173 --strictPort --host=0.0.0.0' });
    expect(sveltekitLaunch({ files: built('sveltekit-auto'), packageJson: own })?.command).toEqual([
      'node',
      'node_modules/vite/bin/vite.js',
      'preview',
      '--strictPort',
      '--host',
      '127.0.0.1',
      '--port',
      '{PORT}',
    ]);
    // A preview script that is not vite's: nothing Kiln knows how to run.
    expect(
      sveltekitLaunch({ files: built('sveltekit-auto'), packageJson: kit({ preview: 'serve' }) }),
    ).toBeNull();
  });

  it('leaves a static build static (adapter-static wrote build/index.html)', () => {
    expect(serverLaunch({ files: built('sveltekit-minimal'), packageJson: kit() })).toBeNull();
  });

  it('is not SvelteKit without @sveltejs/kit', () => {
    expect(sveltekitLaunch({ files: built('sveltekit-demo'), packageJson: { scripts: {} } })).toBeNull();
  });
});
