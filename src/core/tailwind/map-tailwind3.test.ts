import { describe, expect, it } from 'vitest';
import {
  installedTailwind,
  mapTailwind3,
  relativePath,
  type TailwindProjectFile,
  type Tailwind3Mapping,
} from './map-tailwind3.ts';
import { COMPAT_MARKER } from './tailwind3-defaults.ts';

const TAILWIND4_PACKAGE = JSON.stringify({ devDependencies: { tailwindcss: '^4.1.0', vite: '^8.0.0' } });
const VITE_CONFIG = `import { defineConfig } from 'vite';\nimport tailwindcss from '@tailwindcss/vite';\nexport default defineConfig({ plugins: [tailwindcss()] });\n`;
const CONFIG = `export default {\n  content: ['./src/**/*.{js,ts,jsx,tsx,vue,svelte}'],\n  theme: { extend: { colors: { brand: '#483D8B' } } },\n};\n`;
const TAILWIND4 = `@import 'tailwindcss';\n`;
const DIRECTIVES = `@tailwind base;\n@tailwind components;\n@tailwind utilities;\n`;

function files(entries: Record<string, string>, locked: string[] = []): TailwindProjectFile[] {
  return Object.entries(entries).map(([name, content]) => ({
    name,
    content,
    isLocked: locked.includes(name),
  }));
}

/** The project after the mapping: written files replaced, removed ones gone. */
function applied(project: TailwindProjectFile[], mapping: Tailwind3Mapping): TailwindProjectFile[] {
  const written = new Map(mapping.files.map((file) => [file.name, file.content]));
  return project.flatMap((file) => {
    if (!written.has(file.name)) return [file];
    const content = written.get(file.name);
    return content === null || content === undefined ? [] : [{ ...file, content }];
  });
}

function contentOf(mapping: Tailwind3Mapping, name: string): string | null | undefined {
  return mapping.files.find((file) => file.name === name)?.content;
}

describe('installedTailwind: the Tailwind the package.json installs decides', () => {
  it.each([
    ['^3.4.1', 'tailwind3'],
    ['~3.3.0', 'tailwind3'],
    ['3.4.17', 'tailwind3'],
    ['^4.1.0', 'tailwind4'],
    ['>=3', 'tailwind4'],
    ['*', 'tailwind4'],
    ['latest', 'tailwind4'],
    ['4.0.0-beta.1', 'tailwind4'],
  ])('tailwindcss %s → %s', (range, expected) => {
    expect(installedTailwind(JSON.stringify({ devDependencies: { tailwindcss: range } }))).toBe(expected);
  });

  it.each([
    ['no tailwindcss', JSON.stringify({ dependencies: { react: '^19.0.0' } })],
    ['no package.json', undefined],
    ['an unreadable one', '{'],
  ])('%s → none', (_name, packageJson) => {
    expect(installedTailwind(packageJson)).toBe('none');
  });
});

describe('relativePath: from a stylesheet to the config', () => {
  it.each([
    ['src/index.css', 'tailwind.config.js', '../tailwind.config.js'],
    ['src/styles/main.css', 'tailwind.config.ts', '../../tailwind.config.ts'],
    ['index.css', 'tailwind.config.js', './tailwind.config.js'],
    ['src/components/Card.vue', 'src/style.css', '../style.css'],
    ['src/App.svelte', 'src/app.css', './app.css'],
  ])('%s → %s: %s', (from, to, expected) => {
    expect(relativePath(from, to)).toBe(expected);
  });
});

