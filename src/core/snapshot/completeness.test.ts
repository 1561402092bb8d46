import { describe, expect, it } from 'vitest';
import { completeWithTemplate, completionPlan } from './completeness.ts';
import { mergeToolchain } from './completion-toolchain.ts';

/** A small Vite template shaped like templates/react (the real ones: src/server/templates/completion.test.ts). */
const template = [
  {
    name: 'index.html',
    content: '<!doctype html>\n<div id="root"></div>\n<script type="module" src="/src/main.tsx"></script>\n',
  },
  {
    name: 'package.json',
    content: JSON.stringify({
      name: 'blank-react-app',
      type: 'module',
      scripts: { dev: 'vite', build: 'vite build' },
      dependencies: { react: '^19.2.0', 'react-dom': '^19.2.0' },
      devDependencies: { '@vitejs/plugin-react': '^6.0.0', tailwindcss: '^4.1.0', vite: '^8.0.0' },
    }),
  },
  { name: 'src/App.tsx', content: 'export default function App() { return null; }' },
  { name: 'src/index.css', content: "@import 'tailwindcss';\n\nbody { margin: 0; }\n" },
  {
    name: 'src/main.tsx',
    content:
      "import { createRoot } from 'react-dom/client';\nimport App from './App.tsx';\nimport './index.css';\n",
  },
  { name: 'tsconfig.json', content: '{}' },
  { name: 'vite.config.ts', content: 'export default {}' },
];

const file = (name: string, content = '') => ({ name, content, isLocked: false });
const pkg = (json: object) => file('package.json', JSON.stringify(json, null, 2));
const names = (files: readonly { name: string }[]) => files.map((entry) => entry.name);
const added = (files: ReturnType<typeof file>[]) => names(completionPlan(files, template).added);

