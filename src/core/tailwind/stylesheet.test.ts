import { describe, expect, it } from 'vitest';
import { mapStylesheet, readStylesheet } from './stylesheet.ts';
import { COMPAT_MARKER } from './tailwind3-defaults.ts';

describe('readStylesheet: what Tailwind needs to know of a stylesheet', () => {
  it.each([
    ['Tailwind 4', `@import 'tailwindcss';`, { loadsTailwind: true, hasTailwind3Directives: false }],
    ['Tailwind 4 in double quotes and url()', `@import url("tailwindcss");`, { loadsTailwind: true }],
    ['Tailwind 4 with a prefix', `@import "tailwindcss" prefix(tw);`, { loadsTailwind: true }],
    [
      'Tailwind 3 directives',
      `@tailwind base;\n@tailwind components;\n@tailwind utilities;`,
      { hasTailwind3Directives: true },
    ],
    [
      "Tailwind 3's postcss-import stylesheets",
      `@import 'tailwindcss/base';\n@import 'tailwindcss/utilities';`,
      { hasTailwind3Directives: true, loadsTailwind: false },
    ],
    [
      'a directive only in a comment',
      `/* @tailwind base; */\nbody { margin: 0 }`,
      { hasTailwind3Directives: false },
    ],
    [
      '@config and @reference',
      `@reference '../app.css';\n@config '../tailwind.config.js';`,
      { hasConfig: true, hasReference: true },
    ],
    [
      '@apply',
      `.btn { @apply md:hover:!px-4 rounded-lg !important; }`,
      { usesTailwind: true, appliedNames: ['px-4', 'rounded-lg'] },
    ],
    ['theme()', `.a { color: theme(colors.brand.500); }`, { usesTailwind: true }],
    ['@screen', `@screen md { .a { color: red; } }`, { usesTailwind: true }],
    ['plain CSS', `.a { color: red; }`, { usesTailwind: false }],
    [
      'relative imports',
      `@import './buttons.css';\n@import url('../base.css');\n@import 'pkg/x.css';`,
      { imports: ['./buttons.css', '../base.css'] },
    ],
  ])('%s', (_name, css, expected) => {
    expect(readStylesheet(css)).toMatchObject(expected);
  });

  it('a stylesheet that does not parse gives null', () => {
    expect(readStylesheet('.a { color: red;')).toBeNull();
  });
});

describe('mapStylesheet: Tailwind 3 directives become Tailwind 4 (decision 0059 rule 1)', () => {
  it('the three directives become one @import where the first one was; the rest stays as written', () => {
    const css = `@tailwind base;\n@tailwind components;\n@tailwind utilities;\n\n@layer components {\n  .btn { @apply px-4; }\n}\n`;
    expect(mapStylesheet(css, {})).toEqual({
      content: `@import 'tailwindcss';\n\n@layer components {\n  .btn { @apply px-4; }\n}\n`,
      changes: [{ kind: 'directives' }],
    });
  });

  it("Tailwind 3's postcss-import stylesheets become the same one import", () => {
    const css = `@import 'tailwindcss/base';\n@import "tailwindcss/components";\n@import 'tailwindcss/utilities';\nbody { margin: 0; }\n`;
    expect(mapStylesheet(css, {})?.content).toBe(`@import 'tailwindcss';\nbody { margin: 0; }\n`);
  });

  it('a stylesheet that loads Tailwind 4 already loses the directives beside it', () => {
    const css = `@import 'tailwindcss';\n@tailwind utilities;\n.a { color: red; }\n`;
    expect(mapStylesheet(css, {})?.content).toBe(`@import 'tailwindcss';\n.a { color: red; }\n`);
  });

  it('imports around the directives stay where they are', () => {
    const css = `@import url('https://fonts.googleapis.com/css2?family=Inter');\n@tailwind base;\n@tailwind utilities;\n`;
    expect(mapStylesheet(css, {})?.content).toBe(
      `@import url('https://fonts.googleapis.com/css2?family=Inter');\n@import 'tailwindcss';\n`,
    );
  });
});

describe('mapStylesheet: the config through @config (rule 2)', () => {
  it('is named right after the import', () => {
    expect(mapStylesheet(`@import 'tailwindcss';\n`, { config: '../tailwind.config.js' })).toEqual({
      content: `@import 'tailwindcss';\n@config '../tailwind.config.js';\n`,
      changes: [{ kind: 'config', path: '../tailwind.config.js' }],
    });
  });

  it('a stylesheet naming a config already is left alone', () => {
    const css = `@import 'tailwindcss';\n@config "./tw.config.ts";\n`;
    expect(mapStylesheet(css, { config: '../tailwind.config.js' })).toBeNull();
  });

  it('a stylesheet that does not load Tailwind gets no @config', () => {
    expect(mapStylesheet(`.a { color: red; }\n`, { config: '../tailwind.config.js' })).toBeNull();
  });
});