describe('mapTailwind3: the config reaches Tailwind 4 in every Vite template (rules 2, 3)', () => {
  it.each([
    ['React', 'src/index.css', 'src/main.tsx'],
    ['Vue', 'src/style.css', 'src/main.ts'],
    ['Svelte', 'src/app.css', 'src/main.ts'],
  ])(
    "%s: the template's stylesheet names the answer's config, with Tailwind 3's defaults",
    (_name, stylesheet, entry) => {
      const project = files({
        'package.json': TAILWIND4_PACKAGE,
        'vite.config.ts': VITE_CONFIG,
        [entry]: `import './${stylesheet.slice(4)}';\n`,
        [stylesheet]: TAILWIND4,
        'tailwind.config.js': CONFIG,
      });
      const mapping = mapTailwind3(project, {
        templateFiles: new Set(['package.json', 'vite.config.ts', entry, stylesheet]),
      });
      expect(mapping.files.map((file) => file.name)).toEqual([stylesheet]);
      const css = contentOf(mapping, stylesheet)!;
      expect(
        css.startsWith(`@import 'tailwindcss';\n@config '../tailwind.config.js';\n\n/* ${COMPAT_MARKER}`),
      ).toBe(true);
      expect(mapping.notes).toEqual([
        `Kiln added the template's ${stylesheet} for Tailwind 4 with @config '../tailwind.config.js' so the config's theme and plugins apply; Tailwind 3's defaults where Tailwind 4 changed them (border colour, ring, small shadow and radius).`,
      ]);
      // Fitting the fitted project changes nothing.
      expect(mapTailwind3(applied(project, mapping))).toEqual({ files: [], notes: [] });
    },
  );

  it('Angular: its own styles.css with the directives, the config through PostCSS', () => {
    const project = files({
      'package.json': JSON.stringify({
        devDependencies: { '@tailwindcss/postcss': '^4.1.0', tailwindcss: '^4.1.0' },
      }),
      '.postcssrc.json': `{\n  "plugins": {\n    "@tailwindcss/postcss": {}\n  }\n}\n`,
      'src/styles.css': `${DIRECTIVES}\n@layer components {\n  .btn { @apply px-6 py-3; }\n}\n`,
      'tailwind.config.js': `module.exports = { content: ['./src/**/*.{html,ts}'] };\n`,
    });
    const mapping = mapTailwind3(project);
    expect(mapping.files.map((file) => file.name)).toEqual(['src/styles.css']);
    const css = contentOf(mapping, 'src/styles.css')!;
    expect(css).toMatch(/^@import 'tailwindcss';\n@config '\.\.\/tailwind\.config\.js';\n/);
    expect(css).not.toContain('@tailwind');
    expect(css.trimEnd().endsWith('@layer components {\n  .btn { @apply px-6 py-3; }\n}')).toBe(true);
    expect(mapping.notes[0]).toMatch(
      /^Kiln updated src\/styles\.css for Tailwind 4: @import 'tailwindcss' in place/,
    );
  });

  it('the first config Tailwind 3 reads is the one named', () => {
    const project = files({
      'package.json': TAILWIND4_PACKAGE,
      'src/index.css': TAILWIND4,
      'tailwind.config.ts': CONFIG,
      'tailwind.config.cjs': CONFIG,
    });
    expect(contentOf(mapTailwind3(project), 'src/index.css')).toContain("@config '../tailwind.config.cjs';");
  });

  it("an answer whose own stylesheet loads Tailwind 4 gets the config, not Tailwind 3's defaults", () => {
    const project = files({
      'package.json': TAILWIND4_PACKAGE,
      'src/index.css': TAILWIND4,
      'tailwind.config.js': CONFIG,
    });
    expect(contentOf(mapTailwind3(project), 'src/index.css')).toBe(
      `@import 'tailwindcss';\n@config '../tailwind.config.js';\n`,
    );
  });

  it("Tailwind 3 in the answer's own package.json asks for Tailwind 3's defaults", () => {
    const project = files({ 'package.json': TAILWIND4_PACKAGE, 'src/index.css': TAILWIND4 });
    const ownPackageJson = JSON.stringify({ devDependencies: { tailwindcss: '^3.4.1' } });
    expect(contentOf(mapTailwind3(project, { ownPackageJson }), 'src/index.css')).toContain(COMPAT_MARKER);
  });
});

describe('mapTailwind3: Tailwind 3 stylesheets and PostCSS configs (rules 1, 6)', () => {
  it('React with the directives and a v3 PostCSS config: the stylesheet is mapped, the config removed', () => {
    const project = files({
      'package.json': TAILWIND4_PACKAGE,
      'vite.config.ts': VITE_CONFIG,
      'postcss.config.js': `export default {\n  plugins: {\n    tailwindcss: {},\n    autoprefixer: {},\n  },\n};\n`,
      'src/index.css': DIRECTIVES,
      'tailwind.config.js': CONFIG,
    });
    const mapping = mapTailwind3(project);
    expect(mapping.files.map((file) => [file.name, file.content === null])).toEqual([
      ['postcss.config.js', true],
      ['src/index.css', false],
    ]);
    expect(mapping.notes[0]).toBe(
      "Kiln removed postcss.config.js: Tailwind 4 runs in the template's Vite plugin and adds vendor prefixes itself, so its tailwindcss and autoprefixer plugins had nothing left to do.",
    );
  });

  it('a project building Tailwind with PostCSS gets @tailwindcss/postcss', () => {
    const project = files({
      'package.json': TAILWIND4_PACKAGE,
      'vite.config.js': `import { defineConfig } from 'vite';\nexport default defineConfig({});\n`,
      'postcss.config.cjs': `module.exports = {\n  plugins: {\n    tailwindcss: {},\n    autoprefixer: {},\n  },\n};\n`,
      'src/index.css': DIRECTIVES,
    });
    const mapping = mapTailwind3(project);
    expect(contentOf(mapping, 'postcss.config.cjs')).toBe(
      `module.exports = {\n  plugins: {\n    '@tailwindcss/postcss': {},\n  },\n};\n`,
    );
    expect(mapping.notes[0]).toBe(
      'Kiln updated postcss.config.cjs for Tailwind 4: @tailwindcss/postcss in place of tailwindcss; without autoprefixer (Tailwind 4 does its work itself).',
    );
  });

  it("Tailwind 3 stays Tailwind 3 where the project's own toolchain installs it", () => {
    const project = files({
      'package.json': JSON.stringify({ devDependencies: { tailwindcss: '^3.4.1', vite: '^4.5.0' } }),
      'vite.config.js': `export default {};\n`,
      'postcss.config.js': `export default { plugins: { tailwindcss: {}, autoprefixer: {} } };\n`,
      'src/index.css': DIRECTIVES,
      'tailwind.config.js': CONFIG,
    });
    expect(mapTailwind3(project)).toEqual({ files: [], notes: [] });
  });

  it('a project without Tailwind is none of its business', () => {
    const project = files({
      'package.json': JSON.stringify({ dependencies: { vue: '^3.5.0' } }),
      'src/App.vue': `<template><p class="x">Hi</p></template>\n<style scoped>\n.x { @apply p-4; }\n</style>\n`,
    });
    expect(mapTailwind3(project)).toEqual({ files: [], notes: [] });
  });
});

