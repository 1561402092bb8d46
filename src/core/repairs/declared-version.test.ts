import { describe, expect, it } from 'vitest';
import { declaredRange, rangeFits } from './declared-version.ts';

describe('declaredRange', () => {
  const packageJson = JSON.stringify({
    dependencies: { react: '^19.0.0', 'lucide-react': '^0.263.1' },
    devDependencies: { 'lucide-vue-next': 'latest' },
  });
  it.each([
    ['lucide-react', '^0.263.1'],
    ['lucide-vue-next', 'latest'],
    ['lucide-svelte', undefined],
  ])('%s → %s', (name, expected) => {
    expect(declaredRange(packageJson, name)).toBe(expected);
  });

  it('is null for a package.json that does not parse', () => {
    expect(declaredRange('{ "dependencies": ', 'lucide-react')).toBeNull();
  });
});

describe('rangeFits', () => {
  it.each([
    ['^1.0.0', true],
    ['^1.79.0', true],
    ['~1.5.0', true],
    ['1.x', true],
    ['>=1.0.0 <2.0.0', true],
    ['*', true],
    ['latest', true],
    ['', true],
    ['1.79.0', true],
    ['1.0.0', false],
    ['^0.263.1', false],
    ['0.400.0', false],
    ['^2.0.0', false],
    ['npm:lucide-react@1.0.0', false],
    ['github:lucide-icons/lucide', false],
    ['^0.400.0 || ^1.0.0', false],
    ['next', false],
  ])('%s fits 1.79.0: %s', (range, expected) => {
    expect(rangeFits(range, '1.79.0')).toBe(expected);
  });
});
