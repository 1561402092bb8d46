import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parseArtifactText } from '../../../core/artifact/index.ts';
import { FRAMEWORKS } from '../../../core/frameworks/index.ts';
import { CATALOGUE } from './catalogue/index.ts';
import { entryFiles } from './project/entry-files.ts';
import { runDemo } from './testing.ts';

function syntaxErrors(code: string, fileName: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  // parseDiagnostics is internal but is exactly "syntax errors only" (no type checking).
  const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

function scriptOf(sfc: string): string {
  return /<script\b[^>]*>([\s\S]*?)<\/script>/.exec(sfc)?.[1] ?? '';
}

function count(text: string, pattern: RegExp): number {
  return [...text.matchAll(pattern)].length;
}

/** Per file type, what "syntactically plausible" can be checked without the framework compilers. */
function checkFile(name: string, content: string): void {
  if (name.endsWith('.tsx') || name.endsWith('.ts')) {
    expect(syntaxErrors(content, name.split('/').pop() ?? name), name).toEqual([]);
  } else if (name.endsWith('.vue')) {
    expect(content).toMatch(/<template>[\s\S]*<\/template>/);
    expect(syntaxErrors(scriptOf(content), 'component.ts'), name).toEqual([]);
    expect(count(content, /\{\{/g)).toBe(count(content, /\}\}/g));
  } else if (name.endsWith('.svelte')) {
    expect(syntaxErrors(scriptOf(content), 'component.ts'), name).toEqual([]);
    expect(count(content, /\{#if /g)).toBe(count(content, /\{\/if\}/g));
    expect(count(content, /\{#each /g)).toBe(count(content, /\{\/each\}/g));
  } else if (name === 'index.html') {
    expect(content).toMatch(/^<!doctype html>\n<html lang="en" data-theme="light">/);
    expect(content).toContain('https://cdn.jsdelivr.net/npm/daisyui@5');
    expect(content).toContain('https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4');
    const script = /<script>([\s\S]*?)<\/script>/.exec(content)?.[1];
    if (script) expect(syntaxErrors(script, 'page.js'), name).toEqual([]);
  } else if (name.endsWith('.html')) {
    // Angular templates: interpolations close, control-flow blocks close.
    expect(count(content, /\{\{/g)).toBe(count(content, /\}\}/g));
    expect(count(content, /@(if|for)\s*\(/g)).toBe(count(content, /^\s*\}\s*$/gm));
  }
}

describe('every catalogue entry streams a working artifact in every framework', () => {
  for (const entry of CATALOGUE) {
    for (const framework of FRAMEWORKS) {
      it(`${entry.id} × ${framework}`, async () => {
        const { text } = await runDemo({ framework, prompt: `Please build ${entry.title}` });
        const parsed = parseArtifactText(text);
        const artifacts = parsed.segments.filter((segment) => segment.type === 'artifact');
        expect(artifacts).toHaveLength(1);
        expect(parsed.segments[0]?.type).toBe('thinking');
        expect(parsed.title).toBe(entry.title);
        const expected = entryFiles(framework, entry);
        expect(parsed.files.map((file) => file.name)).toEqual(expected.map((file) => file.name));
        for (const file of parsed.files) {
          expect(file.isIncomplete, file.name).toBe(false);
          expect(file.content).toBe(expected.find((e) => e.name === file.name)?.content);
          checkFile(file.name, file.content);
        }
        if (framework === 'react') {
          const app = parsed.files.find((file) => file.name === 'src/App.tsx');
          expect(app?.content).toContain(
            `import ${entry.componentName} from './components/${entry.componentName}.tsx';`,
          );
        }
      });
    }
  }
});

describe('the catalogue text lives in data files, one folder per entry (catalogue/load.ts)', () => {
  it('every folder of catalogue/data belongs to an entry, and every entry has one', () => {
    const folders = readdirSync(path.join(import.meta.dirname, 'catalogue', 'data')).sort();
    expect(folders).toEqual(CATALOGUE.map((entry) => entry.id).sort());
  });
});
