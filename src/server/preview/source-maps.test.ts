import { describe, expect, it } from 'vitest';
import { withSourceMaps } from './builder.ts';

describe("withSourceMaps: a preview build's plain template script gets source maps", () => {
  it('vite build and ng build get the flag once', () => {
    expect(withSourceMaps('vite build')).toBe('vite build --sourcemap');
    expect(withSourceMaps('vite  build --mode production')).toBe('vite build --mode production --sourcemap');
    expect(withSourceMaps('vite build --sourcemap')).toBe('vite build --sourcemap');
    expect(withSourceMaps('ng build')).toBe('ng build --source-map');
  });

  it('another script runs as written', () => {
    expect(withSourceMaps('tsc -b && vite build')).toBe('tsc -b && vite build');
    expect(withSourceMaps('node build.mjs')).toBe('node build.mjs');
  });
});
