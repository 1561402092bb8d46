import { describe, expect, it } from 'vitest';
import { importAliases, isAliased, withoutJsonComments } from './aliases.ts';

describe('the path aliases a project declares', () => {
  it('tsconfig paths (JSON with comments and trailing commas) and baseUrl', () => {
    const tsconfig = `{
  // Vite's template
  "compilerOptions": {
    "baseUrl": "./src", /* where bare imports start */
    "paths": { "@components/*": ["components/*"], "@utils": ["utils/index.ts"], "*": ["*"], },
  },
}`;
    const aliases = importAliases([{ name: 'tsconfig.app.json', content: tsconfig }]);
    expect(aliases.baseUrls).toEqual(['src/']);
    expect(isAliased('@components/Button', aliases)).toBe(true);
    expect(isAliased('@utils', aliases)).toBe(true);
    expect(isAliased('@utils/format', aliases)).toBe(true);
    expect(isAliased('@tanstack/react-query', aliases)).toBe(false);
  });

  it("a Vite config's alias object and array", () => {
    const objectForm = `import path from 'path';\nexport default defineConfig({\n  resolve: {\n    alias: {\n      '@': path.resolve(__dirname, './src'),\n      components: fileURLToPath(new URL('./src/components', import.meta.url)),\n      "$shared": '/src/shared',\n    },\n  },\n});`;
    const arrayForm = `export default { resolve: { alias: [{ find: '~lib', replacement: '/src/lib' }, { find: /^#x/, replacement: 'y' }] } };`;
    const aliases = importAliases([
      { name: 'vite.config.ts', content: objectForm },
      { name: 'other/vite.config.mjs', content: arrayForm },
    ]);
    expect([...aliases.exact].sort()).toEqual(['$shared', '@', 'components', '~lib']);
    expect(isAliased('components/Header', aliases)).toBe(true);
    expect(isAliased('componentsx', aliases)).toBe(false);
  });

  it('a file that does not parse declares nothing', () => {
    const aliases = importAliases([{ name: 'tsconfig.json', content: '{ "compilerOptions": ' }]);
    expect(aliases).toEqual({ exact: new Set(), prefixes: [], baseUrls: [] });
  });

  it('strips comments but not comment-like text in strings', () => {
    expect(JSON.parse(withoutJsonComments('{"url": "https://x.dev/*y*/", /* c */ "a": [1,],}'))).toEqual({
      url: 'https://x.dev/*y*/',
      a: [1],
    });
  });
});
