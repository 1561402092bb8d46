import { describe, expect, it } from 'vitest';
import { addAngularInlineLocations, addAngularTemplateLocations } from './angular.ts';
import { addSvelteLocations } from './svelte.ts';
import { addVueLocations } from './vue.ts';
import { withSourceLocations } from './index.ts';

const unmarked = (code: string) => code.replace(/ data-kiln-loc="[^"]*"/g, '');

describe('Vue single-file components', () => {
  const sfc = [
    '<script setup lang="ts">',
    'const a = 1 < 2;',
    '</script>',
    '',
    '<template>',
    '  <main class="p-4">',
    "    <h1 v-if=\"a\">{{ a < 2 ? 'x' : 'y' }}</h1>",
    '    <p v-else>no</p>',
    '    <MyCard :title="x" />',
    '    <template v-for="i in 3" :key="i"><span>{{ i }}</span></template>',
    '    <slot />',
    '  </main>',
    '</template>',
    '<style>.a{}</style>',
  ].join('\n');

  it("marks the template's plain elements (v-if branches, v-for bodies) and nothing else", () => {
    const out = addVueLocations(sfc, 'src/App.vue')!;
    expect(out).toContain('<main data-kiln-loc="src/App.vue:6:3" class="p-4">');
    expect(out).toContain('<h1 data-kiln-loc="src/App.vue:7:5" v-if="a">');
    expect(out).toContain('<p data-kiln-loc="src/App.vue:8:5" v-else>');
    expect(out).toContain('<span data-kiln-loc="src/App.vue:10:39">');
    expect(out).toContain('<MyCard :title="x" />');
    expect(out).toContain('<slot />');
    expect(out).toContain('<template v-for="i in 3" :key="i">');
    expect(unmarked(out)).toBe(sfc);
  });

  it('leaves a Pug template or a broken one alone', () => {
    expect(addVueLocations('<template lang="pug">\nmain\n</template>', 'src/A.vue')).toBeNull();
    expect(addVueLocations('<template><div></template>', 'src/A.vue')).toBeNull();
  });
});

describe('Svelte components', () => {
  const component = [
    "<script>let a = 1; const b = '<div>';</script>",
    '<main>',
    '  {#if a < 2}<h1 class="x">{a < 2}</h1>{:else}<p>no</p>{/if}',
    '  {#each [1, 2] as i}<li>{i}</li>{/each}',
    '  <Comp />',
    '</main>',
    '<svelte:head><title>x</title></svelte:head>',
    '<style>main{}</style>',
  ].join('\n');

  it('marks plain elements, in blocks too, not components, scripts or svelte: elements', () => {
    const out = addSvelteLocations(component, 'src/App.svelte')!;
    expect(out).toContain('<main data-kiln-loc="src/App.svelte:2:1">');
    expect(out).toContain('<h1 data-kiln-loc="src/App.svelte:3:14" class="x">');
    expect(out).toContain('<p data-kiln-loc="src/App.svelte:3:47">');
    expect(out).toContain('<li data-kiln-loc="src/App.svelte:4:22">');
    expect(out).toContain("const b = '<div>';");
    expect(out).toContain('<Comp />');
    expect(unmarked(out)).toBe(component);
  });

  it('leaves a component that does not parse alone', () => {
    expect(addSvelteLocations('<main>{#if a}</main>', 'src/A.svelte')).toBeNull();
  });
});

describe('Angular templates', () => {
  const template = [
    '<div class="p-4">',
    '  @if (a < b) { <h1 (click)="x()">{{ title }}</h1> } @else { <p>no</p> }',
    '  @for (i of items; track i) { <li>{{ i }}</li> }',
    '  <ng-container><svg><rect/></svg></ng-container>',
    '  <app-card [title]="t"></app-card>',
    '</div>',
  ].join('\n');

  it('marks elements inside control flow blocks, not ng- elements', () => {
    const out = addAngularTemplateLocations(template, 'src/app/app.html')!;
    expect(out).toContain('<h1 data-kiln-loc="src/app/app.html:2:17" (click)="x()">');
    expect(out).toContain('<p data-kiln-loc="src/app/app.html:2:62">');
    expect(out).toContain('<li data-kiln-loc="src/app/app.html:3:32">');
    expect(out).toContain('<ng-container><svg data-kiln-loc="src/app/app.html:4:17">');
    expect(out).toContain('<app-card data-kiln-loc="src/app/app.html:5:3" [title]="t">');
    expect(unmarked(out)).toBe(template);
  });

  it("marks an inline template with the module's own lines, and leaves a template with errors alone", () => {
    const module = [
      "import { Component } from '@angular/core';",
      '@Component({',
      "  selector: 'app-root',",
      '  template: `',
      '    <section>',
      '      <h1>{{ title }}</h1>',
      '    </section>',
      '  `,',
      '})',
      "export class App { title = 'x'; }",
    ].join('\n');
    const out = addAngularInlineLocations(module, 'src/app/app.ts')!;
    expect(out).toContain('<section data-kiln-loc="src/app/app.ts:5:5">');
    expect(out).toContain('<h1 data-kiln-loc="src/app/app.ts:6:7">');
    expect(addAngularTemplateLocations('<div><span></div>', 'src/app/a.html')).toBeNull();
  });
});

describe('withSourceLocations', () => {
  it('marks by file type and framework, never binary files, dependencies or odd names', async () => {
    const files = [
      { name: 'src/App.tsx', content: 'export const A = () => <div />;' },
      { name: 'src/app/app.html', content: '<p>x</p>' },
      { name: 'src/index.html', content: '<p>x</p>' },
      { name: 'node_modules/x/A.jsx', content: 'export const A = () => <div />;' },
      { name: 'src/we`ird.jsx', content: 'export const A = () => <div />;' },
      { name: 'src/logo.png', content: '', bytes: new Uint8Array([1]) },
    ];
    const angular = (await withSourceLocations(files, 'angular')).map((file) =>
      file.content.includes('data-kiln-loc'),
    );
    expect(angular).toEqual([true, true, false, false, false, false]);
    const react = (await withSourceLocations(files, 'react')).map((file) =>
      file.content.includes('data-kiln-loc'),
    );
    expect(react).toEqual([true, false, false, false, false, false]);
  });
});
