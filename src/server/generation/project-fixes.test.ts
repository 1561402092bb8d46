/**
 * Kiln's fixes of a finished version (issue 33 item 1): packages imported but not declared are
 * added to package.json (the template's when the answer has none), with a note; locked files are
 * never changed; the demo model's answers need nothing. The versions come from a stub resolver
 * here (src/server/dependencies/resolver.test.ts tests the rule).
 */
import { describe, expect, it } from 'vitest';
import { parseArtifactText, type Snapshot, type SnapshotFile } from '../../core/artifact/index.ts';
import type { AddedPackage, MissingPackage } from '../../core/dependencies/index.ts';
import { FRAMEWORKS, type Framework } from '../../core/frameworks/index.ts';
import { completeWithTemplate, deriveSnapshot } from '../../core/snapshot/index.ts';
import { composeAnswer } from '../ai/demo/answer.ts';
import { CATALOGUE } from '../ai/demo/catalogue/index.ts';
import type { DemoRequest } from '../ai/demo/types.ts';
import type { DependencyResolver } from '../dependencies/index.ts';
import { loadBlankTemplate } from '../templates/load.ts';
import { fixProject, type ProjectFixDeps } from './project-fixes.ts';

// Packages no blank template carries (lucide-react is React's: issue 33 item 3).
const VERSIONS: Record<string, string> = { 'canvas-confetti': '1.9.3', axios: '1.7.9' };

/** Versions from a table; packages it lacks do not exist. Records what it was asked. */
function stubResolver(asked: MissingPackage[][] = []): DependencyResolver {
  return {
    async choose(missing) {
      asked.push([...missing]);
      return missing
        .filter((item) => VERSIONS[item.name] !== undefined)
        .map((item): AddedPackage => ({ name: item.name, version: item.range ?? VERSIONS[item.name]! }));
    },
  };
}

function deps(resolver: DependencyResolver, log?: (line: string) => void): ProjectFixDeps {
  return { dependencies: resolver, templateFiles: loadBlankTemplate, log };
}

function file(name: string, content: string, isLocked = false): SnapshotFile {
  return { name, content, isLocked };
}

const APP_WITH_CONFETTI = `import confetti from 'canvas-confetti';\nimport { Camera } from 'lucide-react';\nexport default function App() {\n  return <Camera onClick={() => confetti()} />;\n}\n`;

