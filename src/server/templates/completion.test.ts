/**
 * Completion by rule (issue 33 item 2, decision 0057) against the real blank templates, per
 * framework, with answers shaped like real models': nothing at all, only components, a
 * package.json of the model's memory (older majors, no build config), a package.json with a build
 * config but no page or entry, a whole project, and a project with a build of its own.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotFile } from '../../core/artifact/index.ts';
import type { Framework } from '../../core/frameworks/index.ts';
import { completeWithTemplate, completionPlan, type CompletionMode } from '../../core/snapshot/index.ts';
import { loadBlankTemplate } from './load.ts';

type Files = Record<string, string>;

interface Case {
  answer: string;
  files: Files;
  mode: CompletionMode;
  /** The template files added, sorted. */
  added: string[];
  /** Entries the completed package.json must have (`dependencies.x`, `scripts.build`…); null: the project's, unchanged. */
  packageJson?: Record<string, string | undefined> | null;
  /** Texts added files must contain (or not, with a leading '!'). */
  contents?: Record<string, string[]>;
}

const json = (value: object) => `${JSON.stringify(value, null, 2)}\n`;

const REACT_APP = `import { useState } from 'react';
import TodoList from './components/TodoList';

export default function App() {
  const [todos, setTodos] = useState<string[]>([]);
  return (
    <main className="min-h-screen bg-slate-50 p-8">
      <TodoList todos={todos} onAdd={(todo) => setTodos([...todos, todo])} />
    </main>
  );
}
`;
const REACT_TODO = `export default function TodoList({ todos, onAdd }: { todos: string[]; onAdd: (todo: string) => void }) {
  return <ul>{todos.map((todo) => <li key={todo}>{todo}</li>)}<button onClick={() => onAdd('x')}>Add</button></ul>;
}
`;
/** What models remember of `npm create vite`: Vite 4, React 18, no Tailwind. */
const VITE4_REACT = json({
  name: 'pomodoro-timer',
  private: true,
  version: '0.0.0',
  type: 'module',
  scripts: { dev: 'vite', build: 'vite build', preview: 'vite preview' },
  dependencies: { react: '^18.2.0', 'react-dom': '^18.2.0', recharts: '^2.15.0' },
  devDependencies: { '@vitejs/plugin-react': '^4.0.3', vite: '^4.4.5' },
});
const VITE4_REACT_CONFIG = `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
});
`;
const REACT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Pomodoro Timer</title></head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`;
const REACT_MAIN_JSX = `import React from 'react';
import ReactDOM from 'react-dom/client';
import App from './App.jsx';
import './index.css';

ReactDOM.createRoot(document.getElementById('root')).render(
  <React.StrictMode>
    <App />
  </React.StrictMode>,
);
`;

const VUE_APP = `<script setup>
import { ref } from 'vue';
import Counter from './components/Counter.vue';
const title = ref('Counter');
</script>

<template>
  <h1 class="text-2xl">{{ title }}</h1>
  <Counter />
</template>
`;
const VUE_COUNTER = `<script setup lang="ts">
import { ref } from 'vue';
const count = ref(0);
</script>

<template><button @click="count++">{{ count }}</button></template>
`;
const VITE4_VUE = json({
  name: 'vue-counter',
  private: true,
  version: '0.0.0',
  type: 'module',
  scripts: { dev: 'vite', build: 'vite build', preview: 'vite preview' },
  dependencies: { vue: '^3.3.4', pinia: '^2.1.7' },
  devDependencies: { '@vitejs/plugin-vue': '^4.2.3', vite: '^4.4.5' },
});
const VUE_MAIN_JS = `import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';

createApp(App).use(createPinia()).mount('#app');
`;

const SVELTE_APP = `<script>
  import Counter from './lib/Counter.svelte';
  let name = 'world';
</script>

<h1>Hello {name}!</h1>
<Counter />
`;
const SVELTE_COUNTER = `<script>
  let count = 0;