describe('mapTailwind3: stylesheets Tailwind builds on their own read it through @reference (rule 4)', () => {
  it("a Vue component's style block, a Svelte one and a CSS module; an @imported stylesheet and public/ are not", () => {
    const project = files({
      'package.json': TAILWIND4_PACKAGE,
      'vite.config.ts': VITE_CONFIG,
      'src/style.css': `@import 'tailwindcss';\n@import './buttons.css';\n`,
      'src/buttons.css': `.btn { @apply rounded-lg px-4; }\n`,
      'src/components/Card.vue': `<template><div class="card" /></template>\n\n<style scoped>\n.card {\n  @apply rounded-xl bg-white;\n}\n</style>\n\n<style lang="scss">\n.x { @apply p-4; }\n</style>\n`,
      'src/lib/Chip.svelte': `<span class="chip">x</span>\n<style>\n  .chip { @apply bg-black bg-opacity-50; }\n</style>\n`,
      'src/Title.module.css': `.title { @apply text-2xl; }\n`,
      'public/raw.css': `.raw { @apply p-4; }\n`,
    });
    const mapping = mapTailwind3(project);
    expect(mapping.files.map((file) => file.name)).toEqual([
      'src/components/Card.vue',
      'src/lib/Chip.svelte',
      'src/Title.module.css',
    ]);
    expect(contentOf(mapping, 'src/components/Card.vue')).toBe(
      `<template><div class="card" /></template>\n\n<style scoped>\n@reference '../style.css';\n.card {\n  @apply rounded-xl bg-white;\n}\n</style>\n\n<style lang="scss">\n.x { @apply p-4; }\n</style>\n`,
    );
    expect(contentOf(mapping, 'src/lib/Chip.svelte')).toBe(
      `<span class="chip">x</span>\n<style>\n@reference '../style.css';\n  .chip { @apply bg-black/50; }\n</style>\n`,
    );
    expect(contentOf(mapping, 'src/Title.module.css')).toBe(
      `@reference './style.css';\n.title { @apply text-2xl; }\n`,
    );
    expect(mapping.notes).toEqual([
      "Kiln updated src/components/Card.vue for Tailwind 4: @reference '../style.css' so @apply finds Tailwind's utilities.",
      "Kiln updated src/lib/Chip.svelte for Tailwind 4: @reference '../style.css' so @apply finds Tailwind's utilities; bg-black/50 for bg-black bg-opacity-50 in @apply.",
      "Kiln updated src/Title.module.css for Tailwind 4: @reference './style.css' so @apply finds Tailwind's utilities.",
    ]);
  });

  it("a @layer class that a component's @apply names becomes a @utility in the stylesheet that defines it", () => {
    const project = files({
      'package.json': TAILWIND4_PACKAGE,
      'vite.config.ts': VITE_CONFIG,
      'src/style.css': `@import 'tailwindcss';\n\n@layer components {\n  .card {\n    @apply rounded-xl p-6;\n  }\n}\n`,
      'src/App.vue': `<template><a class="cta" /></template>\n<style>\n.cta { @apply card bg-black; }\n</style>\n`,
    });
    const mapping = mapTailwind3(project);
    expect(contentOf(mapping, 'src/style.css')).toBe(
      `@import 'tailwindcss';\n\n@utility card {\n    @apply rounded-xl p-6;\n  }\n`,
    );
    expect(mapping.notes[0]).toBe(
      'Kiln updated src/style.css for Tailwind 4: @utility card for the @layer class that @apply names.',
    );
  });
});

describe('mapTailwind3: locked files are never changed', () => {
  it('a locked stylesheet and PostCSS config stay as the person wrote them; the rest is fitted', () => {
    const project = files(
      {
        'package.json': TAILWIND4_PACKAGE,
        'vite.config.ts': VITE_CONFIG,
        'postcss.config.js': `export default { plugins: { tailwindcss: {} } };\n`,
        'src/index.css': DIRECTIVES,
        'src/App.vue': `<template><p class="x" /></template>\n<style>\n.x { @apply p-4; }\n</style>\n`,
        'tailwind.config.js': CONFIG,
      },
      ['src/index.css', 'postcss.config.js'],
    );
    expect(mapTailwind3(project).files.map((file) => file.name)).toEqual(['src/App.vue']);
  });
});