describe('fixProject: packages the project imports but does not declare', () => {
  it('no package.json: the template’s, plus the import, is written; the chat is told', async () => {
    const snapshot: Snapshot = { title: 'Icons', files: [file('src/App.tsx', APP_WITH_CONFETTI)] };
    const fixed = await fixProject(
      { snapshot, framework: 'react', answerText: 'Here.' },
      deps(stubResolver()),
    );
    expect(fixed.notes).toEqual(['Kiln added canvas-confetti 1.9.3 to package.json.']);
    expect(fixed.snapshot.files.map((f) => f.name)).toEqual(['src/App.tsx', 'package.json']);
    const template = JSON.parse(
      (await loadBlankTemplate('react')).find((f) => f.name === 'package.json')!.content,
    );
    const written = JSON.parse(fixed.snapshot.files[1]!.content);
    expect(written).toEqual({
      ...template,
      dependencies: { ...template.dependencies, 'canvas-confetti': '1.9.3' },
    });
  });

  it('its own package.json is added to where it is; the prose’s install command counts', async () => {
    const packageJson = JSON.stringify(
      { name: 'x', dependencies: { react: '^19.0.0', 'react-dom': '^19.0.0' } },
      null,
      2,
    );
    const snapshot: Snapshot = {
      title: 'Data',
      files: [
        file('package.json', packageJson),
        file('src/App.tsx', `import axios from 'axios';\n${APP_WITH_CONFETTI}`),
      ],
    };
    const answerText =
      'Install the client with `npm install axios@1.6.0`.\n<kilnArtifact title="Data"></kilnArtifact>';
    const fixed = await fixProject({ snapshot, framework: 'react', answerText }, deps(stubResolver()));
    expect(fixed.notes).toEqual(['Kiln added axios 1.6.0 and canvas-confetti 1.9.3 to package.json.']);
    expect(fixed.snapshot.files[0]!.name).toBe('package.json');
    // Only the additions: the template's packages (lucide-react) and toolchain are the completion's
    // to merge, wherever the project is built or zipped.
    expect(JSON.parse(fixed.snapshot.files[0]!.content)).toEqual({
      name: 'x',
      dependencies: {
        axios: '1.6.0',
        'canvas-confetti': '1.9.3',
        react: '^19.0.0',
        'react-dom': '^19.0.0',
      },
    });
  });

  it('a locked package.json is never changed, and nothing is said', async () => {
    const asked: MissingPackage[][] = [];
    const snapshot: Snapshot = {
      title: 'Locked',
      files: [
        file('package.json', '{"dependencies":{"react":"^19.0.0"}}', true),
        file('src/App.tsx', APP_WITH_CONFETTI),
      ],
    };
    const fixed = await fixProject(
      { snapshot, framework: 'react', answerText: '' },
      deps(stubResolver(asked)),
    );
    expect(fixed).toEqual({ snapshot, notes: [] });
    expect(asked).toEqual([]);
  });

  it('a package the registry does not know is not added (the build names it); HTML is not fixed', async () => {
    const snapshot: Snapshot = {
      title: 'Confetti',
      files: [
        file('src/App.tsx', `import confetti from 'kiln-no-such-package';\nexport default () => null;`),
      ],
    };
    expect(await fixProject({ snapshot, framework: 'react', answerText: '' }, deps(stubResolver()))).toEqual({
      snapshot,
      notes: [],
    });
    const html: Snapshot = {
      title: 'Page',
      files: [file('index.html', '<script type="module">import "x";</script>')],
    };
    expect(
      await fixProject({ snapshot: html, framework: 'html', answerText: '' }, deps(stubResolver())),
    ).toEqual({
      snapshot: html,
      notes: [],
    });
  });

  it('the completed project keeps every template file it had (a package.json never hides index.html)', async () => {
    const snapshot: Snapshot = {
      title: 'Own config',
      files: [
        file(
          'vite.config.ts',
          `import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\nexport default defineConfig({ plugins: [react()] });`,
        ),
        file('src/App.tsx', APP_WITH_CONFETTI),
      ],
    };
    const template = await loadBlankTemplate('react');
    const before = completeWithTemplate(snapshot, template).files.map((f) => f.name);
    const fixed = await fixProject({ snapshot, framework: 'react', answerText: '' }, deps(stubResolver()));
    const after = completeWithTemplate(fixed.snapshot, template).files.map((f) => f.name);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(fixed.notes).toEqual(['Kiln added canvas-confetti 1.9.3 to package.json.']);
  });

  it('a resolver that throws leaves the project as it was', async () => {
    const logged: string[] = [];
    const snapshot: Snapshot = { title: 'Icons', files: [file('src/App.tsx', APP_WITH_CONFETTI)] };
    const failing: DependencyResolver = {
      choose: () => Promise.reject(new Error('registry on fire')),
    };
    expect(
      await fixProject(
        { snapshot, framework: 'react', answerText: '' },
        deps(failing, (l) => logged.push(l)),
      ),
    ).toEqual({
      snapshot,
      notes: [],
    });
    expect(logged.join('\n')).toContain('registry on fire');
  });
});

