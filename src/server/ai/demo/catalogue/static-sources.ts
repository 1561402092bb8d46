import { renderMarkup } from '../markup/render.ts';
import { kebabCase, type EntrySources } from './entry.ts';

/** A static entry: one piece of Tailwind markup wrapped as a component in each framework. */
export function staticSources(componentName: string, markup: string): EntrySources {
  const kebab = kebabCase(componentName);
  return {
    html: { markup: renderMarkup(markup, 'html', 3) },
    react: `export default function ${componentName}() {\n  return (\n${renderMarkup(markup, 'jsx', 2)}\n  );\n}\n`,
    vue: `<template>\n${renderMarkup(markup, 'vue', 1)}\n</template>\n`,
    svelte: `${renderMarkup(markup, 'svelte', 0)}\n`,
    angular: {
      ts: [
        "import { Component } from '@angular/core';",
        '',
        '@Component({',
        `  selector: 'app-${kebab}',`,
        `  templateUrl: './${kebab}.html',`,
        '})',
        `export class ${componentName} {}`,
        '',
      ].join('\n'),
      template: `${renderMarkup(markup, 'angular', 0)}\n`,
    },
  };
}
