import { describe, expect, it } from 'vitest';
import { FRAMEWORKS, type Framework } from '../../../../core/frameworks/index.ts';
import { CATALOGUE } from '../catalogue/index.ts';
import { entryFiles } from '../project/entry-files.ts';
import { STYLESHEET_FILE, templateStylesheet, type BuiltFramework } from '../project/stylesheet.ts';
import { swapClassTokens } from './class-tokens.ts';
import { LIGHT_TO_DARK, switchMode } from './dark-mode.ts';
import { DARK_PAGE_CSS } from './page-mode.ts';
import { ProjectFiles } from './project-files.ts';
import {
  buttonSnippet,
  genericSectionSnippet,
  noteSnippet,
  SECTION_KINDS,
  sectionSnippet,
} from './snippets.ts';

const BUILT: readonly BuiltFramework[] = ['react', 'vue', 'svelte', 'angular'];

/** A React component around `markup` (the demo edits the markup after `return (`). */
function component(markup: string): string {
  return `export default function App() {\n  return (\n    ${markup}\n  );\n}\n`;
}

const INPUT_LIGHT = component(
  '<input placeholder="Search" className="rounded-lg border border-gray-300 bg-white text-gray-900 placeholder-gray-400" />',
);
const INPUT_DARK = component(
  '<input placeholder="Search" className="rounded-lg border border-slate-600 bg-slate-900 text-slate-50 placeholder-slate-400" />',
);

function reactProject(files: Record<string, string>, locked: string[] = []): ProjectFiles {
  return new ProjectFiles(
    'react',
    Object.entries(files).map(([name, content]) => ({ name, content })),
    new Set(locked),
  );
}

function shellOf(framework: Framework): { name: string; content: string } {
  switch (framework) {
    case 'html':
      return {
        name: 'index.html',
        content:
          '<html data-theme="light"><body class="bg-base-200 text-base-content"><main></main></body></html>',
      };
    case 'react':
      return {
        name: 'src/App.tsx',
        content: component('<main className="min-h-screen bg-gray-50 text-gray-900" />'),
      };
    case 'vue':
      return {
        name: 'src/App.vue',
        content: '<template><main class="bg-gray-50 text-gray-900"></main></template>',
      };
    case 'svelte':
      return { name: 'src/App.svelte', content: '<main class="bg-gray-50 text-gray-900"></main>' };
    case 'angular':
      return { name: 'src/app/app.html', content: '<main class="bg-gray-50 text-gray-900"></main>' };
  }
}

describe('"make it dark" swaps classes one to one, so "make it light" restores them', () => {
  it('no two light classes share a dark one', () => {
    const dark = Object.values(LIGHT_TO_DARK);
    expect(new Set(dark).size).toBe(dark.length);
  });

  it('no dark class is already on a light page: every catalogue entry and snippet comes back as it was', () => {
    const reverse = Object.fromEntries(Object.entries(LIGHT_TO_DARK).map(([light, dark]) => [dark, light]));
    const pages = FRAMEWORKS.flatMap((framework) =>
      CATALOGUE.flatMap((entry) => entryFiles(framework, entry).map((file) => file.content)),
    );
    const snippets = [
      ...SECTION_KINDS.map((kind) => sectionSnippet(kind, 'indigo')),
      genericSectionSnippet('History', 'indigo'),
      buttonSnippet('Book a call', 'indigo'),
      noteSnippet('sprinkle some magic', 'indigo'),
    ];
    for (const light of [...pages, ...snippets])
      expect(swapClassTokens(swapClassTokens(light, LIGHT_TO_DARK), reverse)).toBe(light);
  });

  it('an input: background, text, border and placeholder', () => {
    const project = reactProject({ 'src/App.tsx': INPUT_LIGHT });
    switchMode(project, 'dark');
    expect(project.get('src/App.tsx')).toBe(INPUT_DARK);
    switchMode(project, 'light');
    expect(project.get('src/App.tsx')).toBe(INPUT_LIGHT);
  });

  it('placeholders stay dimmer than text in both modes (gray-500 is the stronger one)', () => {
    const project = reactProject({
      'src/App.tsx': component(
        '<input className="placeholder-gray-400" /><input className="placeholder-gray-500" />',
      ),
    });
    switchMode(project, 'dark');
    expect(project.get('src/App.tsx')).toBe(
      component('<input className="placeholder-slate-400" /><input className="placeholder-slate-300" />'),
    );
  });
});

describe('"make it dark" darkens the page behind the app: the global stylesheet', () => {
  for (const framework of BUILT) {
    it(`${framework}: ${STYLESHEET_FILE[framework]}, from the template when the version has none; light takes it out`, () => {
      const shell = shellOf(framework);
      const project = new ProjectFiles(framework, [shell], new Set());
      expect(switchMode(project, 'dark')).toMatch(/^Switched to a dark look: a dark page/);
      const stylesheet = project.get(STYLESHEET_FILE[framework]) ?? '';
      expect(stylesheet.startsWith(templateStylesheet(framework).trimEnd())).toBe(true);
      expect(stylesheet).toContain(DARK_PAGE_CSS);
      expect(stylesheet).toMatch(/html \{\s*color-scheme: dark;\s*@apply bg-slate-950 text-slate-50;/);
      expect(project.changedFiles().map((file) => file.name)).toEqual([
        shell.name,
        STYLESHEET_FILE[framework],
      ]);

      expect(switchMode(project, 'dark')).toBe('It is already in dark mode.');
      switchMode(project, 'light');
      expect(project.get(shell.name)).toBe(shell.content);
      expect(project.get(STYLESHEET_FILE[framework])).toBe(templateStylesheet(framework));
    });
  }

  it("the version's own stylesheet keeps its rules, before and after the block", () => {
    const own = "@import 'tailwindcss';\n\n.card {\n  border-radius: 1rem;\n}\n";
    const project = reactProject({ 'src/App.tsx': shellOf('react').content, 'src/index.css': own });
    switchMode(project, 'dark');
    expect(project.get('src/index.css')).toBe(`${own}\n${DARK_PAGE_CSS}\n`);
    project.set('src/index.css', `${project.get('src/index.css')}\n.extra {\n  color: red;\n}\n`);
    switchMode(project, 'light');
    expect(project.get('src/index.css')).toBe(`${own}\n.extra {\n  color: red;\n}\n`);
  });

  it('an old dark version (dark classes, no dark page yet) gets the page on "make it dark"', () => {
    const project = reactProject({
      'src/App.tsx': component('<main className="bg-slate-950 text-slate-50" />'),
    });
    switchMode(project, 'dark');
    expect(project.changedFiles().map((file) => file.name)).toEqual(['src/index.css']);
  });

  it('a locked stylesheet is left as is and said so', () => {
    const project = reactProject(
      { 'src/App.tsx': shellOf('react').content, 'src/index.css': "@import 'tailwindcss';\n" },
      ['src/index.css'],
    );
    expect(switchMode(project, 'dark')).toMatch(/src\/index\.css is locked, so left as is\.$/);
    expect(project.changedFiles().map((file) => file.name)).toEqual(['src/App.tsx']);
  });

  it('HTML has no stylesheet: its <body> classes and data-theme darken the page', () => {
    const shell = shellOf('html');
    const project = new ProjectFiles('html', [shell], new Set());
    switchMode(project, 'dark');
    expect(project.names()).toEqual(['index.html']);
    expect(project.get('index.html')).toContain('data-theme="dark"');
    switchMode(project, 'light');
    expect(project.get('index.html')).toBe(shell.content);
  });
});
