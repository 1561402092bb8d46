import { describe, expect, it } from 'vitest';
import { languageForPath } from './languages.ts';

describe('syntax highlighting by file extension', () => {
  it.each([
    ['index.html', 'html'],
    ['src/styles.css', 'css'],
    ['src/main.js', 'javascript'],
    ['src/App.jsx', 'jsx'],
    ['src/util.ts', 'typescript'],
    ['src/App.tsx', 'tsx'],
    ['src/App.vue', 'vue'],
    ['src/routes/+page.svelte', 'svelte'],
    ['package.json', 'json'],
    ['README.md', 'markdown'],
    ['supabase/migrations/001.sql', 'sql'],
    ['.env', 'env'],
    ['.env.local', 'env'],
  ])('%s → %s', (path, language) => {
    expect(languageForPath(path)).toBe(language);
  });

  it('has no language for unknown files', () => {
    expect(languageForPath('LICENSE')).toBeNull();
    expect(languageForPath('logo.png')).toBeNull();
  });
});
