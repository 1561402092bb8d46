import { describe, expect, it } from 'vitest';
import type { SnapshotFile } from '../artifact/index.ts';
import { repairProject } from './repair-project.ts';

const file = (name: string, content: string, isLocked = false): SnapshotFile => ({ name, content, isLocked });

/** A Vue answer as models write it: the page renders its heading and each component throws. */
const VUE_ANSWER = [
  file(
    'src/App.vue',
    `<template>
  <main>
    <h1>Task board</h1>
    <TaskList />
    <Counter />
  </main>
</template>

<script setup>
import TaskList from './components/taskList.vue'
import Counter from './components/Counter.vue'
</script>
`,
  ),
  file(
    'src/components/TaskList.vue',
    `<template>
  <ul>
    <li v-for="task in tasks" :key="task.id"><CheckCircle3 class="h-4 w-4" /> {{ task.title }}</li>
  </ul>
  <p>{{ remaining }} remaining</p>
</template>

<script setup>
import { CheckCircle3 } from 'lucide-vue-next'
const tasks = ref([{ id: 1, title: 'Write the spec', done: false }])
const remaining = computed(() => tasks.value.filter((task) => !task.done).length)
</script>
`,
  ),
  file(
    'src/components/Counter.vue',
    `<script setup>
import { ref } from 'vue'
const count = ref(0)
</script>

<template><button @click="count++">{{ count }}</button></template>
`,
  ),
  file(
    'src/main.ts',
    `import { createApp } from 'vue'\nimport App from './App.vue'\ncreateApp(App).mount('#app')\n`,
  ),
];