describe("mapStylesheet: Tailwind 3's defaults (rule 3)", () => {
  it('come after the leading imports, once', () => {
    const css = `@tailwind base;\n@tailwind utilities;\n@import url(https://fonts.example/x.css);\n\nbody { font-family: Inter; }\n`;
    const mapped = mapStylesheet(css, { config: '../tailwind.config.js', tailwind3Defaults: true })!;
    expect(mapped.changes.map((change) => change.kind)).toEqual(['directives', 'config', 'defaults']);
    const lines = mapped.content.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      "@import 'tailwindcss';",
      "@config '../tailwind.config.js';",
      '@import url(https://fonts.example/x.css);',
    ]);
    expect(lines[4]).toContain(COMPAT_MARKER);
    expect(mapped.content).toContain('--default-ring-width: 3px;');
    expect(mapped.content).toContain('border-color: var(--color-gray-200, currentcolor);');
    expect(mapped.content.trimEnd().endsWith('body { font-family: Inter; }')).toBe(true);
    // Mapping the mapped stylesheet changes nothing.
    expect(
      mapStylesheet(mapped.content, { config: '../tailwind.config.js', tailwind3Defaults: true }),
    ).toBeNull();
  });

  it('are not added to a stylesheet that does not load Tailwind', () => {
    expect(mapStylesheet(`.a { color: red; }\n`, { tailwind3Defaults: true })).toBeNull();
  });
});

describe('mapStylesheet: a stylesheet built on its own reads Tailwind through @reference (rule 4)', () => {
  it.each([
    [
      'a Vue or Svelte block',
      `\n.btn {\n  @apply rounded-lg bg-brand-500;\n}\n`,
      `\n@reference '../app.css';\n.btn {\n  @apply rounded-lg bg-brand-500;\n}\n`,
    ],
    [
      'a CSS module',
      `.title { @apply text-2xl; }\n`,
      `@reference '../app.css';\n.title { @apply text-2xl; }\n`,
    ],
    [
      'after @charset',
      `@charset "utf-8";\n.a { @apply p-4; }`,
      `@charset "utf-8";\n@reference '../app.css';\n.a { @apply p-4; }`,
    ],
    [
      'theme() needs it too',
      `.a { color: theme(colors.brand.500); }`,
      `@reference '../app.css';\n.a { color: theme(colors.brand.500); }`,
    ],
  ])('%s', (_name, css, expected) => {
    expect(mapStylesheet(css, { reference: '../app.css' })).toEqual({
      content: expected,
      changes: [{ kind: 'reference', path: '../app.css' }],
    });
  });

  it.each([
    ['one without Tailwind', `.a { color: red; }`],
    ['one that references Tailwind already', `@reference "tailwindcss";\n.a { @apply p-4; }`],
    ['one that loads Tailwind itself', `@import 'tailwindcss';\n.a { @apply p-4; }`],
  ])('%s is left alone', (_name, css) => {
    expect(mapStylesheet(css, { reference: '../app.css' })).toBeNull();
  });
});

describe("mapStylesheet: Tailwind 3's opacity utilities in @apply (rule 5)", () => {
  it('merge into the colour of the same kind; a lone one goes', () => {
    const css = `.overlay { @apply fixed inset-0 bg-black bg-opacity-50; }\n.muted { @apply text-opacity-75; }\n`;
    expect(mapStylesheet(css, {})).toEqual({
      content: `.overlay { @apply fixed inset-0 bg-black/50; }\n.muted { }\n`,
      changes: [
        { kind: 'opacity', from: 'bg-black bg-opacity-50', to: 'bg-black/50' },
        { kind: 'opacity', from: 'text-opacity-75', to: '' },
      ],
    });
  });
});

describe('mapStylesheet: a @layer class that @apply names becomes a @utility (rule 5)', () => {
  it('moves out of the layer (the layer goes when left empty)', () => {
    const css = `@import 'tailwindcss';\n\n@layer components {\n  .card {\n    @apply rounded-xl p-6;\n  }\n}\n`;
    expect(mapStylesheet(css, { appliedNames: new Set(['card']) })).toEqual({
      content: `@import 'tailwindcss';\n\n@utility card {\n    @apply rounded-xl p-6;\n  }\n`,
      changes: [{ kind: 'utility', name: 'card' }],
    });
  });

  it('only the applied classes move; other rules and selectors stay in the layer', () => {
    const css = `@layer components {\n  .card { @apply p-6; }\n  .card:hover { color: red; }\n  .link { color: blue; }\n}\n`;
    const mapped = mapStylesheet(css, { appliedNames: new Set(['card', 'link-x']) })!;
    expect(mapped.content).toBe(
      `@layer components {\n  .card:hover { color: red; }\n  .link { color: blue; }\n}\n\n@utility card { @apply p-6; }\n`,
    );
  });

  it('a layer of base styles is not a utility', () => {
    expect(
      mapStylesheet(`@layer base {\n  .card { color: red; }\n}\n`, { appliedNames: new Set(['card']) }),
    ).toBeNull();
  });
});

describe('mapStylesheet: what it leaves alone', () => {
  it('a Tailwind 4 stylesheet with nothing to map', () => {
    expect(
      mapStylesheet(`@import 'tailwindcss';\n.a { @apply p-4 bg-black/50; }\n`, { tailwind3Defaults: false }),
    ).toBeNull();
  });

  it('a stylesheet that does not parse', () => {
    expect(mapStylesheet(`@tailwind base;\n.a {`, { config: '../tailwind.config.js' })).toBeNull();
  });
});
