import type { Framework } from '../../../../core/frameworks/index.ts';
import { kebabCase, type CatalogueEntry } from '../catalogue/entry.ts';
import type { DemoFile } from '../types.ts';
import { htmlDocument } from './html-document.ts';

/** The page shell every framework's App wraps the entry in (templates use the same colours). */
export const APP_ROOT_CLASS = 'min-h-screen bg-gray-50 text-gray-900';

/** Where the app shell lives in each blank template (templates/{framework}/src). */
export const APP_FILE: Record<Framework, string> = {
  html: 'index.html',
  react: 'src/App.tsx',
  vue: 'src/App.vue',
  svelte: 'src/App.svelte',
  angular: 'src/app/app.html',
};

/** The entry's own component files (not the app shell). */
export function componentFiles(framework: Framework, entry: CatalogueEntry): DemoFile[] {
  const name = entry.componentName;
  const sources = entry.sources();
  switch (framework) {
    case 'html':
      return [];
    case 'react':
      return [{ name: `src/components/${name}.tsx`, content: sources.react }];
    case 'vue':
      return [{ name: `src/components/${name}.vue`, content: sources.vue }];
    case 'svelte':
      return [{ name: `src/lib/${name}.svelte`, content: sources.svelte }];
    case 'angular': {
      const kebab = kebabCase(name);
      return [
        { name: `src/app/${kebab}/${kebab}.ts`, content: sources.angular.ts },
        { name: `src/app/${kebab}/${kebab}.html`, content: sources.angular.template },
      ];
    }
  }
}

/** How App imports the entry's component, and the tag that places it. */
export function mountPoint(framework: Framework, entry: CatalogueEntry): { importLine: string; tag: string } {
  const name = entry.componentName;
  const kebab = kebabCase(name);
  switch (framework) {
    case 'html':
      return { importLine: '', tag: '' };
    case 'react':
      return { importLine: `import ${name} from './components/${name}.tsx';`, tag: `<${name} />` };
    case 'vue':
      return { importLine: `import ${name} from './components/${name}.vue';`, tag: `<${name} />` };
    case 'svelte':
      return { importLine: `import ${name} from './lib/${name}.svelte';`, tag: `<${name} />` };
    case 'angular':
      return { importLine: `import { ${name} } from './${kebab}/${kebab}';`, tag: `<app-${kebab} />` };
  }
}

/** A first answer: the entry's components, then the app shell that shows them. */
export function entryFiles(framework: Framework, entry: CatalogueEntry): DemoFile[] {
  if (framework === 'html') {
    const { markup, script } = entry.sources().html;
    return [{ name: APP_FILE.html, content: htmlDocument(entry.title, markup, script) }];
  }
  const { importLine, tag } = mountPoint(framework, entry);
  const files = componentFiles(framework, entry);
  switch (framework) {
    case 'react':
      files.push({
        name: APP_FILE.react,
        content: [
          importLine,
          '',
          'export default function App() {',
          '  return (',
          `    <main className="${APP_ROOT_CLASS}">`,
          `      ${tag}`,
          '    </main>',
          '  );',
          '}',
          '',
        ].join('\n'),
      });
      break;
    case 'vue':
      files.push({
        name: APP_FILE.vue,
        content: [
          '<script setup lang="ts">',
          importLine,
          '</script>',
          '',
          '<template>',
          `  <main class="${APP_ROOT_CLASS}">`,
          `    ${tag}`,
          '  </main>',
          '</template>',
          '',
        ].join('\n'),
      });
      break;
    case 'svelte':
      files.push({
        name: APP_FILE.svelte,
        content: [
          '<script lang="ts">',
          `  ${importLine}`,
          '</script>',
          '',
          `<main class="${APP_ROOT_CLASS}">`,
          `  ${tag}`,
          '</main>',
          '',
        ].join('\n'),
      });
      break;
    case 'angular':
      files.push(
        {
          name: 'src/app/app.ts',
          content: [
            "import { Component } from '@angular/core';",
            importLine,
            '',
            '@Component({',
            "  selector: 'app-root',",
            `  imports: [${entry.componentName}],`,
            "  templateUrl: './app.html',",
            '})',
            'export class App {}',
            '',
          ].join('\n'),
        },
        {
          name: APP_FILE.angular,
          content: [`<main class="${APP_ROOT_CLASS}">`, `  ${tag}`, '</main>', ''].join('\n'),
        },
      );
      break;
  }
  return files;
}
