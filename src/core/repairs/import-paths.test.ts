import { describe, expect, it } from 'vitest';
import { correctImportPaths } from './import-paths.ts';
import { RelativeResolver } from './relative-resolver.ts';
import type { Framework } from '../frameworks/index.ts';

interface Case {
  name: string;
  framework: Framework;
  files: string[];
  file: string;
  input: string;
  /** The repaired file, or null: it must stay as it is. */
  output: string | null;
  corrections?: { from: string; to: string }[];
}

const REACT_APP = `import { useState } from 'react';
import Header from './components/header';
import Footer from './components/footer.jsx';
import { formatPrice } from './utils/Format';
import './Index.css';

const Settings = lazy(() => import('./pages/settings'));

export default function App() {
  const [cart] = useState([]);
  return (
    <>
      <Header count={cart.length} />
      <p>{formatPrice(10)}</p>
      <Footer />
    </>
  );
}
`;

const cases: Case[] = [
  {
    name: 'a React app as a model writes it on a case-insensitive disk',
    framework: 'react',
    files: [
      'src/App.tsx',
      'src/components/Header.tsx',
      'src/components/Footer.tsx',
      'src/utils/format.ts',
      'src/index.css',
      'src/pages/Settings.tsx',
    ],
    file: 'src/App.tsx',
    input: REACT_APP,
    output: REACT_APP.replace("'./components/header'", "'./components/Header'")
      .replace("'./components/footer.jsx'", "'./components/Footer'")
      .replace("'./utils/Format'", "'./utils/format'")
      .replace("'./Index.css'", "'./index.css'")
      .replace("'./pages/settings'", "'./pages/Settings'"),
    corrections: [
      { from: './components/header', to: './components/Header' },
      { from: './components/footer.jsx', to: './components/Footer' },
      { from: './utils/Format', to: './utils/format' },
      { from: './Index.css', to: './index.css' },
      { from: './pages/settings', to: './pages/Settings' },
    ],
  },
  {
    name: 're-exports from a barrel file',
    framework: 'react',
    files: ['src/components/index.ts', 'src/components/Button.tsx', 'src/components/Card.tsx'],
    file: 'src/components/index.ts',
    input: `export { default as Button } from './button';\nexport * from './card';\n`,
    output: `export { default as Button } from './Button';\nexport * from './Card';\n`,
    corrections: [
      { from: './button', to: './Button' },
      { from: './card', to: './Card' },
    ],
  },
  {
    name: "a Vue component's script and style blocks",
    framework: 'vue',
    files: ['src/App.vue', 'src/components/NavBar.vue', 'src/composables/useCart.ts', 'src/styles/base.css'],
    file: 'src/App.vue',
    input: `<template><NavBar /></template>
<script setup lang="ts">
import NavBar from './components/navbar.vue'
import { useCart } from './composables/UseCart'
</script>
<style>
@import './styles/Base.css';
</style>
`,
    output: `<template><NavBar /></template>
<script setup lang="ts">
import NavBar from './components/NavBar.vue'
import { useCart } from './composables/useCart'
</script>
<style>
@import './styles/base.css';
</style>
`,
    corrections: [
      { from: './components/navbar.vue', to: './components/NavBar.vue' },
      { from: './composables/UseCart', to: './composables/useCart' },
      { from: './styles/Base.css', to: './styles/base.css' },
    ],
  },
  {
    name: 'a Svelte component importing another without its extension',
    framework: 'svelte',
    files: ['src/App.svelte', 'src/lib/Counter.svelte'],
    file: 'src/App.svelte',
    input: `<script lang="ts">\n  import Counter from './lib/counter';\n</script>\n\n<Counter />\n`,
    output: `<script lang="ts">\n  import Counter from './lib/Counter.svelte';\n</script>\n\n<Counter />\n`,
    corrections: [{ from: './lib/counter', to: './lib/Counter.svelte' }],
  },
  {
    name: 'a stylesheet importing another (a commented-out @import stays)',
    framework: 'react',
    files: ['src/index.css', 'src/styles/Variables.css'],
    file: 'src/index.css',
    input: `/* @import './styles/variables.css'; */\n@import "./styles/variables.css";\n@import url('./styles/variables.css');\n`,
    output: `/* @import './styles/variables.css'; */\n@import "./styles/Variables.css";\n@import url('./styles/Variables.css');\n`,
    corrections: [
      { from: './styles/variables.css', to: './styles/Variables.css' },
      { from: './styles/variables.css', to: './styles/Variables.css' },
    ],
  },
  // Left alone.
  {
    name: 'imports that resolve, packages and aliases',
    framework: 'react',
    files: ['src/App.tsx', 'src/components/Header.tsx'],
    file: 'src/App.tsx',
    input: `import React from 'react';\nimport Header from './components/Header';\nimport x from '@/components/header';\n`,
    output: null,
  },
  {
    name: 'a module that does not parse',
    framework: 'react',
    files: ['src/App.tsx', 'src/components/Header.tsx'],
    file: 'src/App.tsx',
    input: `import Header from './components/header';\nexport default function App( {\n`,
    output: null,
  },
  {
    name: 'a string that only looks like an import',
    framework: 'react',
    files: ['src/App.tsx', 'src/components/Header.tsx'],
    file: 'src/App.tsx',
    input: `const code = "import Header from './components/header'";\nexport default code;\n`,
    output: null,
  },
];

describe('correctImportPaths', () => {
  it.each(cases)('$name', ({ framework, files, file, input, output, corrections }) => {
    const resolver = new RelativeResolver(files, { framework });
    const result = correctImportPaths(file, input, resolver);
    if (output === null) {
      expect(result).toBeNull();
      return;
    }
    expect(result?.content).toBe(output);
    expect(result?.corrections).toEqual(corrections);
    // Once corrected, nothing is left to correct.
    expect(correctImportPaths(file, result!.content, resolver)).toBeNull();
  });
});
