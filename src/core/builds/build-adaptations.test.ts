import { describe, expect, it } from 'vitest';
import { buildAdaptations } from './build-adaptations.ts';
import { withStaticSvelteKitAdapter } from './sveltekit-static.ts';

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

  it("turns Angular's font inlining off", () => {
    const angular = JSON.stringify({ projects: { a: { architect: { build: { options: {} } } } } });
    const adapted = buildAdaptations([{ name: 'angular.json', content: angular }], new Set());
    expect(JSON.parse(adapted.files[0]!.content).projects.a.architect.build.options.optimization.fonts).toBe(
      false,
    );
  });
});
