import { describe, expect, it } from 'vitest';
import { serverLaunch } from './index.ts';
import { nextLaunch } from './next.ts';

/** What `next build` (16.4, Turbopack) left for tests/fixtures/real-projects/nextjs-app, abridged. */
const NEXT_BUILD = [
  '.next/BUILD_ID',
  '.next/build-manifest.json',
  '.next/prerender-manifest.json',
  '.next/required-server-files.json',
  '.next/routes-manifest.json',
  '.next/server/app/index.html',
  '.next/server/app/index.rsc',
  '.next/server/app/page.js',
  '.next/server/app/request.html',
  '.next/server/app/request/page.js',
  '.next/server/app/api/hello/route.js',
  '.next/server/pages/404.html',
  '.next/static/XurKsQpoP71g4iYyFUavN/_buildManifest.js',
  '.next/static/chunks/0a7zwg76o4bz6.js',
  '.next/static/media/favicon.117ezoe8m31dk.ico',
  'app/layout.tsx',
  'app/page.tsx',
  'app/request/page.tsx',
  'app/api/hello/route.ts',
  'next.config.ts',
  'package.json',
  'public/next.svg',
];
const NEXT_PACKAGE = {
  scripts: { dev: 'next dev', build: 'next build', start: 'next start' },
  dependencies: { next: '16.4.3', react: '19.3.0', 'react-dom': '19.3.0' },
};

describe('a Next.js build is started with its own production server (issue 22)', () => {
  it('runs next start on the runtime loopback address (PORT comes from the environment)', () => {
    const launch = nextLaunch({ files: new Set(NEXT_BUILD), packageJson: NEXT_PACKAGE });
    expect(launch).toEqual({
      kind: 'node',
      command: ['node', 'node_modules/next/dist/bin/next', 'start', '--hostname', '127.0.0.1'],
      label: 'next start',
    });
  });

  it('is what serverLaunch answers for it', () => {
    expect(serverLaunch({ files: new Set(NEXT_BUILD), packageJson: NEXT_PACKAGE })?.label).toBe('next start');
  });

  it("leaves output: 'export' static: out/ is a faithful static site", () => {
    const files = new Set([...NEXT_BUILD, 'out/index.html', 'out/404.html', 'out/_next/static/chunks/a.js']);
    expect(nextLaunch({ files, packageJson: NEXT_PACKAGE })).toBeNull();
  });

  it('runs a standalone build as its server.js when its static assets were copied beside it', () => {
    const files = new Set([
      ...NEXT_BUILD,
      '.next/standalone/server.js',
      '.next/standalone/package.json',
      '.next/standalone/.next/BUILD_ID',
      '.next/standalone/.next/server/app/page.js',
      '.next/standalone/.next/static/chunks/0a7zwg76o4bz6.js',
    ]);
    expect(nextLaunch({ files, packageJson: NEXT_PACKAGE })).toEqual({
      kind: 'node',
      command: ['node', '.next/standalone/server.js'],
      label: 'node .next/standalone/server.js',
    });
  });

  it('runs next start for a standalone build without its assets (server.js alone would 404 them)', () => {
    const files = new Set([...NEXT_BUILD, '.next/standalone/server.js', '.next/standalone/.next/BUILD_ID']);
    expect(nextLaunch({ files, packageJson: NEXT_PACKAGE })?.label).toBe('next start');
  });

  it('answers nothing for output that is not a Next build, or a project without next', () => {
    expect(
      nextLaunch({ files: new Set(['dist/index.html', 'package.json']), packageJson: NEXT_PACKAGE }),
    ).toBeNull();
    expect(
      nextLaunch({ files: new Set(NEXT_BUILD), packageJson: { dependencies: { react: '19.3.0' } } }),
    ).toBeNull();
  });
});
