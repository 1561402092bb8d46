import { describe, expect, it } from 'vitest';
import {
  ANGULAR_PROXY_CONFIG,
  angularApiDevConfig,
  API_DEV_CONFIG,
  apiDevConfig,
  handlerEnvNames,
  HONO_VITE_DEV_SERVER,
  localDevFiles,
  viteConfigOf,
} from './local-dev.ts';

const PACKAGE = JSON.stringify({
  name: 'app',
  type: 'module',
  scripts: { dev: 'vite', build: 'vite build' },
  dependencies: { hono: '^4.6.0' },
  devDependencies: { vite: '^8.0.0' },
});
const HANDLER = "import { Hono } from 'hono';\nexport default new Hono();\n";

const project = (extra: Record<string, string> = {}) =>
  Object.entries({
    'package.json': PACKAGE,
    'vite.config.ts': 'export default {};',
    'api/index.ts': HANDLER,
    'src/main.tsx': '',
    ...extra,
  }).map(([name, content]) => ({ name, content }));

describe('localDevFiles (issue 22 item 6)', () => {
  it('adds vite.api.config.ts and makes `npm run dev` use it, with the plugin declared', () => {
    const files = localDevFiles(project());
    expect(files.map((file) => file.name)).toEqual([API_DEV_CONFIG, 'package.json']);
    const pkg = JSON.parse(files[1]!.content) as {
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(pkg.scripts.dev).toBe('vite --config vite.api.config.ts');
    expect(pkg.scripts.build).toBe('vite build');
    expect(pkg.devDependencies[HONO_VITE_DEV_SERVER]).toMatch(/^\^0\./);
    expect(pkg.devDependencies.vite).toBe('^8.0.0');
    expect(pkg.dependencies.hono).toBe('^4.6.0');
  });

  it.each([
    ['vite', apiDevConfig('vite.config.ts', 'api/index.ts')],
    ['angular', angularApiDevConfig('api/index.ts')],
  ])('%s: loads .env into process.env, sends only /api to the handler', (kind, config) => {
    if (kind === 'vite') expect(config).toContain("import projectConfig from './vite.config.ts';");
    expect(config).toContain(`import devServer from '${HONO_VITE_DEV_SERVER}';`);
    expect(config).toMatch(/loadEnv\((env\.)?mode, process\.cwd\(\), ''\)/);
    expect(config).toContain("entry: 'api/index.ts'");
    const exclude = new RegExp(/exclude: \[\/(.*)\/\]/.exec(config)![1]!);
    for (const path of ['/', '/index.html', '/src/main.tsx', '/apiary', '/assets/api/x.js'])
      expect(exclude.test(path), path).toBe(true);
    for (const path of ['/api', '/api/entries', '/api?x=1', '/api/entries?x=1'])
      expect(exclude.test(path), path).toBe(false);
  });

  it('keeps the flags of a `vite` dev script, and moves any other to dev:vite', () => {
    const flags = localDevFiles(
      project({ 'package.json': JSON.stringify({ scripts: { dev: 'vite --host' } }) }),
    );
    expect(JSON.parse(flags[1]!.content).scripts.dev).toBe('vite --config vite.api.config.ts --host');
    const other = localDevFiles(
      project({ 'package.json': JSON.stringify({ scripts: { dev: 'node dev.js' } }) }),
    );
    expect(JSON.parse(other[1]!.content).scripts).toEqual({
      dev: 'vite --config vite.api.config.ts',
      'dev:vite': 'node dev.js',
    });
  });

  it('uses the project config and handler entry it finds', () => {
    const files = localDevFiles(
      project({ 'vite.config.ts': '', 'api/index.ts': '' })
        .filter((file) => file.name !== 'vite.config.ts' && file.name !== 'api/index.ts')
        .concat([
          { name: 'vite.config.mjs', content: '' },
          { name: 'api/index.js', content: HANDLER },
        ]),
    );
    expect(files[0]!.content).toContain("from './vite.config.mjs'");
    expect(files[0]!.content).toContain("entry: 'api/index.js'");
  });

  it('Angular (no Vite config): a handler-only Vite server, ng serve proxying /api to it, both under dev', () => {
    const angularJson = JSON.stringify({
      projects: {
        app: {
          architect: {
            build: { builder: '@angular/build:application' },
            serve: { builder: '@angular/build:dev-server' },
          },
        },
      },
    });
    const files = localDevFiles([
      { name: 'package.json', content: JSON.stringify({ scripts: { dev: 'ng serve', build: 'ng build' } }) },
      { name: 'angular.json', content: angularJson },
      { name: 'api/index.ts', content: HANDLER },
    ]);
    expect(files.map((file) => file.name).sort()).toEqual(
      [ANGULAR_PROXY_CONFIG, API_DEV_CONFIG, 'angular.json', 'package.json'].sort(),
    );
    const byName = new Map(files.map((file) => [file.name, file.content]));
    const pkg = JSON.parse(byName.get('package.json')!) as {
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.scripts).toEqual({
      dev: 'concurrently -k -n api,web "npm:dev:api" "npm:dev:web"',
      'dev:api': 'vite --config vite.api.config.ts',
      'dev:web': 'ng serve',
      build: 'ng build',
    });
    expect(Object.keys(pkg.devDependencies).sort()).toEqual(
      [HONO_VITE_DEV_SERVER, 'concurrently', 'vite'].sort(),
    );
    const angular = JSON.parse(byName.get('angular.json')!) as {
      projects: { app: { architect: { serve: { options: { proxyConfig: string } } } } };
    };
    expect(angular.projects.app.architect.serve.options.proxyConfig).toBe(ANGULAR_PROXY_CONFIG);
    expect(byName.get(API_DEV_CONFIG)).toContain("entry: 'api/index.ts'");
    expect(byName.get(API_DEV_CONFIG)).not.toContain('projectConfig');
    expect(byName.get(ANGULAR_PROXY_CONFIG)).toContain("'/api'");
  });

  it('adds nothing without a handler, a Vite config or angular.json, a readable package.json, or when present', () => {
    const without = (name: string) => project().filter((file) => file.name !== name);
    expect(localDevFiles(without('api/index.ts'))).toEqual([]);
    expect(localDevFiles(without('vite.config.ts'))).toEqual([]);
    expect(localDevFiles(without('package.json'))).toEqual([]);
    expect(localDevFiles(project({ 'package.json': '{ not json' }))).toEqual([]);
    expect(localDevFiles(project({ [API_DEV_CONFIG]: '' }))).toEqual([]);
    expect(viteConfigOf(['angular.json'])).toBeNull();
  });
});

describe('handlerEnvNames', () => {
  it('lists the variables api/ files read, not the runtime ones or other folders', () => {
    const names = handlerEnvNames([
      {
        name: 'api/index.ts',
        content: 'process.env.DATABASE_URL; process.env.NODE_ENV; c.env.STRIPE_SECRET_KEY',
      },
      { name: 'api/mail.ts', content: 'const port = process.env.SMTP_PORT ?? process.env.PORT;' },
      { name: 'src/App.tsx', content: 'process.env.SHOULD_NOT_APPEAR' },
    ]);
    expect(names.sort()).toEqual(['DATABASE_URL', 'SMTP_PORT', 'STRIPE_SECRET_KEY']);
  });
});