describe('repairProject', () => {
  it('repairs a Vue answer and names each change', () => {
    const result = repairProject(VUE_ANSWER, { framework: 'vue' });
    expect(result.repairs).toEqual([
      {
        file: 'src/App.vue',
        description:
          "Kiln corrected the import './components/taskList.vue' to './components/TaskList.vue' in src/App.vue.",
      },
      {
        file: 'src/components/TaskList.vue',
        description: 'Kiln imported ref and computed from vue in src/components/TaskList.vue.',
      },
      {
        file: 'src/components/TaskList.vue',
        description:
          'Kiln replaced the icon CheckCircle3 (not in lucide-vue-next) with CheckCircle in src/components/TaskList.vue.',
      },
    ]);
    const taskList = result.files[1]!.content;
    expect(taskList).toContain(
      "<script setup>\nimport { CheckCircle as CheckCircle3 } from 'lucide-vue-next'\nimport { ref, computed } from 'vue'\n",
    );
    // Unchanged files are the same objects.
    expect(result.files[2]).toBe(VUE_ANSWER[2]);
    expect(result.files[3]).toBe(VUE_ANSWER[3]);
    // Repairing again changes nothing.
    expect(repairProject(result.files, { framework: 'vue' }).repairs).toEqual([]);
  });

  it('repairs a React answer: a path and icons', () => {
    const files = [
      file(
        'src/App.tsx',
        `import Header from './components/header';
import { ChartLine, Settingss } from 'lucide-react';

export default function App() {
  return (
    <div>
      <Header />
      <ChartLine /> <Settingss />
    </div>
  );
}
`,
      ),
      file('src/components/Header.tsx', `export default function Header() {\n  return <h1>Sales</h1>;\n}\n`),
    ];
    const result = repairProject(files, { framework: 'react' });
    expect(result.repairs.map((repair) => repair.description)).toEqual([
      "Kiln corrected the import './components/header' to './components/Header' in src/App.tsx.",
      'Kiln replaced the icon Settingss (not in lucide-react) with Settings in src/App.tsx.',
    ]);
    expect(result.files[0]!.content).toBe(`import Header from './components/Header';
import { ChartLine, Settings } from 'lucide-react';

export default function App() {
  return (
    <div>
      <Header />
      <ChartLine /> <Settings />
    </div>
  );
}
`);
  });

  it('names a removed brand icon as such', () => {
    const files = [
      file('src/Footer.jsx', `import { Github } from 'lucide-react';\nexport default () => <Github />;\n`),
    ];
    expect(repairProject(files, { framework: 'react' }).repairs).toEqual([
      {
        file: 'src/Footer.jsx',
        description:
          'Kiln replaced the brand icon Github, which lucide-react no longer has, with GitBranch in src/Footer.jsx.',
      },
    ]);
  });

  it('leaves icons alone when package.json declares another major of the package', () => {
    const app = `import { Settingss } from 'lucide-react';\nexport default () => <Settingss />;\n`;
    const files = [
      file('package.json', JSON.stringify({ dependencies: { 'lucide-react': '^0.263.1' } })),
      file('src/App.tsx', app),
    ];
    expect(repairProject(files, { framework: 'react' }).repairs).toEqual([]);
    // The template's package.json counts when the answer has none.
    const template = [
      { name: 'package.json', content: JSON.stringify({ dependencies: { 'lucide-react': '^0.400.0' } }) },
    ];
    expect(
      repairProject([file('src/App.tsx', app)], { framework: 'react', templateFiles: template }).repairs,
    ).toEqual([]);
    // A range of the known major is repaired.
    const fitting = [
      file('package.json', JSON.stringify({ dependencies: { 'lucide-react': '^1.0.0' } })),
      file('src/App.tsx', app),
    ];
    expect(repairProject(fitting, { framework: 'react' }).repairs).toHaveLength(1);
  });

  it('never changes a locked or binary file', () => {
    const locked = file('src/components/Counter.vue', `<script setup>\nconst n = ref(0)\n</script>\n`, true);
    const binary: SnapshotFile = {
      name: 'src/logo.ts',
      content: '',
      isLocked: false,
      binary: { kind: 'base64' },
    };
    const result = repairProject([locked, binary], { framework: 'vue' });
    expect(result.repairs).toEqual([]);
    expect(result.files[0]).toBe(locked);
    expect(result.files[1]).toBe(binary);
  });

  it("resolves imports of the template's files without changing them", () => {
    const main = file('src/main.tsx', `import App from './App';\nimport './index.css';\n`);
    const result = repairProject([main], {
      framework: 'react',
      templateFiles: [
        { name: 'src/App.tsx', content: 'export default () => null;\n' },
        { name: 'src/index.css', content: '@import "tailwindcss";\n' },
      ],
    });
    expect(result.repairs).toEqual([]);
    expect(result.files).toEqual([main]);
  });

  it("adds Vue imports to modules only in a Vue project's source", () => {
    const composable = `export const useCount = () => ref(0);\n`;
    expect(repairProject([file('src/useCount.ts', composable)], { framework: 'vue' }).repairs).toEqual([
      { file: 'src/useCount.ts', description: 'Kiln imported ref from vue in src/useCount.ts.' },
    ]);
    expect(repairProject([file('src/useCount.ts', composable)], { framework: 'react' }).repairs).toEqual([]);
    expect(repairProject([file('vite.config.ts', composable)], { framework: 'vue' }).repairs).toEqual([]);
  });

  it("follows vite.config's resolve.extensions", () => {
    const files = [
      file(
        'vite.config.ts',
        `export default defineConfig({ resolve: { extensions: ['.js', '.ts', '.vue'] } });\n`,
      ),
      file('src/main.ts', `import App from './app';\n`),
      file('src/App.vue', '<template><p>Hi</p></template>\n'),
    ];
    expect(repairProject(files, { framework: 'vue' }).repairs.map((repair) => repair.description)).toEqual([
      "Kiln corrected the import './app' to './App' in src/main.ts.",
    ]);
  });

  it('repairs a Svelte 5 component the compiler refuses, and only in a Svelte 5 project', () => {
    const app = file(
      'src/App.svelte',
      `<script>\n  $state count = 0;\n</script>\n\n<button onclick={() => count++}>{count}</button>\n`,
    );
    const template = [
      { name: 'package.json', content: JSON.stringify({ devDependencies: { svelte: '^5.46.4' } }) },
    ];
    const result = repairProject([app], { framework: 'svelte', templateFiles: template });
    expect(result.repairs).toEqual([
      {
        file: 'src/App.svelte',
        description: "Kiln rewrote '$state count = 0;' as 'let count = $state(0);' in src/App.svelte.",
      },
    ]);
    expect(result.files[0]!.content).toContain('  let count = $state(0);\n');
    // An answer on Svelte 4 is not judged by Svelte 5's compiler.
    const svelte4 = file('package.json', JSON.stringify({ devDependencies: { svelte: '^4.2.0' } }));
    expect(repairProject([svelte4, app], { framework: 'svelte', templateFiles: template }).repairs).toEqual(
      [],
    );
  });

  it('removes a closing tag a script ends in', () => {
    const card = file(
      'src/components/Card.tsx',
      'export default function Card() {\n  return <div />;\n}\n</file>\n',
    );
    const result = repairProject([card], { framework: 'react' });
    expect(result.repairs).toEqual([
      {
        file: 'src/components/Card.tsx',
        description: "Kiln removed the stray '</file>' at the end of src/components/Card.tsx.",
      },
    ]);
    expect(result.files[0]!.content).toBe('export default function Card() {\n  return <div />;\n}\n');
  });

  it('names a brand icon Lucide never had as such', () => {
    const files = [
      file('src/SignIn.tsx', `import { Google } from 'lucide-react';\nexport default () => <Google />;\n`),
    ];
    expect(repairProject(files, { framework: 'react' }).repairs.map((repair) => repair.description)).toEqual([
      'Kiln replaced the brand icon Google, which lucide-react does not have, with Globe in src/SignIn.tsx.',
    ]);
  });

  it('changes nothing in a project that needs nothing', () => {
    const result = repairProject(VUE_ANSWER.slice(2), { framework: 'vue' });
    expect(result).toEqual({ files: VUE_ANSWER.slice(2), repairs: [] });
  });
});