</script>

<button on:click={() => count++}>Clicked {count} times</button>
`;
const SVELTE4 = json({
  name: 'svelte-app',
  private: true,
  version: '0.0.0',
  type: 'module',
  scripts: { dev: 'vite', build: 'vite build', preview: 'vite preview' },
  devDependencies: { '@sveltejs/vite-plugin-svelte': '^2.4.2', svelte: '^4.2.0', vite: '^4.4.5' },
});

const ANGULAR_APP = `import { Component } from '@angular/core';
import { TodoList } from './todo-list/todo-list';

@Component({
  selector: 'app-root',
  imports: [TodoList],
  templateUrl: './app.html',
})
export class App {}
`;
const ANGULAR_TODO = `import { Component, signal } from '@angular/core';
import { FormsModule } from '@angular/forms';

@Component({
  selector: 'app-todo-list',
  imports: [FormsModule],
  template: '<input [(ngModel)]="draft" /><ul>@for (todo of todos(); track todo) {<li>{{ todo }}</li>}</ul>',
})
export class TodoList {
  draft = '';
  todos = signal<string[]>([]);
}
`;
/** Angular 17 as models remember it: app.component.ts, the devkit builder. */
const ANGULAR17 = json({
  name: 'todo-app',
  version: '0.0.0',
  scripts: { ng: 'ng', start: 'ng serve', build: 'ng build' },
  private: true,
  dependencies: {
    '@angular/common': '^17.3.0',
    '@angular/compiler': '^17.3.0',
    '@angular/core': '^17.3.0',
    '@angular/forms': '^17.3.0',
    '@angular/platform-browser': '^17.3.0',
    '@angular/router': '^17.3.0',
    rxjs: '~7.8.0',
    tslib: '^2.3.0',
    'zone.js': '~0.14.3',
  },
  devDependencies: {
    '@angular-devkit/build-angular': '^17.3.0',
    '@angular/cli': '^17.3.0',
    '@angular/compiler-cli': '^17.3.0',
    typescript: '~5.4.2',
  },
});
const ANGULAR17_MAIN = `import { bootstrapApplication } from '@angular/platform-browser';
import { appConfig } from './app/app.config';
import { AppComponent } from './app/app.component';

bootstrapApplication(AppComponent, appConfig).catch((err) => console.error(err));
`;
const ANGULAR17_COMPONENT = `import { Component } from '@angular/core';

