import { describe, expect, it } from 'vitest';
import { importAliases } from './aliases.ts';
import { packageOfSpecifier, type ImportSite, type ProjectModules } from './package-of.ts';

const FILES = [
  'package.json',
  'src/main.tsx',
  'src/App.tsx',
  'src/utils/format.ts',
  'src/styles/theme.css',
  'src/styles/_variables.scss',
  'components/Header.tsx',
];
const project: ProjectModules = {
  // The server passes module.builtinModules; a sample stands in here.
  builtins: new Set(['fs', 'fs/promises', 'path', 'crypto', 'events', 'url']),
  aliases: importAliases([
    { name: 'tsconfig.json', content: '{"compilerOptions":{"paths":{"@ui/*":["src/ui/*"]}}}' },
  ]),
  files: new Set(FILES),
  rootFolders: new Set(['src', 'components']),
};
const script: ImportSite = { file: 'src/App.tsx', kind: 'script' };
const style: ImportSite = { file: 'src/styles/main.scss', kind: 'style' };

describe('the package a specifier names', () => {
  it.each<[string, ImportSite, string | null]>([
    ['react', script, 'react'],
    ['react-dom/client', script, 'react-dom'],
    ['lodash/debounce', script, 'lodash'],
    ['@scope/pkg/deep/x', script, '@scope/pkg'],
    ['@tanstack/react-query', script, '@tanstack/react-query'],
    ['chart.js/auto', script, 'chart.js'],
    ['./App', script, null],
    ['../lib/x', script, null],
    ['/src/main.tsx', script, null],
    ['node:fs', script, null],
    ['fs', script, null],
    ['fs/promises', script, null],
    ['path', script, null],
    ['https://esm.sh/react', script, null],
    ['virtual:pwa-register', script, null],
    ['astro:content', script, null],
    ['@/components/Button', script, null],
    ['~/components/Button', script, null],
    ['~icons/mdi/home', script, null],
    ['#imports', script, null],
    ['$app/navigation', script, null],
    ['$lib', script, null],
    ['$env/static/public', script, null],
    ['@ui/Button', script, null],
    ['src/utils/format', script, null],
    ['utils/format', script, null],
    ['components/Header', script, null],
    ['pkg/file.css?inline', script, 'pkg'],
    ['./logo.svg?react', script, null],
    ['Not A Package', script, null],
    ['theme.css', style, null],
    ['variables', style, null],
    ['normalize.css', style, 'normalize.css'],
    ['sass:math', style, null],
    ['bootstrap/scss/bootstrap', style, 'bootstrap'],
  ])('%s → %s', (specifier, site, expected) => {
    expect(packageOfSpecifier(specifier, site, project)).toBe(expected);
  });
});
