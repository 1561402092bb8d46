import { describe, expect, it } from 'vitest';
import { configuredExtensions, RelativeResolver, type ImportContext } from './relative-resolver.ts';
import type { Framework } from '../frameworks/index.ts';

const REACT_FILES = [
  'package.json',
  'index.html',
  'src/main.tsx',
  'src/App.tsx',
  'src/index.css',
  'src/components/Header.tsx',
  'src/components/Footer.jsx',
  'src/components/ui/Button.tsx',
  'src/components/ui/button.css',
  'src/utils/format.ts',
  'src/hooks/index.ts',
  'src/pages/Home/index.tsx',
  'src/assets/Logo.svg',
  'src/data/products.json',
  'src/styles/Theme.css',
  'src/legacy.js',
];

interface Case {
  name: string;
  importer: string;
  specifier: string;
  context?: ImportContext;
  framework?: Framework;
  files?: string[];
  extraExtensions?: string[];
  /** The corrected specifier, or null: left as it is. */
  expected: string | null;
}

const cases: Case[] = [
  {
    name: 'case of an extensionless import',
    importer: 'src/App.tsx',
    specifier: './components/header',
    expected: './components/Header',
  },
  {
    name: 'case of a folder on the way',
    importer: 'src/App.tsx',
    specifier: './Components/Header',
    expected: './components/Header',
  },
  {
    name: "'..' kept",
    importer: 'src/components/Header.tsx',
    specifier: '../utils/Format',
    expected: '../utils/format',
  },
  {
    name: 'case with its extension kept',
    importer: 'src/App.tsx',
    specifier: './components/Header.TSX',
    expected: './components/Header.tsx',
  },
  {
    name: '.js for a .tsx file from a JavaScript module: extensionless',
    importer: 'src/legacy.js',
    specifier: './App.js',
    expected: './App',
  },
  {
    name: '.jsx for a .tsx file from a .jsx module',
    importer: 'src/components/Footer.jsx',
    specifier: '../App.jsx',
    expected: '../App',
  },
  {
    name: '.ts for a .jsx file',
    importer: 'src/App.tsx',
    specifier: './components/Footer.ts',
    expected: './components/Footer',
  },
  {
    name: 'a folder index, case corrected',
    importer: 'src/App.tsx',
    specifier: './pages/home',
    expected: './pages/Home',
  },
  {
    name: 'a folder index spelled out',
    importer: 'src/App.tsx',
    specifier: './Hooks/index',
    expected: './hooks/index',
  },
  {
    name: 'an asset',
    importer: 'src/App.tsx',
    specifier: './assets/logo.svg',
    expected: './assets/Logo.svg',
  },
  {
    name: 'an asset with a query',
    importer: 'src/App.tsx',
    specifier: './assets/logo.svg?react',
    expected: './assets/Logo.svg?react',
  },
  {
    name: 'JSON',
    importer: 'src/App.tsx',
    specifier: './data/Products.json',
    expected: './data/products.json',
  },
  {
    name: 'a CSS @import',
    importer: 'src/index.css',
    specifier: './styles/theme.css',
    context: 'css',
    expected: './styles/Theme.css',
  },
  {
    name: 'a .vue component written without its extension (Vite does not add it)',
    importer: 'src/App.vue',
    specifier: './components/header',
    files: ['src/App.vue', 'src/components/Header.vue'],
    framework: 'vue',
    expected: './components/Header.vue',
  },
  {
    name: 'a .svelte component with the wrong case',
    importer: 'src/App.svelte',
    specifier: './lib/counter.svelte',
    files: ['src/App.svelte', 'src/lib/Counter.svelte'],
    framework: 'svelte',
    expected: './lib/Counter.svelte',
  },
  {
    name: 'an Angular component',
    importer: 'src/app/app.component.ts',
    specifier: './Header/header.component',
    files: ['src/app/app.component.ts', 'src/app/header/header.component.ts'],
    framework: 'angular',
    expected: './header/header.component',
  },
  {
    name: "resolve.extensions in vite.config: '.vue' found extensionless",
    importer: 'src/App.vue',
    specifier: './components/header',
    files: ['src/App.vue', 'src/components/Header.vue'],
    framework: 'vue',
    extraExtensions: ['.vue'],
    expected: './components/Header',
  },
  // Left alone.
  {
    name: 'an import that resolves',
    importer: 'src/App.tsx',
    specifier: './components/Header',
    expected: null,
  },
  {
    name: 'TypeScript’s .js for a .ts file resolves',
    importer: 'src/main.tsx',
    specifier: './utils/format.js',
    expected: null,
  },
  {
    name: 'TypeScript’s .jsx for a .tsx file resolves',
    importer: 'src/main.tsx',
    specifier: './App.jsx',
    expected: null,
  },
  { name: 'a folder index that resolves', importer: 'src/App.tsx', specifier: './hooks', expected: null },
  { name: 'no file like it', importer: 'src/App.tsx', specifier: './components/Sidebar', expected: null },
  { name: 'a package', importer: 'src/App.tsx', specifier: 'react', expected: null },
  { name: 'an alias', importer: 'src/App.tsx', specifier: '@/components/header', expected: null },
  { name: 'above the root', importer: 'src/App.tsx', specifier: '../../x', expected: null },
  {
    name: 'two files could be meant',
    importer: 'src/App.tsx',
    specifier: './components/ui/BUTTON',
    files: ['src/App.tsx', 'src/components/ui/Button.tsx', 'src/components/ui/button.ts'],
    expected: null,
  },
  {
    name: 'a CSS @import is not given an extension',
    importer: 'src/index.css',
    specifier: './styles/theme',
    context: 'css',
    expected: null,
  },
  {
    name: 'a stylesheet is not swapped for another language',
    importer: 'src/App.tsx',
    specifier: './components/ui/button.scss',
    expected: null,
  },
];

describe('RelativeResolver.correct', () => {
  it.each(cases)('$name', ({ importer, specifier, context, framework, files, extraExtensions, expected }) => {
    const resolver = new RelativeResolver(files ?? REACT_FILES, {
      framework: framework ?? 'react',
      extraExtensions,
    });
    expect(resolver.correct(importer, specifier, context ?? 'script')).toBe(expected);
  });
});

describe('RelativeResolver.resolve', () => {
  const resolver = new RelativeResolver(REACT_FILES, { framework: 'react' });
  it.each([
    ['src/App.tsx', './components/Header', 'src/components/Header.tsx'],
    ['src/App.tsx', './hooks', 'src/hooks/index.ts'],
    ['src/App.tsx', './pages/Home', 'src/pages/Home/index.tsx'],
    ['src/main.tsx', './utils/format.js', 'src/utils/format.ts'],
    ['src/legacy.js', './utils/format.js', null],
    ['src/App.tsx', './components/header', null],
    ['src/index.css', './styles/Theme.css', 'src/styles/Theme.css'],
  ])('%s imports %s → %s', (importer, specifier, expected) => {
    expect(resolver.resolve(importer, specifier, 'script')).toBe(expected);
  });
});

describe('configuredExtensions', () => {
  it('reads the string literals of resolve.extensions', () => {
    const config = `export default defineConfig({
  plugins: [vue()],
  resolve: { alias: { '@': '/src' }, extensions: ['.mjs', ".js", '.ts', '.vue', '.json'] },
});`;
    expect(configuredExtensions(config)).toEqual(['.mjs', '.js', '.ts', '.vue', '.json']);
  });

  it('is empty without them', () => {
    expect(configuredExtensions('export default defineConfig({ plugins: [react()] })')).toEqual([]);
  });
});
