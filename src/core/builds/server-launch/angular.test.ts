import { describe, expect, it } from 'vitest';
import builds from '../../../../tests/fixtures/server-launch/builds.json';
import { angularLaunch } from './angular.ts';
import { serverLaunch } from './index.ts';

/** The files a real build left (tests/fixtures/server-launch/README.md). */
function built(id: keyof typeof builds): Set<string> {
  return new Set(builds[id]);
}

const angular = {
  scripts: { build: 'ng build', 'serve:ssr:angular-ssr': 'node dist/angular-ssr/server/server.mjs' },
  dependencies: { '@angular/core': '^21.2.0', '@angular/ssr': '^21.2.24', express: '^5.1.0' },
};

describe('how a built Angular project is started', () => {
  it("runs the SSR build's own server: node dist/<project>/server/server.mjs", () => {
    expect(serverLaunch({ files: built('angular-ssr'), packageJson: angular })).toEqual({
      kind: 'node',
      command: ['node', 'dist/angular-ssr/server/server.mjs'],
      label: 'Angular SSR (node dist/angular-ssr/server/server.mjs)',
      env: { NG_ALLOWED_HOSTS: '*' },
    });
  });

  it('leaves a browser-only build static', () => {
    const browserOnly = { dependencies: { '@angular/core': '^21.2.0' } };
    expect(serverLaunch({ files: built('angular-ng-new'), packageJson: browserOnly })).toBeNull();
  });

  it('is not Angular without @angular/core', () => {
    expect(angularLaunch({ files: built('angular-ssr'), packageJson: { dependencies: {} } })).toBeNull();
  });
});
