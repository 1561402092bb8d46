import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../core/artifact/index.ts';
import { FRAMEWORKS, type Framework } from '../../../core/frameworks/index.ts';
import { parseArtifactText } from '../../../core/artifact/index.ts';
import { STYLESHEET_FILE as STYLESHEET, templateStylesheet } from './project/stylesheet.ts';
import { fileContent, nextSnapshot, runDemo } from './testing.ts';

const COMPONENT: Record<Framework, string> = {
  html: 'index.html',
  react: 'src/components/LandingHero.tsx',
  vue: 'src/components/LandingHero.vue',
  svelte: 'src/lib/LandingHero.svelte',
  angular: 'src/app/landing-hero/landing-hero.html',
};
const SHELL: Record<Framework, string> = {
  html: 'index.html',
  react: 'src/App.tsx',
  vue: 'src/App.vue',
  svelte: 'src/App.svelte',
  angular: 'src/app/app.html',
};

async function firstVersion(framework: Framework, prompt = 'a landing page'): Promise<Snapshot> {
  const { text } = await runDemo({ framework, prompt });
  return nextSnapshot(null, text);
}

async function followUp(framework: Framework, snapshot: Snapshot, prompt: string) {
  const { text } = await runDemo({ framework, prompt, snapshot });
  const parsed = parseArtifactText(text);
  return { text, parsed, changed: parsed.files.map((file) => file.name), next: nextSnapshot(snapshot, text) };
}

