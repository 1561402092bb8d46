/**
 * Answers shaped like real models' (issue 33): no package.json (the template is relied on),
 * imports added by an edit block in a follow-up, subpaths, aliases, type-only imports, Vue SFCs,
 * Angular components, install commands in the prose. Each is completed with an inline copy of
 * the framework's template package.json, as the server completes it with templates/{framework}.
 */
import { describe, expect, it } from 'vitest';
import { parseArtifactText, type Snapshot } from '../artifact/index.ts';
import type { Framework } from '../frameworks/index.ts';
import { completeWithTemplate, deriveVersion, writeEditBlocks } from '../snapshot/index.ts';
import { missingPackages, type MissingPackage } from './missing.ts';

const BUILTINS = ['fs', 'fs/promises', 'path', 'url', 'crypto', 'events', 'http'];

const TEMPLATES: Record<string, Record<string, string>> = {
  react: {
    dependencies: '{"react":"^19.2.0","react-dom":"^19.2.0"}',
    devDependencies:
      '{"@tailwindcss/vite":"^4.1.0","@vitejs/plugin-react":"^6.0.0","tailwindcss":"^4.1.0","typescript":"~5.9.3","vite":"^8.0.0"}',
  },
  vue: {
    dependencies: '{"vue":"^3.5.0"}',
    devDependencies:
      '{"@tailwindcss/vite":"^4.1.0","@vitejs/plugin-vue":"^6.0.0","tailwindcss":"^4.1.0","vite":"^8.0.0"}',
  },
  angular: {
    dependencies:
      '{"@angular/common":"^21.0.0","@angular/core":"^21.0.0","@angular/platform-browser":"^21.0.0","rxjs":"~7.8.0","tslib":"^2.3.0"}',
    devDependencies: '{"@angular/build":"^21.0.0","@angular/cli":"^21.0.0","typescript":"~5.9.3"}',
  },
};

function template(framework: string) {
  const { dependencies, devDependencies } = TEMPLATES[framework]!;
  return [
    {
      name: 'package.json',
      content: `{"name":"blank","dependencies":${dependencies},"devDependencies":${devDependencies}}`,
    },
    { name: 'index.html', content: '<div id="root"></div>' },
  ];
}

/** The snapshot a model's answer makes (on `base`), completed as the server completes it. */
function versionOf(answer: string, base: Snapshot | null = null): Snapshot {
  const parsed = parseArtifactText(answer);
  return deriveVersion(base, { title: parsed.title, files: parsed.files }).snapshot;
}

function missing(framework: Framework, answer: string, base: Snapshot | null = null): MissingPackage[] {
  const snapshot = versionOf(answer, base);
  const prose = parseArtifactText(answer)
    .segments.filter((segment) => segment.type === 'text')
    .map((segment) => segment.content)
    .join('\n');
  return missingPackages({
    files: completeWithTemplate(snapshot, template(framework)).files,
    framework,
    builtins: BUILTINS,
    prose,
  });
}

function artifact(files: Record<string, string>, prose = 'Here it is.'): string {
  const body = Object.entries(files)
    .map(([name, content]) => `<kilnFile name="${name}">\n${content}\n</kilnFile>`)
    .join('\n');
  return `<thinking>npm install thinking-is-not-prose</thinking>\n${prose}\n<kilnArtifact title="App">\n${body}\n</kilnArtifact>\nEnjoy!`;
}

const names = (list: readonly MissingPackage[]) => list.map((item) => item.name);

