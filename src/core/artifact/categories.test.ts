import { describe, expect, it } from 'vitest';
import { categorizeFile, isBuildConfigFile } from './categories.ts';

describe('Spec §3 generated file: category (frontend | api | migration | type | config | env) by path', () => {
  it.each([
    ['.env', 'env'],
    ['.env.local', 'env'],
    ['apps/web/.env.example', 'env'],
    ['supabase/migrations/20240101_init.sql', 'migration'],
    ['migrations/001_todos.sql', 'migration'],
    ['schema.sql', 'migration'],
    ['src/vite-env.d.ts', 'type'],
    ['src/types.ts', 'type'],
    ['src/types/todo.ts', 'type'],
    ['package.json', 'config'],
    ['KILN.md', 'config'],
    ['docs/KILN.md', 'frontend'],
    ['tsconfig.json', 'config'],
    ['tsconfig.app.json', 'config'],
    ['vite.config.ts', 'config'],
    ['tailwind.config.js', 'config'],
    ['svelte.config.js', 'config'],
    ['angular.json', 'config'],
    ['.eslintrc.cjs', 'config'],
    ['.gitignore', 'config'],
    ['api/hello.ts', 'api'],
    ['src/app/api/todos/route.ts', 'api'],
    ['app/todos/route.ts', 'api'],
    ['supabase/functions/send-email/index.ts', 'api'],
    ['server/index.js', 'api'],
    ['src/routes/api/+server.ts', 'api'],
    ['src/routes/page.server.ts', 'api'],
    ['src/App.tsx', 'frontend'],
    ['index.html', 'frontend'],
    ['src/components/TodoList.vue', 'frontend'],
    ['src/app/app.component.ts', 'frontend'],
    ['src/styles.css', 'frontend'],
  ])('%s → %s', (path, category) => {
    expect(categorizeFile(path)).toBe(category);
  });
});

describe('Spec §5 artifact completeness: what counts as a config/tsconfig file', () => {
  it('is tsconfig/jsconfig, *.config.* or angular.json, not package.json', () => {
    expect(
      ['tsconfig.json', 'tsconfig.node.json', 'vite.config.mts', 'angular.json'].every(isBuildConfigFile),
    ).toBe(true);
    expect(['package.json', 'src/config.ts', '.gitignore'].some(isBuildConfigFile)).toBe(false);
  });

  it("counts other bundlers' and tools' configs, so an existing project is never mixed with a template", () => {
    const configs = [
      'webpack.config.js',
      'webpack.prod.js',
      'config/webpack.common.cjs',
      'rollup.config.mjs',
      'esbuild.mjs',
      'gulpfile.js',
      'Gruntfile.js',
      '.babelrc',
      'babel.config.json',
      '.parcelrc',
      '.postcssrc.json',
      'postcss.config.cjs',
      '.swcrc',
      '.eslintrc.cjs',
      'eslint.config.js',
      '.browserslistrc',
    ];
    expect(configs.filter((name) => !isBuildConfigFile(name))).toEqual([]);
    expect(configs.map(categorizeFile).every((category) => category === 'config')).toBe(true);
    expect(['src/webpack-logo.svg', 'src/rollupUtils.ts', 'babel.md'].some(isBuildConfigFile)).toBe(false);
  });
});