describe('follow-ups modify the current snapshot and answer with only the changed files', () => {
  for (const framework of FRAMEWORKS) {
    describe(framework, () => {
      it('"add a button" adds a labelled button to the app shell', async () => {
        const before = await firstVersion(framework);
        const { changed, next } = await followUp(framework, before, 'Add a button that says "Book a call"');
        expect(changed).toEqual([SHELL[framework]]);
        expect(fileContent(next, SHELL[framework])).toContain('Book a call</button>');
        expect(fileContent(before, SHELL[framework])).not.toContain('Book a call');
      });

      it('"add a footer" adds a footer section; "add a section about our history" a titled one', async () => {
        const before = await firstVersion(framework);
        const footer = await followUp(framework, before, 'add a footer');
        expect(footer.changed).toEqual([SHELL[framework]]);
        expect(fileContent(footer.next, SHELL[framework])).toMatch(/<footer[\s\S]*All rights reserved/);
        const generic = await followUp(framework, footer.next, 'add a section about our history');
        expect(fileContent(generic.next, SHELL[framework])).toContain('History</h2>');
        expect(fileContent(generic.next, SHELL[framework])).toContain('All rights reserved');
      });

      it('"change the title to X" renames the main heading', async () => {
        const before = await firstVersion(framework);
        const { changed, next } = await followUp(
          framework,
          before,
          "Change the title to 'Rockets {for} <everyone> @ Acme'",
        );
        expect(changed).toEqual([COMPONENT[framework]]);
        const content = fileContent(next, COMPONENT[framework]);
        expect(content).not.toContain('Build beautiful products, faster');
        // Escaped for the template language: braces and @ never become expressions.
        const heading = /<h1[^>]*>(.*?)<\/h1>/.exec(content)?.[1] ?? '';
        expect(heading).toContain('Rockets');
        expect(heading).not.toMatch(/[<>]/);
        if (framework !== 'html') expect(heading).not.toContain('{for}');
        if (framework === 'angular') expect(heading).not.toContain('@');
        if (framework === 'html') expect(content).toContain('<title>Rockets');
        // The chat is called what its page now says (issue 35 item 5).
        expect(next.title).toBe('Rockets {for} <everyone> @ Acme');
      });

      it('"rename heading to X" works as well', async () => {
        const before = await firstVersion(framework);
        const { next } = await followUp(framework, before, 'rename heading to "Hello there"');
        expect(fileContent(next, COMPONENT[framework])).toContain('>Hello there</h1>');
      });

      it('"make it dark" switches to dark surfaces (and data-theme for HTML)', async () => {
        const before = await firstVersion(framework);
        const { changed, next } = await followUp(framework, before, 'make it dark');
        expect(changed).toContain(COMPONENT[framework]);
        const content = fileContent(next, COMPONENT[framework]);
        if (framework === 'html') expect(content).toContain('data-theme="dark"');
        else expect(content).toContain('bg-slate-900');
        expect(content).not.toMatch(/text-gray-600/);
      });

      it('"make it dark" darkens the page too; "make it light" brings back every file as it was', async () => {
        const before = await firstVersion(framework);
        const dark = await followUp(framework, before, 'make it dark');
        if (framework === 'html') expect(dark.changed).toEqual(['index.html']);
        else {
          expect(dark.changed).toContain(STYLESHEET[framework]);
          expect(fileContent(dark.next, STYLESHEET[framework])).toContain('color-scheme: dark;');
        }
        const light = await followUp(framework, dark.next, 'make it light');
        expect(light.text).toContain('Switched back to a light look.');
        for (const file of before.files)
          expect(fileContent(light.next, file.name), file.name).toBe(file.content);
        // The stylesheet dark mode added stays, as the blank template has it.
        if (framework !== 'html')
          expect(fileContent(light.next, STYLESHEET[framework])).toBe(templateStylesheet(framework));
      });

      it('a dark first prompt comes with the dark page', async () => {
        const first = await firstVersion(framework, 'a dark landing page');
        if (framework === 'html') expect(fileContent(first, 'index.html')).toContain('data-theme="dark"');
        else expect(fileContent(first, STYLESHEET[framework])).toContain('color-scheme: dark;');
      });

      it('"change the colour to green" swaps the accent colour classes', async () => {
        const before = await firstVersion(framework);
        const { next } = await followUp(framework, before, 'change the colour to green');
        const content = fileContent(next, COMPONENT[framework]);
        expect(content).toContain('bg-green-600');
        expect(content).not.toContain('indigo-');
      });

      it('"add a daisyUI theme" sets data-theme in HTML, else the theme colours', async () => {
        const before = await firstVersion(framework);
        const { text, next } = await followUp(framework, before, 'use the daisyUI synthwave theme');
        const content = fileContent(next, COMPONENT[framework]);
        if (framework === 'html') expect(content).toContain('data-theme="synthwave"');
        else {
          expect(content).toContain('fuchsia-600');
          expect(text).toContain('daisyUI themes apply to HTML projects');
        }
      });

      it('"add a pricing table" composes another catalogue entry into the page', async () => {
        const before = await firstVersion(framework);
        const { next } = await followUp(framework, before, 'now add a pricing table below');
        const shell = fileContent(next, SHELL[framework]);
        if (framework === 'html') expect(shell).toContain('Simple, transparent pricing');
        else if (framework === 'angular') {
          expect(shell).toContain('<app-pricing-table />');
          expect(fileContent(next, 'src/app/app.ts')).toMatch(/imports: \[LandingHero, PricingTable\]/);
          expect(fileContent(next, 'src/app/pricing-table/pricing-table.html')).toContain(
            'Simple, transparent',
          );
        } else {
          expect(shell).toContain('<PricingTable />');
          expect(shell).toMatch(
            /import PricingTable from '\.\/(components|lib)\/PricingTable\.(tsx|vue|svelte)';/,
          );
        }
      });

      it('an unknown request adds a visible note quoting it', async () => {
        const before = await firstVersion(framework);
        const { changed, next } = await followUp(framework, before, 'sprinkle some magic on it');
        expect(changed).toEqual([SHELL[framework]]);
        expect(fileContent(next, SHELL[framework])).toContain('“sprinkle some magic on it”');
      });

      it('never rewrites locked files', async () => {
        const first = await firstVersion(framework);
        const locked: Snapshot = {
          ...first,
          files: first.files.map((file) => ({ ...file, isLocked: file.name === COMPONENT[framework] })),
        };
        for (const prompt of ['make it dark', 'change the colour to red', 'change the title to Locked?']) {
          const { changed, text, parsed } = await followUp(framework, locked, prompt);
          expect(changed).not.toContain(COMPONENT[framework]);
          expect(text).toMatch(/locked/i);
          // A heading left as it was leaves the chat's title as it was.
          if (changed.length > 0) expect(parsed.title).toBe(first.title);
        }
      });
    });
  }

  it('the React follow-ups keep valid TSX', async () => {
    let snapshot = await firstVersion('react', 'a todo app');
    for (const prompt of [
      'add a button',
      'add a faq',
      'make it dark',
      'change the colour to teal',
      'add a contact form',
    ]) {
      snapshot = (await followUp('react', snapshot, prompt)).next;
    }
    const ts = await import('typescript');
    for (const file of snapshot.files.filter((f) => f.name.endsWith('.tsx'))) {
      const source = ts.createSourceFile('x.tsx', file.content, ts.ScriptTarget.Latest, true);
      expect((source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics, file.name).toEqual([]);
    }
    expect(fileContent(snapshot, 'src/App.tsx')).toContain('<ContactForm />');
  });

  it('is deterministic: the same follow-up gets the same answer', async () => {
    const before = await firstVersion('vue');
    const a = await followUp('vue', before, 'add a footer and make it dark');
    const b = await followUp('vue', before, 'add a footer and make it dark');
    expect(a.text).toBe(b.text);
    expect(a.changed.length).toBeGreaterThan(0);
  });
});