describe("Spec §5 'Artifact completeness' by rule (decision 0057)", () => {
  it('a build script that names a file of the project, or runs another tool, is its own build', () => {
    const own = [
      [pkg({ scripts: { build: 'node scripts/build.mjs' } }), file('scripts/build.mjs')],
      [pkg({ scripts: { build: 'parcel build ./src/index.html' } }), file('src/index.html')],
      [pkg({ scripts: { build: 'react-scripts build' } }), file('src/index.js')],
      [pkg({ scripts: { build: 'next build' } }), file('app/page.tsx'), file('tsconfig.json')],
      // A framework that builds its own pages, with the template's tool: SvelteKit, React Router.
      [
        pkg({ scripts: { build: 'vite build' }, devDependencies: { '@sveltejs/kit': '^2.0.0' } }),
        file('vite.config.ts'),
      ],
      [pkg({ scripts: { build: 'react-router build' }, dependencies: { '@react-router/dev': '^7.0.0' } })],
      [
        pkg({ scripts: { build: 'vite build' }, devDependencies: { '@sveltejs/kit': '^2.0.0' } }),
        file('svelte.config.js'),
      ],
    ];
    for (const files of own)
      expect(completionPlan(files, template)).toMatchObject({ mode: 'own-build', added: [] });
    // `vite build` is the template's tool, also behind `npm run` and `tsc &&`.
    for (const build of ['vite build', 'tsc -b && vite build', 'npm run build:app']) {
      const files = [pkg({ scripts: { build, 'build:app': 'vite build --mode app' } }), file('src/App.tsx')];
      expect(completionPlan(files, template).mode).toBe('template-config');
    }
  });

  it("another tool's bundler config is its own build; TypeScript's, Tailwind's, PostCSS's and linters' configs are not", () => {
    const withConfig = (name: string) =>
      completionPlan([pkg({}), file(name), file('src/App.tsx')], template).mode;
    for (const name of [
      'webpack.config.js',
      'config/webpack.prod.js',
      'rollup.config.mjs',
      '.parcelrc',
      'next.config.ts',
    ]) {
      expect(withConfig(name)).toBe('own-build');
    }
    for (const name of [
      'tsconfig.json',
      'tailwind.config.js',
      'postcss.config.cjs',
      '.eslintrc.cjs',
      'vitest.config.ts',
    ]) {
      expect(withConfig(name)).toBe('template-config');
    }
    expect(withConfig('vite.config.js')).toBe('own-config');
    // Without package.json there is no toolchain of its own: the template's comes, whatever the configs.
    expect(completionPlan([file('webpack.config.js'), file('src/App.tsx')], template).mode).toBe(
      'template-config',
    );
  });

  it("adds the template's missing files in template order; the snapshot's own win, then its other files follow", () => {
    const snapshot = {
      title: 'T',
      files: [
        { name: 'src/App.tsx', content: 'mine', isLocked: true },
        { name: 'src/List.tsx', content: 'list', isLocked: false },
      ],
    };
    const completed = completeWithTemplate(snapshot, template);
    expect(names(completed.files)).toEqual([
      'index.html',
      'package.json',
      'src/App.tsx',
      'src/index.css',
      'src/main.tsx',
      'tsconfig.json',
      'vite.config.ts',
      'src/List.tsx',
    ]);
    expect(completed.files[2]).toEqual({ name: 'src/App.tsx', content: 'mine', isLocked: true });
    expect(completeWithTemplate(snapshot, template)).toEqual(completed);
  });

  it('returns a project that needs nothing unchanged', () => {
    const complete = {
      title: 'T',
      files: [
        file('package.json', JSON.stringify(JSON.parse(template[1]!.content), null, 2)),
        file('vite.config.js'),
        file('index.html', '<script type="module" src="/src/main.jsx"></script>'),
        file('src/main.jsx', 'createRoot(root).render(<App />)'),
      ],
    };
    expect(completeWithTemplate(complete, template)).toBe(complete);
  });

  it("template-config: the template's toolchain wins in the project's own package.json; its other packages stand", () => {
    const own = pkg({
      name: 'pomodoro',
      scripts: { build: 'vite build' },
      dependencies: { react: '^18.2.0', 'react-dom': '^18.2.0', recharts: '^2.15.0' },
      devDependencies: { '@vitejs/plugin-react': '^4.0.3', vite: '^4.4.5' },
    });
    const plan = completionPlan([own, file('src/App.tsx')], template);
    expect(plan.toolchain).toEqual(['@vitejs/plugin-react', 'tailwindcss', 'vite']);
    expect(JSON.parse(plan.packageJson!)).toEqual({
      name: 'pomodoro',
      scripts: { build: 'vite build' },
      dependencies: { react: '^18.2.0', 'react-dom': '^18.2.0', recharts: '^2.15.0' },
      devDependencies: { '@vitejs/plugin-react': '^6.0.0', vite: '^8.0.0', tailwindcss: '^4.1.0' },
    });
    // Stored as the project wrote it otherwise: no "type" is forced on its CommonJS configs.
    expect(JSON.parse(plan.packageJson!)).not.toHaveProperty('type');
  });

  it('merges the Angular packages at the Angular range of the template (released in lockstep with its compiler)', () => {
    const blank = JSON.stringify({
      scripts: { build: 'ng build' },
      dependencies: { '@angular/core': '^21.0.0', '@angular/router': '^21.0.0', rxjs: '~7.8.0' },
      devDependencies: {
        '@angular/build': '^21.0.0',
        '@angular/compiler-cli': '^21.0.0',
        typescript: '~5.9.3',
      },
    });
    const own = JSON.stringify({
      scripts: { build: 'ng build' },
      dependencies: {
        '@angular/core': '^17.3.0',
        '@angular/material': '^17.3.0',
        '@angular/fire': '^17.0.0',
        rxjs: '~7.5.0',
      },
      devDependencies: { '@angular-devkit/build-angular': '^17.3.0', typescript: '~5.4.2' },
    });
    expect(JSON.parse(mergeToolchain(own, blank).content!)).toEqual({
      scripts: { build: 'ng build' },
      dependencies: {
        '@angular/core': '^21.0.0',
        '@angular/material': '^21.0.0',
        '@angular/fire': '^17.0.0',
        rxjs: '~7.5.0',
        '@angular/router': '^21.0.0',
      },
      devDependencies: {
        '@angular-devkit/build-angular': '^21.0.0',
        typescript: '~5.9.3',
        '@angular/build': '^21.0.0',
        '@angular/compiler-cli': '^21.0.0',
      },
    });
  });

  it("own-config: the project's toolchain stands; the page and the entry come, without Tailwind it does not declare", () => {
    const own = pkg({
      scripts: { build: 'vite build' },
      dependencies: { react: '^18.2.0' },
      devDependencies: { vite: '^4.4.5' },
    });
    const plan = completionPlan([own, file('vite.config.js'), file('src/App.tsx')], template);
    expect(plan.mode).toBe('own-config');
    expect(names(plan.added)).toEqual(['index.html', 'src/index.css', 'src/main.tsx']);
    // Only what the added entry imports and the project lacks joins its package.json (react-dom at
    // the project's React); its Vite 4 stands.
    expect(plan.toolchain).toEqual(['react-dom']);
    expect(JSON.parse(plan.packageJson!)).toEqual({
      scripts: { build: 'vite build' },
      dependencies: { react: '^18.2.0', 'react-dom': '^18.2.0' },
      devDependencies: { vite: '^4.4.5' },
    });
    expect(plan.added.find((entry) => entry.name === 'src/index.css')!.content).toBe(
      '\nbody { margin: 0; }\n',
    );
    // With Tailwind declared the template's stylesheet is added as it is.
    const tailwind = pkg({ scripts: { build: 'vite build' }, devDependencies: { tailwindcss: '^4.1.0' } });
    const withTailwind = completionPlan([tailwind, file('vite.config.ts'), file('src/App.tsx')], template);
    expect(withTailwind.added.find((entry) => entry.name === 'src/index.css')!.content).toBe(
      template[3]!.content,
    );
  });

  it('own-config: a tsconfig only where the build script runs tsc', () => {
    const build = (script: string) => [
      pkg({ scripts: { build: script } }),
      file('vite.config.ts'),
      file('index.html'),
    ];
    expect(added(build('vite build'))).toEqual([]);
    expect(added(build('tsc && vite build'))).toEqual(['tsconfig.json']);
    expect(added([...build('tsc && vite build'), file('tsconfig.app.json')])).toEqual([]);
  });

  it("points the template's page at the project's own entry, and the template's entry at the project's own App", () => {
    const own = pkg({ scripts: { build: 'vite build' } });
    const entry = file(
      'src/index.jsx',
      "ReactDOM.createRoot(document.getElementById('root')).render(<App />);",
    );
    const plan = completionPlan([own, entry, file('src/App.jsx')], template);
    expect(names(plan.added)).toEqual(['index.html', 'tsconfig.json', 'vite.config.ts']);
    expect(plan.added[0]!.content).toContain('<script type="module" src="/src/index.jsx"></script>');
    // A file named like an entry that mounts nothing is not taken for one.
    expect(added([own, file('src/index.ts', 'export * from "./lib";')])).toContain('src/main.tsx');

    const withoutEntry = completionPlan([own, file('vite.config.js'), file('src/App.jsx')], template);
    const main = withoutEntry.added.find((entry) => entry.name === 'src/main.tsx')!;
    expect(main.content).toContain("import App from './App.jsx';");
    expect(names(withoutEntry.added)).not.toContain('src/App.tsx');
  });

  it("adds what the project's own files import that only the template has", () => {
    const main = file(
      'src/main.tsx',
      "import App from './App';\nimport './index.css';\ncreateRoot(root).render(<App />);",
    );
    const page = file('index.html', '<script type="module" src="/src/main.tsx"></script>');
    expect(
      added([
        pkg({ scripts: { build: 'vite build' } }),
        file('vite.config.ts'),
        page,
        main,
        file('src/App.tsx'),
      ]),
    ).toEqual(['src/index.css']);
    // A page that names an entry the project lacks gets the template's when it is the same file.
    expect(added([pkg({}), file('vite.config.ts'), page])).toEqual([
      'src/App.tsx',
      'src/index.css',
      'src/main.tsx',
    ]);
  });

  it('keeps an unreadable package.json as it is (its build reports it) and adds the rest', () => {
    const plan = completionPlan([file('package.json', '{ not json'), file('src/App.tsx')], template);
    expect(plan).toMatchObject({ mode: 'template-config', packageJson: null });
    expect(names(plan.added)).toEqual([
      'index.html',
      'src/index.css',
      'src/main.tsx',
      'tsconfig.json',
      'vite.config.ts',
    ]);
  });
});