describe('the demo model declares everything: nothing is added to its answers', () => {
  const demoRequest = (
    framework: Framework,
    prompt: string,
    extra: Partial<DemoRequest> = {},
  ): DemoRequest => ({
    framework,
    prompt,
    snapshot: null,
    lockedPaths: new Set(),
    attachedImages: [],
    ...extra,
  });
  const requests: [string, DemoRequest][] = [];
  for (const framework of FRAMEWORKS) {
    for (const entry of CATALOGUE)
      requests.push([`${framework}: ${entry.title}`, demoRequest(framework, entry.title)]);
  }
  for (const framework of ['react', 'vue', 'svelte', 'angular'] as const) {
    for (const databaseProvider of ['supabase', 'postgres']) {
      requests.push([
        `${framework}: guest book (${databaseProvider})`,
        demoRequest(framework, 'A guest book', { databaseProvider }),
      ]);
    }
  }
  for (const framework of ['react', 'vue', 'svelte'] as const) {
    requests.push([
      `${framework}: contact form`,
      demoRequest(framework, 'A contact form', { emailProvider: 'smtp' }),
    ]);
  }

  it.each(requests)('%s', async (_label, request) => {
    const answerText = composeAnswer(request);
    const parsed = parseArtifactText(answerText);
    const snapshot = deriveSnapshot(null, { title: parsed.title, files: parsed.files });
    const asked: MissingPackage[][] = [];
    const fixed = await fixProject(
      { snapshot, framework: request.framework, answerText },
      deps(stubResolver(asked)),
    );
    expect(asked).toEqual([]);
    expect(fixed).toEqual({ snapshot, notes: [] });
    // A follow-up of the demo too.
    const followUp = composeAnswer({
      ...request,
      prompt: 'add a footer',
      snapshot: { title: snapshot.title, files: snapshot.files },
    });
    const next = parseArtifactText(followUp);
    const second = deriveSnapshot(snapshot, { title: next.title, files: next.files });
    expect(
      (
        await fixProject(
          { snapshot: second, framework: request.framework, answerText: followUp },
          deps(stubResolver(asked)),
        )
      ).notes,
    ).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe("fixProject: the model's slips repaired without a model (core repairs)", () => {
  it('a Vue component using ref without its import, a wrong-case import and an unknown icon: repaired and named', async () => {
    const snapshot: Snapshot = {
      title: 'Tips',
      files: [
        file(
          'src/App.vue',
          `<script setup lang="ts">\nimport Total from './components/total.vue';\nconst bill = ref(0);\n</script>\n\n<template>\n  <Total :bill="bill" />\n</template>\n`,
        ),
        file(
          'src/components/Total.vue',
          `<script setup lang="ts">\ndefineProps<{ bill: number }>();\n</script>\n\n<template><p>Total</p></template>\n`,
        ),
      ],
    };
    const fixed = await fixProject({ snapshot, framework: 'vue', answerText: 'Here.' }, deps(stubResolver()));
    const app = fixed.snapshot.files.find((f) => f.name === 'src/App.vue')!.content;
    expect(app).toContain("import { ref } from 'vue'");
    expect(app).toContain("from './components/Total.vue'");
    expect(fixed.notes).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Kiln imported ref from vue in src\/App\.vue\.$/)]),
    );
    expect(fixed.notes.some((note) => note.startsWith('Kiln corrected the import'))).toBe(true);
  });

  it('a locked file is never repaired', async () => {
    const content = `<script setup>\nconst count = ref(0);\n</script>\n<template>{{ count }}</template>\n`;
    const snapshot: Snapshot = { title: 'Locked', files: [file('src/App.vue', content, true)] };
    const fixed = await fixProject({ snapshot, framework: 'vue', answerText: 'Here.' }, deps(stubResolver()));
    expect(fixed.snapshot.files.find((f) => f.name === 'src/App.vue')!.content).toBe(content);
    expect(fixed.notes).toEqual([]);
  });
});

