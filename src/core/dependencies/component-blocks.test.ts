import { describe, expect, it } from 'vitest';
import { componentBlocks } from './component-blocks.ts';

describe('the script and style blocks of a component', () => {
  it('a Vue SFC: both script blocks with their lang, the style block with its lang', () => {
    const sfc = `<script lang="ts">\nexport default { name: 'X' };\n</script>\n<script setup lang="ts">\nimport { storeToRefs } from 'pinia';\n</script>\n<template><div /></template>\n<style scoped lang="scss">\n@use 'sass:math';\n</style>\n`;
    expect(componentBlocks(sfc)).toEqual([
      { kind: 'script', lang: 'ts', content: "\nexport default { name: 'X' };\n" },
      { kind: 'script', lang: 'ts', content: "\nimport { storeToRefs } from 'pinia';\n" },
      { kind: 'style', lang: 'scss', content: "\n@use 'sass:math';\n" },
    ]);
  });

  it('a Svelte component: module and instance scripts; JSON scripts and commented blocks are not code', () => {
    const svelte = `<script module>\nimport { tweened } from 'svelte/motion';\n</script>\n<script>\nimport confetti from 'canvas-confetti';\n</script>\n<!-- <script>import 'hidden'</script> -->\n<script type="application/ld+json">{"a":1}</script>\n<h1>Hi</h1>\n<style>h1 { color: red; }</style>`;
    expect(componentBlocks(svelte).map(({ kind, lang }) => `${kind}:${lang}`)).toEqual([
      'script:',
      'script:',
      'style:',
    ]);
    expect(componentBlocks(svelte)[1]!.content).toContain('canvas-confetti');
  });
});
