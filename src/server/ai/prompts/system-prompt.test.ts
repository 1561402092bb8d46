import { describe, expect, it } from 'vitest';
import { FRAMEWORKS } from '../../../core/frameworks/index.ts';
import { parseArtifactText } from '../../../core/artifact/index.ts';
import {
  readAttachedImageNames,
  readFramework,
  readLockedPaths,
  readSnapshotMarkup,
  renderContextBlock,
} from './context.ts';
import { buildSystemPrompt } from './system-prompt.ts';

describe('system prompts per framework', () => {
  for (const framework of FRAMEWORKS) {
    it(`${framework}: names the framework, the markup, locked files and the project shape`, () => {
      const prompt = buildSystemPrompt(framework);
      expect(readFramework(prompt)).toBe(framework);
      expect(prompt).toContain('<kilnArtifact title=');
      expect(prompt).toContain('action="delete"');
      expect(prompt).toContain('action="continue"');
      expect(prompt).toContain('action="edit"');
      expect(prompt).toContain('<<<<<<< SEARCH');
      expect(prompt).toMatch(/locked file/);
      expect(prompt).toMatch(/Tailwind/);
      // The example in the prompt is itself valid markup for our parser.
      const example = parseArtifactText(prompt);
      expect(example.files.map((f) => f.name)).toContain('src/App.tsx');
    });
  }

  it("html asks for daisyUI themes through data-theme, with the template's CDN links", async () => {
    const fs = await import('node:fs');
    const template = fs.readFileSync(
      new URL('../../../../templates/html/index.html', import.meta.url),
      'utf8',
    );
    const prompt = buildSystemPrompt('html');
    expect(prompt).toContain('data-theme');
    for (const cdn of template.match(/https:\/\/cdn\.jsdelivr\.net\/npm\/[^"]+/g) ?? [])
      expect(prompt).toContain(cdn);
  });
  it('SPA frameworks get the api/ contract: one Hono app in api/index.ts, /api routes, process.env, package.json', () => {
    for (const framework of FRAMEWORKS.filter((candidate) => candidate !== 'html')) {
      const prompt = buildSystemPrompt(framework);
      expect(prompt).toContain('## Server code (`api/`)');
      expect(prompt).toContain('`api/index.ts` default-exports a Hono app');
      expect(prompt).toContain("import { Hono } from 'hono'");
      expect(prompt).toContain("`app.get('/api/entries', …)`");
      expect(prompt).toContain('`process.env.NAME`');
      expect(prompt).toMatch(/Declare `hono` and every package the handler imports/);
      expect(prompt).toContain('Never import code from `api/` into\n  the frontend');
    }
    // A plain HTML page has no package.json and no build to bundle a handler with.
    expect(buildSystemPrompt('html')).not.toContain('## Server code');
  });
  it('each framework describes its own entry file', () => {
    expect(buildSystemPrompt('react')).toContain('src/App.tsx');
    expect(buildSystemPrompt('vue')).toContain('src/App.vue');
    expect(buildSystemPrompt('svelte')).toContain('src/App.svelte');
    expect(buildSystemPrompt('angular')).toContain('src/app/app.ts');
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

describe('Binary files (decision 0039): the model is told how to use images, icons and fonts', () => {
  for (const framework of FRAMEWORKS) {
    it(`${framework}: blob references are kept by path, attachments placed with attachment="…"`, () => {
      const prompt = buildSystemPrompt(framework);
      expect(prompt).toContain('blob="sha256:');
      expect(prompt).toContain('<kilnFile name="public/logo.png" attachment="logo.png" />');
      expect(prompt).toContain(framework === 'html' ? '`public/logo.png`' : '`/logo.png`');
    });
  }

  it('the context block lists the attached images by the names the attribute must repeat', () => {
    const block = renderContextBlock(
      null,
      [],
      [
        { name: 'My Logo.png', mediaType: 'image/png', size: 12_345 },
        { name: 'photo (2).jpg', mediaType: 'image/jpeg', size: 10 },
      ],
    );
    expect(block).toContain('attachment="{file name}"');
    expect(block).toContain('My Logo.png (image/png, 12.1 KB)');
    expect(readAttachedImageNames(block)).toEqual(['My Logo.png', 'photo (2).jpg']);
    expect(readAttachedImageNames(renderContextBlock(null, []))).toEqual([]);
  });
});
