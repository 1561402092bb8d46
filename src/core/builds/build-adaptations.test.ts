import { describe, expect, it } from 'vitest';
import { buildAdaptations } from './build-adaptations.ts';
import {
  hasSvelteKitServerCode,
  withStaticSvelteKitAdapter,
  withSvelteKitAdapter,
} from './sveltekit-static.ts';

const svConfig = `import adapter from '@sveltejs/adapter-auto';
import { sveltekit } from '@sveltejs/kit/vite';
export default defineConfig({ plugins: [sveltekit({ adapter: adapter() })] });
`;

describe('workspace adaptations for a preview build', () => {
  it("swaps SvelteKit's adapter-auto for adapter-static with a fallback page", () => {
    expect(withStaticSvelteKitAdapter(svConfig)).toBe(`import adapter from '@sveltejs/adapter-static';
import { sveltekit } from '@sveltejs/kit/vite';
export default defineConfig({ plugins: [sveltekit({ adapter: adapter({ fallback: 'index.html', strict: false }) })] });
`);
    expect(
      withStaticSvelteKitAdapter('import auto from "@sveltejs/adapter-auto";\nkit: { adapter: auto() }'),
    ).toBe(
      'import auto from "@sveltejs/adapter-static";\nkit: { adapter: auto({ fallback: \'index.html\', strict: false }) }',
    );
    expect(withStaticSvelteKitAdapter("import adapter from '@sveltejs/adapter-node';")).toBeNull();
  });

  it('adds adapter-static to the install and names its output folder, for SvelteKit projects only', () => {
    const kit = buildAdaptations([{ name: 'vite.config.ts', content: svConfig }], new Set(['@sveltejs/kit']));
    expect(kit.devDependencies).toEqual({ '@sveltejs/adapter-static': '^3.0.0' });
    expect(kit.outputDirs).toEqual(['build']);
    expect(kit.files.map((file) => file.name)).toEqual(['vite.config.ts']);
    expect(buildAdaptations([{ name: 'vite.config.ts', content: svConfig }], new Set())).toEqual({
      files: [],
      devDependencies: {},
      outputDirs: [],
    });
  });

  it('swaps adapter-auto for adapter-node as it is (its defaults: build/, PORT and HOST)', () => {
    expect(withSvelteKitAdapter(svConfig, 'node')).toBe(`import adapter from '@sveltejs/adapter-node';
import { sveltekit } from '@sveltejs/kit/vite';
export default defineConfig({ plugins: [sveltekit({ adapter: adapter() })] });
`);
    expect(withSvelteKitAdapter("import adapter from '@sveltejs/adapter-static';", 'node')).toBeNull();
  });

  it('recognises the code SvelteKit runs only on a server', () => {
    for (const serverFile of [
      'src/routes/sverdle/+page.server.ts',
      'src/routes/+layout.server.js',
      'src/routes/api/items/+server.ts',
      'src/hooks.server.ts',
      'src/lib/server/db.ts',
    ]) {
      expect(hasSvelteKitServerCode(['src/routes/+page.svelte', serverFile]), serverFile).toBe(true);
    }
    expect(
      hasSvelteKitServerCode([
        'src/routes/+page.svelte',
        'src/routes/+page.ts',
        'src/routes/about/+layout.ts',
        'src/hooks.client.ts',
        'src/lib/index.ts',
        'src/lib/serverless-note.ts',
      ]),
    ).toBe(false);
  });

  it('gives a SvelteKit project with server code adapter-node, and no static output folder', () => {
    const files = [
      { name: 'vite.config.ts', content: svConfig },
      { name: 'src/routes/sverdle/+page.server.ts', content: 'export const actions = {};' },
    ];
    const kit = buildAdaptations(files, new Set(['@sveltejs/kit']));
    expect(kit.devDependencies).toEqual({ '@sveltejs/adapter-node': '^5.0.0' });
    expect(kit.files).toEqual([{ name: 'vite.config.ts', content: withSvelteKitAdapter(svConfig, 'node') }]);
    expect(kit.outputDirs).toEqual([]);
    // Declared already: installed as the project says.
    const declared = buildAdaptations(files, new Set(['@sveltejs/kit', '@sveltejs/adapter-node']));
    expect(declared.devDependencies).toEqual({});
  });

  it("turns Angular's font inlining off", () => {
    const angular = JSON.stringify({ projects: { a: { architect: { build: { options: {} } } } } });
    const adapted = buildAdaptations([{ name: 'angular.json', content: angular }], new Set());
    expect(JSON.parse(adapted.files[0]!.content).projects.a.architect.build.options.optimization.fonts).toBe(
      false,
    );
  });
});
