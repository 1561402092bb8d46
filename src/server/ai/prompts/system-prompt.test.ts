import { describe, expect, it } from 'vitest';
import { FRAMEWORKS } from '../../../core/frameworks/index.ts';
import { parseArtifactText } from '../../../core/artifact/index.ts';
import { readFramework, readLockedPaths, readSnapshotMarkup, renderContextBlock } from './context.ts';
import { buildSystemPrompt } from './system-prompt.ts';

describe('system prompts per framework', () => {
  for (const framework of FRAMEWORKS) {
    it(`${framework}: names the framework, the markup, locked files and the project shape`, () => {
      const prompt = buildSystemPrompt(framework);
      expect(readFramework(prompt)).toBe(framework);
      expect(prompt).toContain('<kilnArtifact title=');
      expect(prompt).toContain('action="delete"');
      expect(prompt).toContain('action="continue"');
      expect(prompt).toMatch(/locked file/);
      expect(prompt).toMatch(/Tailwind/);
      // The example in the prompt is itself valid markup for our parser.
      const example = parseArtifactText(prompt);
      expect(example.files.map((f) => f.name)).toContain('src/App.tsx');
    });
  }

  it('html asks for daisyUI themes through data-theme', () => {
    expect(buildSystemPrompt('html')).toContain('data-theme');
    expect(buildSystemPrompt('html')).toContain('daisyui');
  });
  it('each framework describes its own entry file', () => {
    expect(buildSystemPrompt('react')).toContain('src/App.tsx');
    expect(buildSystemPrompt('vue')).toContain('src/App.vue');
    expect(buildSystemPrompt('svelte')).toContain('src/App.svelte');
    expect(buildSystemPrompt('angular')).toContain('src/app/app.component.ts');
    expect(buildSystemPrompt('html')).toContain('index.html');
  });
});

describe('the context block carries the current snapshot and locked files, and reads back', () => {
  it('round-trips', () => {
    const markup = '<kilnArtifact title="A">\n<kilnFile name="index.html">hi</kilnFile>\n</kilnArtifact>';
    const block = renderContextBlock(markup, ['src/App.tsx', 'src/lib/a.ts']);
    expect(readSnapshotMarkup(block)).toBe(markup);
    expect(readLockedPaths(block)).toEqual(['src/App.tsx', 'src/lib/a.ts']);
  });
  it('without a snapshot it asks for a project from scratch and lists no locks', () => {
    const block = renderContextBlock(null, []);
    expect(block).toContain('from scratch');
    expect(readSnapshotMarkup(block)).toBeUndefined();
    expect(readLockedPaths(block)).toEqual([]);
  });
});