@Component({
  selector: 'app-root',
  standalone: true,
  template: '<h1>Todos</h1>',
})
export class AppComponent {}
`;
const ANGULAR17_JSON = json({
  $schema: './node_modules/@angular/cli/lib/config/schema.json',
  version: 1,
  newProjectRoot: 'projects',
  projects: {
    'todo-app': {
      projectType: 'application',
      root: '',
      sourceRoot: 'src',
      prefix: 'app',
      architect: {
        build: {
          builder: '@angular-devkit/build-angular:application',
          options: {
            outputPath: 'dist/todo-app',
            index: 'src/index.html',
            browser: 'src/main.ts',
            polyfills: ['zone.js'],
            tsConfig: 'tsconfig.app.json',
            styles: ['src/styles.css'],
          },
        },
      },
    },
  },
});

const HTML_PAGE = `<!DOCTYPE html>
<html>
<head><script src="https://cdn.tailwindcss.com"></script></head>
<body><h1 class="text-3xl">Landing</h1></body>
</html>
`;

const CASES: Record<Exclude<Framework, never>, Case[]> = {
  react: [
    {
      answer: 'nothing',
      files: {},
      mode: 'template-config',
      added: [
        'index.html',
        'package.json',
        'src/App.tsx',
        'src/index.css',
        'src/main.tsx',
        'tsconfig.json',
        'vite.config.ts',
      ],
    },
    {
      answer: 'only components',
      files: { 'src/App.tsx': REACT_APP, 'src/components/TodoList.tsx': REACT_TODO },
      mode: 'template-config',
      added: [
        'index.html',
        'package.json',
        'src/index.css',
        'src/main.tsx',
        'tsconfig.json',
        'vite.config.ts',
      ],
      packageJson: { 'dependencies.lucide-react': '^1.79.0', 'devDependencies.vite': '^8.0.0' },
    },
    {
      answer: 'only package.json (Vite 4, no Tailwind) and components',
      files: {
        'package.json': VITE4_REACT,
        'src/App.tsx': REACT_APP,
        'src/components/TodoList.tsx': REACT_TODO,
      },
      mode: 'template-config',
      added: ['index.html', 'src/index.css', 'src/main.tsx', 'tsconfig.json', 'vite.config.ts'],
      packageJson: {
        name: 'pomodoro-timer',
        'dependencies.react': '^18.2.0',
        'dependencies.recharts': '^2.15.0',
        'dependencies.lucide-react': '^1.79.0',
        'devDependencies.vite': '^8.0.0',
        'devDependencies.@vitejs/plugin-react': '^6.0.0',
        'devDependencies.@tailwindcss/vite': '^4.1.0',
        'devDependencies.tailwindcss': '^4.1.0',
      },
      contents: { 'src/index.css': ["@import 'tailwindcss';"] },
    },
    {
      answer: 'package.json, page and entry of its own (Vite 4), no config',
      files: {
        'package.json': VITE4_REACT,
        'index.html': REACT_PAGE,
        'src/main.jsx': REACT_MAIN_JSX,
        'src/App.jsx': 'export default function App() { return <h1>Pomodoro</h1>; }\n',
        'src/index.css': 'body { margin: 0; }\n',
      },
      mode: 'template-config',
      added: ['tsconfig.json', 'vite.config.ts'],
      packageJson: { 'devDependencies.vite': '^8.0.0', 'devDependencies.@vitejs/plugin-react': '^6.0.0' },
    },
    {
      answer: 'package.json + a config (Vite 4, no Tailwind), no page or entry',
      files: {
        'package.json': VITE4_REACT,
        'vite.config.js': VITE4_REACT_CONFIG,
        'src/App.jsx': 'export default function App() { return <h1>Sales</h1>; }\n',
      },
      mode: 'own-config',
      added: ['index.html', 'src/index.css', 'src/main.tsx'],
      packageJson: null,
      contents: { 'src/main.tsx': ["import App from './App.jsx';"], 'src/index.css': ['!tailwindcss'] },
    },
    {
      answer: 'everything',
      files: {
        'package.json': VITE4_REACT,
        'vite.config.js': VITE4_REACT_CONFIG,
        'index.html': REACT_PAGE,
        'src/main.jsx': REACT_MAIN_JSX,
        'src/App.jsx': 'export default function App() { return <h1>Pomodoro</h1>; }\n',
        'src/index.css': 'body { margin: 0; }\n',
      },
      mode: 'own-config',
      added: [],
      packageJson: null,
    },
    {
      answer: 'its own build script (Create React App)',
      files: {
        'package.json': json({
          name: 'react-project',
          scripts: { start: 'react-scripts start', build: 'react-scripts build' },
          dependencies: { react: '^18.2.0', 'react-dom': '^18.2.0', 'react-scripts': '5.0.1' },
        }),
        'public/index.html': '<div id="root"></div>',
        'src/index.js': "ReactDOM.createRoot(document.getElementById('root')).render(<App />);",
        'src/App.js': 'export default function App() { return <h1>Hi</h1>; }',
      },
      mode: 'own-build',
      added: [],
      packageJson: null,
    },
  ],
  vue: [
    {
      answer: 'nothing',
      files: {},
      mode: 'template-config',
      added: [
        'index.html',
        'package.json',
        'src/App.vue',
        'src/env.d.ts',
        'src/main.ts',
        'src/style.css',
        'tsconfig.json',
        'vite.config.ts',
      ],
    },
    {
      answer: 'only components',
      files: { 'src/App.vue': VUE_APP, 'src/components/Counter.vue': VUE_COUNTER },
      mode: 'template-config',
      added: [
        'index.html',
        'package.json',
        'src/env.d.ts',
        'src/main.ts',
        'src/style.css',
        'tsconfig.json',
        'vite.config.ts',
      ],
    },
    {
      answer: 'only package.json (Vite 4, Pinia), its own main.js, no page',
      files: {
        'package.json': VITE4_VUE,
        'src/main.js': VUE_MAIN_JS,
        'src/App.vue': VUE_APP,
        'src/components/Counter.vue': VUE_COUNTER,
      },
      mode: 'template-config',
      added: ['index.html', 'src/env.d.ts', 'tsconfig.json', 'vite.config.ts'],
      packageJson: {
        'dependencies.vue': '^3.3.4',
        'dependencies.pinia': '^2.1.7',
        'devDependencies.vite': '^8.0.0',
        'devDependencies.@vitejs/plugin-vue': '^6.0.0',
        'devDependencies.tailwindcss': '^4.1.0',
      },
      contents: { 'index.html': ['<script type="module" src="/src/main.js"></script>'] },
    },
    {
      answer: 'package.json + a config, no page or entry',
      files: {
        'package.json': VITE4_VUE,
        'vite.config.js':
          "import { defineConfig } from 'vite';\nimport vue from '@vitejs/plugin-vue';\nexport default defineConfig({ plugins: [vue()] });\n",
        'src/App.vue': VUE_APP,
        'src/components/Counter.vue': VUE_COUNTER,
      },
      mode: 'own-config',
      added: ['index.html', 'src/main.ts', 'src/style.css'],
      packageJson: null,
      contents: { 'src/style.css': ['!tailwindcss'] },
    },
    {
      answer: 'everything',
      files: {
        'package.json': VITE4_VUE,
        'vite.config.js': 'export default { plugins: [] };\n',
        'index.html': '<div id="app"></div><script type="module" src="/src/main.js"></script>',
        'src/main.js': VUE_MAIN_JS,
        'src/App.vue': VUE_APP,
        'src/components/Counter.vue': VUE_COUNTER,
      },
      mode: 'own-config',
      added: [],
      packageJson: null,
    },
    {
      answer: 'its own build script (Vue CLI)',
      files: {
        'package.json': json({
          scripts: { build: 'vue-cli-service build' },
          dependencies: { vue: '^3.3.4' },
        }),
        'src/main.js': VUE_MAIN_JS,
        'src/App.vue': VUE_APP,
      },
      mode: 'own-build',
      added: [],
      packageJson: null,
    },
  ],
  svelte: [
    {
      answer: 'nothing',
      files: {},
      mode: 'template-config',
      added: [
        'index.html',
        'package.json',
        'src/App.svelte',
        'src/app.css',
        'src/main.ts',
        'src/vite-env.d.ts',
        'svelte.config.js',
        'tsconfig.json',
        'vite.config.ts',
      ],
    },
    {
      answer: 'only components',
      files: { 'src/App.svelte': SVELTE_APP, 'src/lib/Counter.svelte': SVELTE_COUNTER },
      mode: 'template-config',
      added: [
        'index.html',
        'package.json',
        'src/app.css',
        'src/main.ts',
        'src/vite-env.d.ts',
        'svelte.config.js',
        'tsconfig.json',
        'vite.config.ts',
      ],
    },
    {
      answer: 'only package.json (Svelte 4, Vite 4) and components',
      files: {
        'package.json': SVELTE4,
        'src/App.svelte': SVELTE_APP,
        'src/lib/Counter.svelte': SVELTE_COUNTER,
      },
      mode: 'template-config',
      added: [
        'index.html',
        'src/app.css',
        'src/main.ts',
        'src/vite-env.d.ts',
        'svelte.config.js',
        'tsconfig.json',
        'vite.config.ts',
      ],
      packageJson: {
        'devDependencies.svelte': '^5.46.4',
        'devDependencies.@sveltejs/vite-plugin-svelte': '^7.0.0',
        'devDependencies.vite': '^8.0.0',
        'devDependencies.@tailwindcss/vite': '^4.1.0',
      },
    },
    {
      answer: 'package.json + a config, no page or entry',
      files: {
        'package.json': SVELTE4,
        'vite.config.js':
          "import { defineConfig } from 'vite';\nimport { svelte } from '@sveltejs/vite-plugin-svelte';\nexport default defineConfig({ plugins: [svelte()] });\n",
        'src/App.svelte': SVELTE_APP,
        'src/lib/Counter.svelte': SVELTE_COUNTER,
      },
      mode: 'own-config',
      added: ['index.html', 'src/app.css', 'src/main.ts'],
      packageJson: null,
      contents: { 'src/app.css': ['!tailwindcss'] },
    },
    {
      answer: 'everything',
      files: {
        'package.json': SVELTE4,
        'vite.config.js': 'export default {};\n',
        'index.html': '<div id="app"></div><script type="module" src="/src/main.js"></script>',
        'src/main.js':
          "import App from './App.svelte';\nexport default new App({ target: document.getElementById('app') });\n",
        'src/App.svelte': SVELTE_APP,
      },
      mode: 'own-config',
      added: [],
      packageJson: null,
    },
    {
      answer: 'its own build (Rollup)',
      files: {
        'package.json': json({
          scripts: { build: 'rollup -c' },
          devDependencies: { rollup: '^3.29.0', svelte: '^4.2.0' },
        }),
        'rollup.config.js': 'export default {};\n',
        'src/main.js': "import App from './App.svelte';\nnew App({ target: document.body });\n",
        'src/App.svelte': SVELTE_APP,
      },
      mode: 'own-build',
      added: [],
      packageJson: null,
    },
  ],
  angular: [
    {
      answer: 'nothing',
      files: {},
      mode: 'template-config',
      added: [
        '.postcssrc.json',
        'angular.json',
        'package.json',
        'public/.gitkeep',
        'src/app/app.config.ts',
        'src/app/app.html',
        'src/app/app.ts',
        'src/index.html',
        'src/main.ts',
        'src/styles.css',
        'tsconfig.app.json',
        'tsconfig.json',
      ],
    },
    {
      answer: 'only components',
      files: {
        'src/app/app.ts': ANGULAR_APP,
        'src/app/app.html': '<app-todo-list />\n',
        'src/app/todo-list/todo-list.ts': ANGULAR_TODO,
      },
      mode: 'template-config',
      added: [
        '.postcssrc.json',
        'angular.json',
        'package.json',
        'public/.gitkeep',
        'src/app/app.config.ts',
        'src/index.html',
        'src/main.ts',
        'src/styles.css',
        'tsconfig.app.json',
        'tsconfig.json',
      ],
      packageJson: { 'dependencies.@angular/forms': '^21.0.0', 'dependencies.@angular/router': '^21.0.0' },
      contents: { 'src/app/app.config.ts': ['provideRouter([])', 'provideHttpClient()'] },
    },
    {
      answer: 'only package.json (Angular 17), its own main.ts and AppComponent',
      files: {
        'package.json': ANGULAR17,
        'src/main.ts': ANGULAR17_MAIN,
        'src/app/app.component.ts': ANGULAR17_COMPONENT,
      },
      mode: 'template-config',
      added: [
        '.postcssrc.json',
        'angular.json',
        'public/.gitkeep',
        'src/app/app.config.ts',
        'src/index.html',
        'src/styles.css',
        'tsconfig.app.json',
        'tsconfig.json',
      ],
      packageJson: {
        'dependencies.@angular/core': '^21.0.0',
        'dependencies.@angular/router': '^21.0.0',
        'dependencies.zone.js': '~0.16.0',
        'devDependencies.@angular/build': '^21.0.0',
        'devDependencies.@angular/compiler-cli': '^21.0.0',
        'devDependencies.@angular-devkit/build-angular': '^21.0.0',
        'devDependencies.typescript': '~5.9.3',
        'devDependencies.tailwindcss': '^4.1.0',
      },
    },
    {
      answer: 'package.json + a config (angular.json of Angular 17), no page, styles or tsconfig',
      files: {
        'package.json': ANGULAR17,
        'angular.json': ANGULAR17_JSON,
        'src/main.ts': ANGULAR17_MAIN.replace("import { appConfig } from './app/app.config';\n", '').replace(
          ', appConfig',
          '',
        ),
        'src/app/app.component.ts': ANGULAR17_COMPONENT,
      },
      mode: 'own-config',
      added: ['src/index.html', 'src/styles.css', 'tsconfig.app.json', 'tsconfig.json'],
      packageJson: null,
      contents: { 'src/styles.css': ['!tailwindcss'] },
    },
    {
      answer: 'package.json (Angular 21, no router) + a config, only its components',
      files: {
        'package.json': json({
          name: 'inventory',
          scripts: { start: 'ng serve', build: 'ng build' },
          dependencies: {
            '@angular/common': '^21.0.0',
            '@angular/compiler': '^21.0.0',
            '@angular/core': '^21.0.0',
            '@angular/forms': '^21.0.0',
            '@angular/platform-browser': '^21.0.0',
            rxjs: '~7.8.0',
            tslib: '^2.3.0',
          },
          devDependencies: {
            '@angular/build': '^21.0.0',
            '@angular/cli': '^21.0.0',
            '@angular/compiler-cli': '^21.0.0',
            typescript: '~5.9.3',
          },
        }),
        'angular.json': ANGULAR17_JSON.replace(
          '@angular-devkit/build-angular:application',
          '@angular/build:application',
        ),
        'src/app/app.ts': ANGULAR_APP,
        'src/app/app.html': '<app-todo-list />\n',
        'src/app/todo-list/todo-list.ts': ANGULAR_TODO,
      },
      mode: 'own-config',
      added: [
        'src/app/app.config.ts',
        'src/index.html',
        'src/main.ts',
        'src/styles.css',
        'tsconfig.app.json',
        'tsconfig.json',
      ],
      // The template's app config provides the router: @angular/router joins, at the project's Angular.
      packageJson: { 'dependencies.@angular/router': '^21.0.0', 'devDependencies.tailwindcss': undefined },
      contents: { 'src/styles.css': ['!tailwindcss'] },
    },
    {
      answer: 'everything',
      files: {
        'package.json': ANGULAR17,
        'angular.json': ANGULAR17_JSON,
        'tsconfig.json': '{}',
        'tsconfig.app.json': '{ "extends": "./tsconfig.json" }',
        'src/index.html': '<app-root></app-root>',
        'src/styles.css': '',
        'src/main.ts': ANGULAR17_MAIN,
        'src/app/app.config.ts': 'export const appConfig = { providers: [] };\n',
        'src/app/app.component.ts': ANGULAR17_COMPONENT,
      },
      mode: 'own-config',
      added: [],
      packageJson: null,
    },
    {
      answer: 'its own build script',
      files: {
        'package.json': json({
          scripts: { build: 'node build.mjs' },
          dependencies: { '@angular/core': '^17.3.0' },
        }),
        'build.mjs': "import { build } from 'esbuild';\n",
        'src/main.ts': ANGULAR17_MAIN,
      },
      mode: 'own-build',
      added: [],
      packageJson: null,
    },
  ],
  html: [
    { answer: 'nothing', files: {}, mode: 'template-config', added: ['index.html', 'package.json'] },
    {
      answer: 'only its page',
      files: { 'index.html': HTML_PAGE },
      mode: 'template-config',
      added: ['package.json'],
    },
    {
      answer: 'only package.json (Vite 4) and a script',
      files: {
        'package.json': json({ scripts: { dev: 'vite' }, devDependencies: { vite: '^4.4.5' } }),
        'app.js': '',
      },
      mode: 'template-config',
      added: ['index.html'],
      packageJson: { 'devDependencies.vite': '^8.0.0', 'scripts.build': 'vite build' },
    },
    {
      answer: 'package.json + a config',
      files: {
        'package.json': json({ scripts: { build: 'vite build' }, devDependencies: { vite: '^5.0.0' } }),
        'vite.config.js':
          'export default { build: { rollupOptions: { input: ["index.html", "about.html"] } } };\n',
        'about.html': HTML_PAGE,
      },
      mode: 'own-config',
      added: ['index.html'],
      packageJson: null,
    },
    {
      answer: 'everything',
      files: {
        'package.json': json({ scripts: { build: 'vite build' }, devDependencies: { vite: '^8.0.0' } }),
        'index.html': HTML_PAGE,
      },
      mode: 'template-config',
      added: [],
      packageJson: null,
    },
    {
      answer: 'its own build script',
      files: {
        'package.json': json({ scripts: { build: 'node build.mjs' } }),
        'build.mjs': '',
        'src/page.html': HTML_PAGE,
      },
      mode: 'own-build',
      added: [],
      packageJson: null,
    },
  ],
};

function entry(json: unknown, path: string): unknown {
  // `dependencies.@angular/core`: the first dot separates the section from the package name.
  const dot = path.indexOf('.');
  const [head, rest] = dot < 0 ? [path, undefined] : [path.slice(0, dot), path.slice(dot + 1)];
  const value = (json as Record<string, unknown>)[head];
  return rest === undefined ? value : (value as Record<string, unknown> | undefined)?.[rest];
}

describe('completion by rule with the real blank templates (decision 0057)', () => {
  for (const [framework, cases] of Object.entries(CASES) as [Framework, Case[]][]) {
    describe(framework, () => {
      it.each(cases.map((item) => [item.answer, item] as const))('answer has %s', async (_answer, item) => {
        const template = await loadBlankTemplate(framework);
        const files: SnapshotFile[] = Object.entries(item.files).map(([name, content]) => ({
          name,
          content,
          isLocked: false,
        }));
        const plan = completionPlan(files, template);
        expect(plan.mode).toBe(item.mode);
        expect(plan.added.map((file) => file.name).sort()).toEqual(item.added);

        const snapshot = { title: 'Answer', files };
        const completed = completeWithTemplate(snapshot, template);
        if (item.added.length === 0 && item.packageJson === null) expect(completed).toBe(snapshot);
        // Deterministic: it keys the build hash.
        expect(
          completeWithTemplate({ title: 'Answer', files: files.map((file) => ({ ...file })) }, template),
        ).toEqual(completed);
        // Every file of the answer is kept; a name appears once.
        const names = completed.files.map((file) => file.name);
        expect(new Set(names).size).toBe(names.length);
        for (const name of Object.keys(item.files)) expect(names).toContain(name);

        const manifest = completed.files.find((file) => file.name === 'package.json');
        if (item.packageJson === null) expect(manifest?.content).toBe(item.files['package.json']);
        else if (item.packageJson) {
          const parsed = JSON.parse(manifest!.content) as unknown;
          for (const [path, value] of Object.entries(item.packageJson))
            expect([path, entry(parsed, path)]).toEqual([path, value]);
        }
        for (const [name, texts] of Object.entries(item.contents ?? {})) {
          const content = completed.files.find((file) => file.name === name)!.content;
          for (const text of texts) {
            if (text.startsWith('!')) expect(content).not.toContain(text.slice(1));
            else expect(content).toContain(text);
          }
        }
      });
    });
  }
});
