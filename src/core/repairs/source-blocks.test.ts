import { describe, expect, it } from 'vitest';
import { sourceBlocks } from './source-blocks.ts';

const texts = (name: string, content: string) =>
  sourceBlocks(name, content).map((block) => ({ ...block, code: content.slice(block.start, block.end) }));

describe('sourceBlocks', () => {
  it("reads a Vue component's script, script setup and style blocks", () => {
    const vue = `<script lang="ts">\nexport default { name: 'A' }\n</script>\n<script setup lang="ts">\nconst a = 1\n</script>\n<template><p v-if="a < 2">x</p></template>\n<style scoped lang="scss">\n@import './a.scss';\n</style>\n`;
    expect(texts('A.vue', vue)).toEqual([
      expect.objectContaining({
        kind: 'script',
        lang: 'ts',
        setup: false,
        code: "\nexport default { name: 'A' }\n",
      }),
      expect.objectContaining({ kind: 'script', lang: 'ts', setup: true, code: '\nconst a = 1\n' }),
      expect.objectContaining({ kind: 'style', lang: 'scss', code: "\n@import './a.scss';\n" }),
    ]);
  });

  it('skips a script in another language, one with src, and an empty one', () => {
    const vue = `<script lang="coffee">\nx = 1\n</script>\n<script src="./a.js"></script>\n<script setup></script>\n`;
    expect(sourceBlocks('A.vue', vue)).toEqual([]);
  });

  it("reads a Svelte component's blocks, a '>' in an attribute included", () => {
    const svelte = `<script module>\nexport const x = 1;\n</script>\n<script lang="ts" generics="T extends Record<string, unknown>">\n  let { items }: { items: T[] } = $props();\n</script>\n\n{#each items as item}<p>{item}</p>{/each}\n<svelte:head><script type="application/ld+json">{"a": 1}</script></svelte:head>\n<style>\n  p { color: red; }\n</style>\n`;
    expect(texts('A.svelte', svelte)).toEqual([
      expect.objectContaining({ kind: 'script', lang: 'jsx', code: '\nexport const x = 1;\n' }),
      expect.objectContaining({
        kind: 'script',
        lang: 'ts',
        code: '\n  let { items }: { items: T[] } = $props();\n',
      }),
      expect.objectContaining({ kind: 'style', lang: 'css', code: '\n  p { color: red; }\n' }),
    ]);
  });

  it('is the whole of a script or stylesheet, nothing for other files', () => {
    expect(sourceBlocks('src/a.tsx', 'x')).toEqual([
      { kind: 'script', start: 0, end: 1, lang: 'tsx', setup: false },
    ]);
    expect(sourceBlocks('src/a.d.ts', 'x')).toEqual([]);
    expect(sourceBlocks('src/a.SCSS', 'x')).toEqual([{ kind: 'style', start: 0, end: 1, lang: 'scss' }]);
    expect(sourceBlocks('index.html', '<script>x</script>')).toEqual([]);
  });
});
