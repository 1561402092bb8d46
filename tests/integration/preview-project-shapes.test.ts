import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildVersion,
  createPreviewKiln,
  createUser,
  previewHost,
  templateWith,
  type TestKiln,
} from './preview-helpers.ts';

/**
 * Issue 13: projects shaped like real ones build as `npm install && npm run build` would build
 * them — package.json as written, the output where the project's configuration puts it, the
 * versions its lock file names.
 */
describe('real project shapes', () => {
  let kiln: TestKiln;
  let userId: string;

  beforeAll(async () => {
    kiln = await createPreviewKiln();
    kiln.services.preview.start();
    userId = await createUser(kiln);
  });
  afterAll(async () => kiln?.close());

  async function build(files: { name: string; content: string }[], framework = 'react') {
    const { chatId, version, state } = await buildVersion(kiln, { userId, framework, files });
    const get = async (path: string) => {
      const response = await kiln.app.request(path, { headers: { host: previewHost(chatId, version) } });
      return { status: response.status, text: await response.text() };
    };
    return { state, get };
  }

  /** A project with no framework tooling: a Node script is its whole build. */
  const scriptProject = (build: string, files: Record<string, string>, extra: object = {}) => [
    {
      name: 'package.json',
      content: JSON.stringify(
        { name: 'plain', private: true, type: 'module', scripts: { build }, ...extra },
        null,
        2,
      ),
    },
    ...Object.entries(files).map(([name, content]) => ({ name, content })),
  ];

  it("keeps package.json as written: code may import its fields (version, homepage, a tool's own key)", async () => {
    const pkg = JSON.parse(templateWith('react', {}).find((file) => file.name === 'package.json')!.content);
    Object.assign(pkg, {
      version: '4.5.6',
      homepage: 'https://kiln.example/app',
      kiln: { marker: 'kept-field-7c1' },
    });
    const app = `import pkg from '../package.json';
export default function App() {
  return <p>{pkg.version} {pkg.homepage} {pkg.kiln.marker}</p>;
}
`;
    const { state, get } = await build(
      templateWith('react', { 'package.json': JSON.stringify(pkg, null, 2), 'src/App.tsx': app }),
    );
    expect(state).toEqual({ status: 'ready' });
    const html = (await get('/')).text;
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const bundle = (await get(script)).text;
    for (const text of ['4.5.6', 'https://kiln.example/app', 'kept-field-7c1'])
      expect(bundle).toContain(text);
  }, 180_000);

  it("serves the folder Vite's outDir names", async () => {
    const config = templateWith('react', {}).find((file) => file.name === 'vite.config.ts')!.content;
    const withOutDir = config.replace('defineConfig({', "defineConfig({\n  build: { outDir: 'site' },");
    expect(withOutDir).not.toBe(config);
    const { state, get } = await build(templateWith('react', { 'vite.config.ts': withOutDir }));
    expect(state).toEqual({ status: 'ready' });
    const page = (await get('/')).text;
    expect(page).toContain('<div id="root">');
    // Built pages get the preview's frame scripts too (storage fallback, link guard), first in <head>.
    expect(page).toMatch(/<head>\s*<script data-kiln-preview>/);
    expect(page).toContain("['localStorage','sessionStorage']");
  }, 180_000);

  it("serves a configured bundle folder's parent page (Rollup's public/build beside public/index.html)", async () => {
    const files = scriptProject('node build.mjs', {
      'build.mjs': `import fs from 'node:fs';
fs.mkdirSync('public/build', { recursive: true });
fs.writeFileSync('public/build/bundle.js', "document.body.append('bundled by rollup');");
`,
      'rollup.config.mjs':
        "export default { input: 'src/main.js', output: { file: 'public/build/bundle.js', format: 'iife' } };",
      'public/index.html':
        '<!doctype html><title>Rollup app</title><script defer src="/build/bundle.js"></script>',
      'src/main.js': "document.body.append('source');",
    });
    const { state, get } = await build(files, 'svelte');
    expect(state).toEqual({ status: 'ready' });
    expect((await get('/')).text).toContain('<title>Rollup app</title>');
    expect((await get('/build/bundle.js')).text).toContain('bundled by rollup');
    // The project's sources are not part of the site.
    expect((await get('/src/main.js')).status).toBe(404);
  }, 180_000);

  it('without a configured folder, serves the folder of the newest index.html the build wrote', async () => {
    const files = scriptProject('node scripts/site.mjs', {
      'scripts/site.mjs': `import fs from 'node:fs';
fs.mkdirSync('www/docs', { recursive: true });
fs.writeFileSync('www/index.html', '<!doctype html><h1>written by the build</h1><p>node ' + process.version + '</p>');
`,
      'index.html': '<!doctype html><h1>the source page</h1>',
      'public/index.html': '<!doctype html><h1>a stale copy</h1>',
    });
    const { state, get } = await build(files, 'vue');
    expect(state).toEqual({ status: 'ready' });
    const page = (await get('/')).text;
    expect(page).toContain('written by the build');
    // `node` in a script is the Node Kiln runs on (CI runs this suite on Node 24 from a folder of its own).
    expect(page).toContain(`node ${process.version}`);
  }, 180_000);

  it("serves React Router's ssr: false output: build/client with its prerendered pages and SPA fallback", async () => {
    // What `react-router build` writes with `ssr: false, prerender: ['/', '/about']` (issue 37),
    // in its order: the prerendered pages, then the SPA fallback; the server build is removed.
    const files = scriptProject('node prerender.mjs', {
      'prerender.mjs': `import fs from 'node:fs';
fs.mkdirSync('build/client/about', { recursive: true });
fs.writeFileSync('build/client/index.html', '<h1>home, prerendered</h1>');
fs.writeFileSync('build/client/_root.data', '[{"home":1}]');
fs.writeFileSync('build/client/about/index.html', '<h1>about, prerendered</h1>');
// Written after the home page, as a real prerender's pages are (the file clock is coarse).
const later = new Date(Date.now() + 2000);
fs.utimesSync('build/client/about/index.html', later, later);
fs.writeFileSync('build/client/__spa-fallback.html', '<p>the SPA shell</p>');
`,
      'react-router.config.ts': "export default { ssr: false, prerender: ['/', '/about'] };",
    });
    const { state, get } = await build(files, 'react');
    expect(state).toEqual({ status: 'ready' });
    expect((await get('/')).text).toContain('home, prerendered');
    expect((await get('/about')).text).toContain('about, prerendered');
    expect((await get('/_root.data')).text).toBe('[{"home":1}]');
    // A route that was not prerendered gets the shell, which renders any route in the browser.
    expect((await get('/users/42')).text).toContain('the SPA shell');
  }, 180_000);

  it('runs `pnpm run` and `npm run` in scripts, whatever pnpm version packageManager names', async () => {
    const build_ = 'pnpm run pages && npm run --silent stamp';
    const files = scriptProject(
      build_,
      {
        'pages.mjs': `import fs from 'node:fs';
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/index.html', '<p>made by pnpm run</p>');
`,
        'stamp.mjs': `import fs from 'node:fs';
fs.appendFileSync('dist/index.html', '<p>stamped by npm run</p>');
`,
      },
      {
        packageManager: 'pnpm@9.0.0',
        scripts: { build: build_, pages: 'node pages.mjs', stamp: 'node stamp.mjs' },
      },
    );
    const { state, get } = await build(files, 'vue');
    expect(state).toEqual({ status: 'ready' });
    const page = (await get('/')).text;
    expect(page).toContain('made by pnpm run');
    expect(page).toContain('stamped by npm run');
  }, 180_000);

  it("installs the direct dependencies' versions the lock file names", async () => {
    const files = scriptProject(
      'node site.mjs',
      {
        'site.mjs': `import fs from 'node:fs';
import { createRequire } from 'node:module';
const { version } = createRequire(import.meta.url)('ms/package.json');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/index.html', '<p>ms ' + version + '</p>');
`,
        'package-lock.json': JSON.stringify({
          name: 'plain',
          lockfileVersion: 3,
          packages: {
            '': { dependencies: { ms: '^2.0.0' } },
            'node_modules/ms': {
              version: '2.1.2',
              resolved: 'https://registry.npmjs.org/ms/-/ms-2.1.2.tgz',
              integrity:
                'sha512-sGkPx+VjMtmA6MX27oA4FBFELFCZZ4S4XqeGOXCv68tT+jb3vk/RyaKWP0PTKyWtmLSM0b+adUTEvbs1PEaH2w==',
            },
          },
        }),
      },
      { dependencies: { ms: '^2.0.0' } },
    );
    const { state, get } = await build(files, 'react');
    expect(state).toEqual({ status: 'ready' });
    expect((await get('/')).text).toMatch(/<p>ms 2\.1\.2<\/p>$/);
  }, 180_000);
  it("a configured output folder behind a link the build made is refused, never another build's output", async () => {
    // Another build's output is stored in {data}/builds/{hash}/; this build links `data` to the
    // data folder (../.. from its workspace) and names `data/builds` as its output folder.
    const other = await build(
      scriptProject('node other.mjs', {
        'other.mjs': `import fs from 'node:fs';
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/index.html', "<p>another person's page 51f</p>");
`,
      }),
      'react',
    );
    expect(other.state).toEqual({ status: 'ready' });
    const files = scriptProject('node link.mjs --outDir data/builds', {
      'link.mjs': `import fs from 'node:fs';
fs.symlinkSync('../..', 'data');
`,
    });
    const { state, get } = await build(files, 'react');
    expect(state.status).toBe('error');
    expect(state.error?.title).toBe('Build Error');
    expect(state.error?.content).toMatch(/data/);
    // The preview shows the build error, none of the other builds' pages.
    const page = (await get('/')).text;
    expect(page).toContain('Build Error');
    expect(page).not.toContain('51f');
  }, 180_000);
});
