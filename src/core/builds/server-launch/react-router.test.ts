import { describe, expect, it } from 'vitest';
import builds from '../../../../tests/fixtures/server-launch/builds.json';
import { serverLaunch } from './index.ts';
import { reactRouterLaunch } from './react-router.ts';

/** The files a real build left (tests/fixtures/server-launch/README.md). */
function built(id: keyof typeof builds): Set<string> {
  return new Set(builds[id]);
}

const framework = {
  scripts: { build: 'react-router build', start: 'react-router-serve ./build/server/index.js' },
  dependencies: { '@react-router/node': '7.18.2', '@react-router/serve': '7.18.2', 'react-router': '7.18.2' },
  devDependencies: { '@react-router/dev': '7.18.2', vite: '^8.0.0' },
};

describe('how a built React Router (framework mode) or Remix project is started (issue 37)', () => {
  it('runs react-router-serve on the server build: node …/@react-router/serve/dist/cli.js build/server/index.js', () => {
    expect(serverLaunch({ files: built('react-router-framework-ssr'), packageJson: framework })).toEqual({
      kind: 'node',
      command: ['node', 'node_modules/@react-router/serve/dist/cli.js', 'build/server/index.js'],
      label: 'react-router-serve build/server/index.js',
    });
  });

  it('leaves ssr: false static: the build removed build/server and wrote build/client/index.html', () => {
    const spa = built('react-router-framework-spa');
    expect(spa.has('build/client/index.html')).toBe(true);
    expect(serverLaunch({ files: spa, packageJson: framework })).toBeNull();
  });

  it("runs remix-serve on Remix's Vite build and on its classic compiler's build/index.js", () => {
    const remix = {
      dependencies: { '@remix-run/node': '^2.17.0' },
      devDependencies: { '@remix-run/dev': '^2.17.0' },
    };
    const vite = new Set(['build/server/index.js', 'build/client/assets/root-AbCd1234.js', 'app/root.tsx']);
    expect(reactRouterLaunch({ files: vite, packageJson: remix })?.command).toEqual([
      'node',
      'node_modules/@remix-run/serve/dist/cli.js',
      'build/server/index.js',
    ]);
    const classic = new Set(['build/index.js', 'public/build/root-AbCd1234.js', 'remix.config.js']);
    expect(reactRouterLaunch({ files: classic, packageJson: remix })).toEqual({
      kind: 'node',
      command: ['node', 'node_modules/@remix-run/serve/dist/cli.js', 'build/index.js'],
      label: 'remix-serve build/index.js',
    });
    // build/index.js alone is not Remix's (and never React Router's).
    expect(reactRouterLaunch({ files: new Set(['build/index.js']), packageJson: remix })).toBeNull();
    expect(reactRouterLaunch({ files: classic, packageJson: framework })).toBeNull();
  });

  it('is not React Router without @react-router/dev or @remix-run/dev (library mode builds a plain Vite app)', () => {
    const library = { dependencies: { 'react-router': '7.18.2' }, devDependencies: { vite: '^8.0.0' } };
    expect(
      reactRouterLaunch({ files: built('react-router-framework-ssr'), packageJson: library }),
    ).toBeNull();
  });

  it("keeps the other frameworks' rules: SvelteKit's build/index.js stays SvelteKit's", () => {
    const kit = { devDependencies: { '@sveltejs/kit': '^2.63.0', '@react-router/dev': '7.18.2' } };
    expect(serverLaunch({ files: built('sveltekit-demo'), packageJson: kit })?.label).toBe(
      'SvelteKit adapter-node (node build)',
    );
  });
});