describe('fixProject: an answer written for Tailwind 3 keeps its look on Tailwind 4 (issue 39, decision 0059)', () => {
  const CONFIG = `/** @type {import('tailwindcss').Config} */\nexport default {\n  content: ['./index.html', './src/**/*.{js,ts,jsx,tsx,vue,svelte,html}'],\n  theme: { extend: { colors: { gainsboro: '#DCDCDC' } } },\n  plugins: [require('@tailwindcss/forms')],\n};\n`;
  /** The versions of the packages a Tailwind 3 answer asks for beside the template's. */
  const tailwindResolver = (asked: MissingPackage[][]): DependencyResolver => ({
    async choose(missing) {
      asked.push([...missing]);
      const versions: Record<string, string> = { '@tailwindcss/forms': '0.5.10', autoprefixer: '10.4.21' };
      return missing.flatMap((item) =>
        versions[item.name] ? [{ name: item.name, version: versions[item.name]! }] : [],
      );
    },
  });
  const stylesheets: Record<string, string> = {
    react: 'src/index.css',
    vue: 'src/style.css',
    svelte: 'src/app.css',
    angular: 'src/styles.css',
  };

  it.each(['react', 'vue', 'svelte', 'angular'] as const)(
    "%s: the template's stylesheet names the answer's config in the stored version; its plugin is added",
    async (framework) => {
      const snapshot: Snapshot = { title: 'Palette', files: [file('tailwind.config.js', CONFIG)] };
      const asked: MissingPackage[][] = [];
      const fixed = await fixProject(
        { snapshot, framework, answerText: 'Here.' },
        deps(tailwindResolver(asked)),
      );
      const stylesheet = fixed.snapshot.files.find((f) => f.name === stylesheets[framework]);
      expect(stylesheet?.content).toMatch(/^@import 'tailwindcss';\n@config '\.\.\/tailwind\.config\.js';\n/);
      expect(fixed.notes[0]).toBe(
        `Kiln added the template's ${stylesheets[framework]} for Tailwind 4 with @config '../tailwind.config.js' so the config's theme and plugins apply; Tailwind 3's defaults where Tailwind 4 changed them (border colour, ring, small shadow and radius).`,
      );
      expect(fixed.notes[1]).toBe('Kiln added @tailwindcss/forms 0.5.10 to package.json.');
      // The build, the zip and a push complete the stored version: its stylesheet wins over the template's.
      const completed = completeWithTemplate(fixed.snapshot, await loadBlankTemplate(framework));
      expect(completed.files.find((f) => f.name === stylesheets[framework])?.content).toBe(
        stylesheet!.content,
      );
      // Fixing the fixed version changes nothing more.
      const again = await fixProject(
        { snapshot: fixed.snapshot, framework, answerText: 'Here.' },
        deps(tailwindResolver(asked)),
      );
      expect(again).toEqual({ snapshot: fixed.snapshot, notes: [] });
    },
  );

  it('React with the directives and a v3 PostCSS config: the config goes before the dependencies ask for autoprefixer', async () => {
    const snapshot: Snapshot = {
      title: 'Newsletter',
      files: [
        file(
          'postcss.config.js',
          `export default {\n  plugins: {\n    tailwindcss: {},\n    autoprefixer: {},\n  },\n};\n`,
        ),
        file('src/index.css', `@tailwind base;\n@tailwind components;\n@tailwind utilities;\n`),
        file('src/App.tsx', `export default function App() {\n  return <p className="p-4">Hi</p>;\n}\n`),
      ],
    };
    const asked: MissingPackage[][] = [];
    const fixed = await fixProject(
      { snapshot, framework: 'react', answerText: 'Here.' },
      deps(tailwindResolver(asked)),
    );
    expect(fixed.snapshot.files.map((f) => f.name)).toEqual(['src/index.css', 'src/App.tsx']);
    expect(
      fixed.snapshot.files[0]!.content.startsWith("@import 'tailwindcss';\n\n/* Tailwind 3's defaults"),
    ).toBe(true);
    expect(asked).toEqual([]);
    expect(fixed.notes).toEqual([
      "Kiln updated src/index.css for Tailwind 4: @import 'tailwindcss' in place of the @tailwind directives; Tailwind 3's defaults where Tailwind 4 changed them (border colour, ring, small shadow and radius).",
      "Kiln removed postcss.config.js: Tailwind 4 runs in the template's Vite plugin and adds vendor prefixes itself, so its tailwindcss and autoprefixer plugins had nothing left to do.",
    ]);
  });

  it('a project with its own Vite config and Tailwind 3 toolchain builds with Tailwind 3: nothing changes', async () => {
    const snapshot: Snapshot = {
      title: 'Own toolchain',
      files: [
        file(
          'package.json',
          JSON.stringify({
            scripts: { build: 'vite build' },
            dependencies: { react: '^18.3.1', 'react-dom': '^18.3.1' },
            devDependencies: {
              vite: '^5.4.0',
              '@vitejs/plugin-react': '^4.3.0',
              tailwindcss: '^3.4.10',
              postcss: '^8.4.0',
              autoprefixer: '^10.4.0',
            },
          }),
        ),
        file(
          'vite.config.js',
          `import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\nexport default defineConfig({ plugins: [react()] });\n`,
        ),
        file('postcss.config.js', `export default { plugins: { tailwindcss: {}, autoprefixer: {} } };\n`),
        file('tailwind.config.js', CONFIG.replace(`require('@tailwindcss/forms')`, '')),
        file('index.html', `<div id="root"></div><script type="module" src="/src/main.jsx"></script>`),
        file(
          'src/main.jsx',
          `import { createRoot } from 'react-dom/client';\nimport './index.css';\ncreateRoot(document.getElementById('root')).render(null);\n`,
        ),
        file('src/index.css', `@tailwind base;\n@tailwind components;\n@tailwind utilities;\n`),
      ],
    };
    const fixed = await fixProject(
      { snapshot, framework: 'react', answerText: '' },
      deps(tailwindResolver([])),
    );
    expect(fixed).toEqual({ snapshot, notes: [] });
  });

  it('a locked stylesheet is never changed', async () => {
    const css = `@tailwind base;\n@tailwind utilities;\n`;
    const snapshot: Snapshot = {
      title: 'Locked',
      files: [
        file('src/index.css', css, true),
        file('tailwind.config.js', CONFIG.replace(`require('@tailwindcss/forms')`, '')),
      ],
    };
    const fixed = await fixProject(
      { snapshot, framework: 'react', answerText: '' },
      deps(tailwindResolver([])),
    );
    expect(fixed.snapshot.files.find((f) => f.name === 'src/index.css')!.content).toBe(css);
    expect(fixed.notes).toEqual([]);
  });
});
