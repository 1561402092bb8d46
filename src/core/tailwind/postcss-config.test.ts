import { describe, expect, it } from 'vitest';
import { mapPostcssConfig, postcssPluginNames } from './postcss-config.ts';

const ESM_OBJECT = `export default {\n  plugins: {\n    tailwindcss: {},\n    autoprefixer: {},\n  },\n};\n`;
const CJS_OBJECT = `module.exports = {\n  plugins: {\n    tailwindcss: {},\n    autoprefixer: {},\n  },\n}\n`;
const CJS_REQUIRE = `module.exports = {\n  plugins: [require('tailwindcss'), require('autoprefixer')],\n};\n`;
const ESM_IMPORTS = `import tailwindcss from 'tailwindcss';\nimport autoprefixer from 'autoprefixer';\n\nexport default {\n  plugins: [tailwindcss(), autoprefixer],\n};\n`;
const WITH_OTHERS = `import nested from 'postcss-nested';\n\nexport default {\n  plugins: {\n    'postcss-import': {},\n    'tailwindcss/nesting': {},\n    tailwindcss: {},\n    'postcss-preset-env': { stage: 1 },\n    autoprefixer: {},\n  },\n};\n`;
const TYPED = `import type { Config } from 'postcss-load-config';\n\nconst config: Config = {\n  plugins: {\n    tailwindcss: {},\n    autoprefixer: {},\n  },\n};\n\nexport default config;\n`;

describe('postcssPluginNames: the plugins a PostCSS config names', () => {
  it.each([
    ['an object', 'postcss.config.js', ESM_OBJECT, ['tailwindcss', 'autoprefixer']],
    ['require()s', 'postcss.config.cjs', CJS_REQUIRE, ['tailwindcss', 'autoprefixer']],
    ['imported plugins, called or not', 'postcss.config.mjs', ESM_IMPORTS, ['tailwindcss', 'autoprefixer']],
    ['JSON', '.postcssrc.json', `{"plugins": {"@tailwindcss/postcss": {}}}`, ['@tailwindcss/postcss']],
    [
      'a JSON list',
      'postcss.config.json',
      `{"plugins": ["tailwindcss", ["autoprefixer", {}]]}`,
      ['tailwindcss', 'autoprefixer'],
    ],
  ])('%s', (_name, file, content, expected) => {
    expect(postcssPluginNames(file, content)).toEqual(expected);
  });

  it('a config that does not parse gives null', () => {
    expect(postcssPluginNames('postcss.config.js', 'export default {')).toBeNull();
  });
});

describe("mapPostcssConfig: Tailwind's Vite plugin runs Tailwind (React, Vue, Svelte templates)", () => {
  it.each([
    ['an ES module object', 'postcss.config.js', ESM_OBJECT],
    ['a CommonJS object', 'postcss.config.js', CJS_OBJECT],
    ['require()s', 'postcss.config.cjs', CJS_REQUIRE],
    ['imports', 'postcss.config.mjs', ESM_IMPORTS],
    ['a typed config in a variable', 'postcss.config.ts', TYPED],
    [
      'JSON',
      '.postcssrc.json',
      `{\n  "plugins": {\n    "tailwindcss": {},\n    "autoprefixer": {}\n  }\n}\n`,
    ],
  ])('a config of only Tailwind 3 and autoprefixer is removed: %s', (_name, file, content) => {
    expect(mapPostcssConfig(file, content, 'vite-plugin')).toEqual({
      content: null,
      removed: ['tailwindcss', 'autoprefixer'],
      replaced: false,
    });
  });

  it('other plugins stay, as written', () => {
    expect(mapPostcssConfig('postcss.config.js', WITH_OTHERS, 'vite-plugin')).toEqual({
      content: `import nested from 'postcss-nested';\n\nexport default {\n  plugins: {\n    'postcss-preset-env': { stage: 1 },\n  },\n};\n`,
      removed: ['postcss-import', 'tailwindcss/nesting', 'tailwindcss', 'autoprefixer'],
      replaced: false,
    });
  });

  it('a config with other options keeps them, with no plugin left', () => {
    const content = `module.exports = {\n  map: false,\n  plugins: {\n    tailwindcss: {},\n  },\n};\n`;
    expect(mapPostcssConfig('postcss.config.js', content, 'vite-plugin')?.content).toBe(
      `module.exports = {\n  map: false,\n  plugins: {},\n};\n`,
    );
  });

  it('an imported plugin that goes takes its import with it', () => {
    const content = `import tailwindcss from 'tailwindcss';\nimport autoprefixer from 'autoprefixer';\nimport nested from 'postcss-nested';\n\nexport default {\n  plugins: [tailwindcss, nested, autoprefixer],\n};\n`;
    expect(mapPostcssConfig('postcss.config.js', content, 'vite-plugin')?.content).toBe(
      `import nested from 'postcss-nested';\n\nexport default {\n  plugins: [nested],\n};\n`,
    );
  });
});

describe("mapPostcssConfig: PostCSS runs Tailwind (Angular's template, a project's own Vite config)", () => {
  it.each([
    [
      'an object',
      'postcss.config.js',
      ESM_OBJECT,
      `export default {\n  plugins: {\n    '@tailwindcss/postcss': {},\n  },\n};\n`,
    ],
    [
      'require()s',
      'postcss.config.cjs',
      CJS_REQUIRE,
      `module.exports = {\n  plugins: [require('@tailwindcss/postcss')],\n};\n`,
    ],
    [
      'imports',
      'postcss.config.mjs',
      ESM_IMPORTS,
      `import tailwindcss from '@tailwindcss/postcss';\n\nexport default {\n  plugins: [tailwindcss()],\n};\n`,
    ],
    [
      'JSON',
      '.postcssrc.json',
      `{\n  "plugins": {\n    "tailwindcss": {},\n    "autoprefixer": {}\n  }\n}\n`,
      `{\n  "plugins": {\n    "@tailwindcss/postcss": {}\n  }\n}\n`,
    ],
  ])(
    'tailwindcss becomes @tailwindcss/postcss and autoprefixer goes: %s',
    (_name, file, content, expected) => {
      expect(mapPostcssConfig(file, content, 'postcss')).toEqual({
        content: expected,
        removed: ['autoprefixer'],
        replaced: true,
      });
    },
  );
});

describe('mapPostcssConfig: what it leaves alone', () => {
  it.each([
    ['a config without Tailwind 3', 'postcss.config.js', `export default { plugins: { autoprefixer: {} } };`],
    ["Tailwind 4's own plugin", '.postcssrc.json', `{"plugins": {"@tailwindcss/postcss": {}}}`],
    [
      'plugins from a variable',
      'postcss.config.js',
      `const plugins = { tailwindcss: {} };\nexport default { plugins };`,
    ],
    ['a config that does not parse', 'postcss.config.js', `export default { plugins: { tailwindcss: {} }`],
  ])('%s', (_name, file, content) => {
    expect(mapPostcssConfig(file, content, 'vite-plugin')).toBeNull();
    expect(mapPostcssConfig(file, content, 'postcss')).toBeNull();
  });
});
