import { describe, expect, it } from 'vitest';
import { configuredOutputDirs, normalizeDir } from './output-dirs.ts';

const file = (name: string, content: string) => ({ name, content });

describe("a build's output folder, read from the bundler's configuration", () => {
  it("reads Vite's outDir (relative to its root)", () => {
    expect(
      configuredOutputDirs([file('vite.config.ts', "export default { build: { outDir: 'docs' } }")], null),
    ).toEqual(['docs']);
    expect(
      configuredOutputDirs(
        [file('vite.config.js', "export default { root: 'src', build: { outDir: '../site' } }")],
        null,
      ),
    ).toEqual(['site']);
  });

  it("reads Angular's outputPath: {base}/browser for the application builder, as is for the webpack builder", () => {
    const angular = (builder: string, outputPath?: unknown) =>
      file(
        'angular.json',
        JSON.stringify({
          projects: {
            lib: { projectType: 'library', architect: { build: { builder: 'x:ng-packagr' } } },
            shop: { projectType: 'application', architect: { build: { builder, options: { outputPath } } } },
          },
        }),
      );
    expect(configuredOutputDirs([angular('@angular/build:application', 'dist/shop')], null)).toEqual([
      'dist/shop/browser',
    ]);
    expect(
      configuredOutputDirs(
        [angular('@angular-devkit/build-angular:application', { base: 'out', browser: '' })],
        null,
      ),
    ).toEqual(['out']);
    expect(
      configuredOutputDirs([angular('@angular-devkit/build-angular:browser', 'dist/shop')], null),
    ).toEqual(['dist/shop']);
    expect(configuredOutputDirs([angular('@angular/build:application')], null)).toEqual([
      'dist/shop/browser',
    ]);
  });

  it("reads webpack's output.path and Rollup's output file or dir", () => {
    const webpack =
      "module.exports = { output: { path: path.resolve(__dirname, 'public', 'assets'), filename: 'x.js' } };";
    expect(configuredOutputDirs([file('webpack.prod.js', webpack)], null)).toEqual(['public/assets']);
    expect(
      configuredOutputDirs([file('webpack.config.js', "module.exports = { output: { path: 'www' } }")], null),
    ).toEqual(['www']);
    const rollup =
      "export default { input: 'src/main.js', output: { file: 'public/build/bundle.js', format: 'iife' } };";
    expect(configuredOutputDirs([file('rollup.config.js', rollup)], null)).toEqual(['public/build']);
  });

  it("reads the build script's output flags and SvelteKit's static adapter", () => {
    expect(configuredOutputDirs([], 'parcel build src/index.html --dist-dir www')).toEqual(['www']);
    expect(configuredOutputDirs([], 'esbuild src/app.ts --bundle --outfile=site/js/app.js')).toEqual([
      'site/js',
    ]);
    expect(configuredOutputDirs([], 'vite build --outDir "web"')).toEqual(['web']);
    const svelte =
      "import adapter from '@sveltejs/adapter-static'; export default { kit: { adapter: adapter({ fallback: 'index.html' }) } };";
    expect(configuredOutputDirs([file('svelte.config.js', svelte)], 'vite build')).toEqual(['build']);
  });

  it("names React Router's and Remix's client folder: ssr: false's static site (issue 37)", () => {
    const spa = 'export default { ssr: false, prerender: ["/", "/about"] } satisfies Config;';
    expect(configuredOutputDirs([file('react-router.config.ts', spa)], 'react-router build')).toEqual([
      'build/client',
    ]);
    const moved = "export default { ssr: false, buildDirectory: 'out' } satisfies Config;";
    expect(configuredOutputDirs([file('react-router.config.ts', moved)], null)).toEqual(['out/client']);
    const remix =
      "import { vitePlugin as remix } from '@remix-run/dev';\nexport default defineConfig({ plugins: [remix({ ssr: false })] });";
    expect(configuredOutputDirs([file('vite.config.ts', remix)], 'remix vite:build')).toEqual([
      'build/client',
    ]);
    // Another Vite app's config names no such folder.
    expect(
      configuredOutputDirs([file('vite.config.ts', 'export default { plugins: [react()] }')], null),
    ).toEqual([]);
  });

  it('does not read a config too large to be one (its patterns run in Kiln itself)', () => {
    const huge = '//' + 'output: {'.repeat(25_000) + "\nmodule.exports = { output: { path: 'www' } };";
    expect(configuredOutputDirs([file('webpack.config.js', huge)], null)).toEqual([]);
  });

  it('never names the project itself, a folder above it or an absolute path', () => {
    expect(
      configuredOutputDirs([file('vite.config.ts', "build: { outDir: '../../etc' }")], '--outDir .'),
    ).toEqual([]);
    expect(normalizeDir('/etc')).toBeNull();
    expect(normalizeDir('./a/../b/')).toBe('b');
  });
});