describe('the packages a project imports but does not declare', () => {
  it('React, no package.json: icons and routing the template lacks; its own and relative files are not packages', () => {
    const answer = artifact({
      'src/App.tsx': `import { BrowserRouter, Routes, Route } from 'react-router-dom';\nimport { Camera } from 'lucide-react';\nimport Nav from './components/Nav';\nimport { useState } from 'react';\nexport default function App() { return <BrowserRouter><Nav /><Camera /></BrowserRouter>; }`,
      'src/components/Nav.tsx': `import { Link } from 'react-router-dom';\nimport { Menu, X } from 'lucide-react';\nexport default function Nav() { return <Link to="/"><Menu /></Link>; }`,
      'src/main.tsx': `import { createRoot } from 'react-dom/client';\nimport App from './App';\nimport './index.css';`,
      'src/index.css': `@import "tailwindcss";`,
    });
    expect(missing('react', answer)).toEqual([
      { name: 'react-router-dom', importedBy: 'src/App.tsx' },
      { name: 'lucide-react', importedBy: 'src/App.tsx' },
    ]);
  });

  it('a follow-up whose edit block adds an import', () => {
    const first = versionOf(
      artifact({
        'src/App.tsx': `import { useState } from 'react';\nexport default function App() { return null; }`,
      }),
    );
    const edit = `Adding the data fetch.\n<kilnArtifact title="App">\n<kilnFile name="src/App.tsx" action="edit">\n${writeEditBlocks(
      [
        {
          search: `import { useState } from 'react';`,
          replace: `import { useState } from 'react';\nimport axios from 'axios';`,
        },
      ],
    )}\n</kilnFile>\n</kilnArtifact>`;
    expect(versionOf(edit, first).files[0]!.content).toContain("from 'axios'");
    expect(names(missing('react', edit, first))).toEqual(['axios']);
  });

  it('a subpath names its package, an alias and a type-only import are told apart', () => {
    const answer = artifact({
      'vite.config.ts': `import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\nimport path from 'path';\nexport default defineConfig({ plugins: [react()], resolve: { alias: { '@': path.resolve(__dirname, './src'), '@hooks': path.resolve(__dirname, './src/hooks') } } });`,
      'src/App.tsx': `import debounce from 'lodash/debounce';\nimport { Button } from '@/components/ui/button';\nimport { useThing } from '@hooks/useThing';\nimport type { Dayjs } from 'dayjs';\nimport { QueryClient } from '@tanstack/react-query';\nimport { readFile } from 'node:fs/promises';\nexport default function App() { return null; }`,
    });
    expect(names(missing('react', answer))).toEqual(['lodash', 'dayjs', '@tanstack/react-query']);
  });

  it('Vue: the SFC’s script setup, a router file, a scss style block', () => {
    const answer = artifact({
      'src/main.ts': `import { createApp } from 'vue';\nimport { createPinia } from 'pinia';\nimport router from './router';\nimport App from './App.vue';\ncreateApp(App).use(createPinia()).use(router).mount('#app');`,
      'src/router/index.ts': `import { createRouter, createWebHistory } from 'vue-router';\nimport Home from '../views/Home.vue';\nexport default createRouter({ history: createWebHistory(), routes: [{ path: '/', component: Home }] });`,
      'src/App.vue': `<script setup lang="ts">\nimport { storeToRefs } from 'pinia';\nimport { useCounter } from '@/stores/counter';\n</script>\n<template><RouterView /></template>\n<style scoped lang="scss">\n$gap: 4px;\n</style>`,
      'src/views/Home.vue': `<script setup>\nimport { ref } from 'vue';\nimport { format } from 'date-fns';\n</script>\n<template><p>{{ format(new Date(), 'P') }}</p></template>`,
    });
    expect(names(missing('vue', answer))).toEqual(['pinia', 'vue-router', 'sass', 'date-fns']);
  });

  it('Angular: router and forms the template lacks; its common/http is declared; its CLI brings sass', () => {
    const answer = artifact({
      'src/app/app.ts': `import { Component } from '@angular/core';\nimport { RouterOutlet, RouterLink } from '@angular/router';\nimport { FormsModule } from '@angular/forms';\n@Component({ selector: 'app-root', imports: [RouterOutlet, RouterLink, FormsModule], templateUrl: './app.html', styleUrl: './app.scss' })\nexport class App {}`,
      'src/app/app.config.ts': `import { ApplicationConfig } from '@angular/core';\nimport { provideRouter } from '@angular/router';\nimport { provideHttpClient } from '@angular/common/http';\nexport const appConfig: ApplicationConfig = { providers: [provideRouter([]), provideHttpClient()] };`,
      'src/app/app.scss': `:host { display: block; }`,
      'angular.json': JSON.stringify({
        projects: {
          app: {
            architect: {
              build: {
                options: { styles: ['node_modules/bootstrap/dist/css/bootstrap.min.css', 'src/styles.css'] },
              },
            },
          },
        },
      }),
    });
    expect(names(missing('angular', answer))).toEqual(['@angular/router', '@angular/forms', 'bootstrap']);
  });

  it('install commands in the prose are declarations (their versions kept), thinking is not prose', () => {
    const answer = artifact(
      {
        'src/App.tsx': `import axios from 'axios';\nimport { motion } from 'framer-motion';\nexport default function App() { return null; }`,
      },
      'First install the client:\n\n```bash\nnpm install axios@1.7.9\nnpm install -D autoprefixer\n```',
    );
    expect(missing('react', answer)).toEqual([
      { name: 'axios', range: '1.7.9', importedBy: 'src/App.tsx' },
      { name: 'framer-motion', importedBy: 'src/App.tsx' },
      { name: 'autoprefixer' },
    ]);
  });

  it('nothing is missing when package.json declares it all; tests, builtins and public/ are not read', () => {
    const answer = artifact({
      'package.json': JSON.stringify({
        dependencies: { react: '^19.0.0', 'react-dom': '^19.0.0', zustand: '^5.0.0' },
        devDependencies: { vite: '^8.0.0' },
      }),
      'src/store.ts': `import { create } from 'zustand';\nimport { EventEmitter } from 'events';`,
      'src/App.test.tsx': `import { render } from '@testing-library/react';\nimport { test } from 'vitest';`,
      'vitest.config.ts': `import { defineConfig } from 'vitest/config';`,
      'public/sw.js': `importScripts('workbox'); import x from 'not-built';`,
      'api/index.ts': `import { readFileSync } from 'fs';\nimport http from 'http';`,
    });
    expect(missing('react', answer)).toEqual([]);
  });

  it("a postcss config's plugins are packages; sass-embedded stands in for sass", () => {
    // The rule alone, on files as they are (no completion merging a template's toolchain in).
    const files = [
      {
        name: 'package.json',
        content: JSON.stringify({
          dependencies: { react: '^19.0.0' },
          devDependencies: { 'sass-embedded': '^1.80.0' },
        }),
      },
      {
        name: 'postcss.config.js',
        content: `export default { plugins: { tailwindcss: {}, autoprefixer: {} } };`,
      },
      { name: '.postcssrc.json', content: `{ "plugins": { "@tailwindcss/postcss": {} } }` },
      { name: 'src/styles.scss', content: `body { margin: 0; }` },
    ];
    expect(names(missingPackages({ files, framework: 'react', builtins: BUILTINS }))).toEqual([
      'tailwindcss',
      'autoprefixer',
      '@tailwindcss/postcss',
    ]);
  });

  it("React Router's framework mode: its default server entry's isbot and Node adapter (issue 37)", () => {
    const routes = `import { index } from '@react-router/dev/routes';\nexport default [index('routes/home.tsx')];`;
    const files = (extra: Record<string, string> = {}) =>
      artifact({
        'package.json': JSON.stringify({
          scripts: { build: 'react-router build' },
          dependencies: { react: '^19.0.0', 'react-dom': '^19.0.0', 'react-router': '^7.16.0' },
          devDependencies: { '@react-router/dev': '^7.16.0', vite: '^8.0.0' },
        }),
        'app/routes.ts': routes,
        'app/root.tsx': `import { Outlet } from 'react-router';\nexport default function App() { return <Outlet />; }`,
        ...extra,
      });
    expect(missing('react', files())).toEqual([{ name: '@react-router/node' }, { name: 'isbot' }]);
    // The project's own entry.server imports what it needs itself (read like any file).
    const ownEntry = `import { ServerRouter } from 'react-router';\nexport default function handleRequest() {}`;
    expect(missing('react', files({ 'app/entry.server.tsx': ownEntry }))).toEqual([]);
  });

  it('a package.json that does not parse: nothing Kiln could add', () => {
    const answer = artifact({
      'package.json': '{ "dependencies": {',
      'src/App.tsx': `import axios from 'axios';`,
    });
    expect(missing('react', answer)).toEqual([]);
  });
});
