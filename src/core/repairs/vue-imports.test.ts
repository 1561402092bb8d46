import { describe, expect, it } from 'vitest';
import { addMissingVueImports } from './vue-imports.ts';

interface Case {
  name: string;
  file: string;
  input: string;
  /** The repaired file, or null: it must stay as it is. */
  output: string | null;
  added?: string[];
}

const COUNTER_WITHOUT_IMPORT = `<template>
  <div class="counter">
    <h2>{{ title }}</h2>
    <button @click="count++">Clicked {{ count }} times</button>
    <p>Double: {{ double }}</p>
  </div>
</template>

<script setup>
const props = defineProps({ title: String })
const count = ref(0)
const double = computed(() => count.value * 2)
</script>
`;

const cases: Case[] = [
  {
    name: 'a <script setup> using ref and computed with no import at all (renders, then ReferenceError)',
    file: 'src/components/Counter.vue',
    input: COUNTER_WITHOUT_IMPORT,
    output: COUNTER_WITHOUT_IMPORT.replace(
      '<script setup>\n',
      "<script setup>\nimport { ref, computed } from 'vue';\n",
    ),
    added: ['ref', 'computed'],
  },
  {
    name: 'names join the existing import from vue (TypeScript, no semicolons)',
    file: 'src/components/TodoList.vue',
    input: `<script setup lang="ts">
import { ref } from 'vue'
import TodoItem from './TodoItem.vue'

interface Todo { id: number; text: string; done: boolean }
const todos = ref<Todo[]>([])
const remaining = computed(() => todos.value.filter((todo) => !todo.done).length)
onMounted(() => {
  todos.value = JSON.parse(localStorage.getItem('todos') ?? '[]') as Todo[]
})
watch(todos, (value) => localStorage.setItem('todos', JSON.stringify(value)), { deep: true })
</script>

<template>
  <TodoItem v-for="todo in todos" :key="todo.id" :todo="todo" />
  <p>{{ remaining }} left</p>
</template>
`,
    output: `<script setup lang="ts">
import { ref, computed, onMounted, watch } from 'vue'
import TodoItem from './TodoItem.vue'

interface Todo { id: number; text: string; done: boolean }
const todos = ref<Todo[]>([])
const remaining = computed(() => todos.value.filter((todo) => !todo.done).length)
onMounted(() => {
  todos.value = JSON.parse(localStorage.getItem('todos') ?? '[]') as Todo[]
})
watch(todos, (value) => localStorage.setItem('todos', JSON.stringify(value)), { deep: true })
</script>

<template>
  <TodoItem v-for="todo in todos" :key="todo.id" :todo="todo" />
  <p>{{ remaining }} left</p>
</template>
`,
    added: ['computed', 'onMounted', 'watch'],
  },
  {
    name: 'a new line after the other imports, in their quote style',
    file: 'src/App.vue',
    input: `<script setup>
import Header from "./components/Header.vue";
const open = ref(false);
</script>
`,
    output: `<script setup>
import Header from "./components/Header.vue";
import { ref } from "vue";
const open = ref(false);
</script>
`,
    added: ['ref'],
  },
  {
    name: 'the Options API: defineComponent and onMounted in a plain <script>',
    file: 'src/components/Clock.vue',
    input: `<script>
export default defineComponent({
  setup() {
    const now = ref(new Date())
    let timer
    onMounted(() => { timer = setInterval(() => (now.value = new Date()), 1000) })
    onBeforeUnmount(() => clearInterval(timer))
    return { now }
  },
})
</script>
`,
    output: `<script>
import { defineComponent, ref, onMounted, onBeforeUnmount } from 'vue';
export default defineComponent({
  setup() {
    const now = ref(new Date())
    let timer
    onMounted(() => { timer = setInterval(() => (now.value = new Date()), 1000) })
    onBeforeUnmount(() => clearInterval(timer))
    return { now }
  },
})
</script>
`,
    added: ['defineComponent', 'ref', 'onMounted', 'onBeforeUnmount'],
  },
  {
    name: 'a composable in TypeScript',
    file: 'src/composables/useMouse.ts',
    input: `export function useMouse() {
  const x = ref(0);
  const y = ref(0);
  const update = (event: MouseEvent) => {
    x.value = event.pageX;
    y.value = event.pageY;
  };
  onMounted(() => window.addEventListener('mousemove', update));
  onUnmounted(() => window.removeEventListener('mousemove', update));
  return { x, y };
}
`,
    output: `import { ref, onMounted, onUnmounted } from 'vue';
export function useMouse() {
  const x = ref(0);
  const y = ref(0);
  const update = (event: MouseEvent) => {
    x.value = event.pageX;
    y.value = event.pageY;
  };
  onMounted(() => window.addEventListener('mousemove', update));
  onUnmounted(() => window.removeEventListener('mousemove', update));
  return { x, y };
}
`,
    added: ['ref', 'onMounted', 'onUnmounted'],
  },
  {
    name: '<script> and <script setup> share one scope: the import goes where vue is imported',
    file: 'src/components/Panel.vue',
    input: `<script>
import { defineComponent } from 'vue'
export default defineComponent({ inheritAttrs: false })
</script>
<script setup>
const open = ref(true)
</script>
`,
    output: `<script>
import { defineComponent, ref } from 'vue'
export default defineComponent({ inheritAttrs: false })
</script>
<script setup>
const open = ref(true)
</script>
`,
    added: ['ref'],
  },
  {
    name: 'a default import from vue takes the names beside it',
    file: 'src/legacy.js',
    input: `import Vue from 'vue';\nexport const state = reactive({ n: 1 });\n`,
    output: `import Vue, { reactive } from 'vue';\nexport const state = reactive({ n: 1 });\n`,
    added: ['reactive'],
  },
  // Left alone.
  {
    name: 'everything imported already',
    file: 'src/components/Ok.vue',
    input: `<script setup>\nimport { ref, computed } from 'vue'\nconst a = ref(1)\nconst b = computed(() => a.value)\n</script>\n`,
    output: null,
  },
  {
    name: 'compiler macros need no import',
    file: 'src/components/Props.vue',
    input: `<script setup lang="ts">
const props = withDefaults(defineProps<{ label?: string }>(), { label: 'Hi' })
const emit = defineEmits<{ (e: 'close'): void }>()
const model = defineModel<string>()
defineExpose({ props, emit, model })
</script>
`,
    output: null,
  },
  {
    name: 'names declared locally or imported from elsewhere',
    file: 'src/components/Local.vue',
    input: `<script setup>
import { computed } from '@vueuse/core'
import { watch as watchIt } from './watch.js'
const ref = (value) => ({ value })
function reactive(value) { return value }
const a = ref(1)
const b = computed(() => reactive(a))
watchIt(a)
</script>
`,
    output: null,
  },
  {
    name: 'a name declared in an inner scope counts as declared (conservative)',
    file: 'src/components/Inner.vue',
    input: `<script setup>\nfunction make(nextTick) { return nextTick }\nnextTick(() => {})\n</script>\n`,
    output: null,
  },
  {
    name: 'member names, object keys and types are not uses',
    file: 'src/components/Keys.vue',
    input: `<script setup lang="ts">
import * as Vue from 'vue'
import type { Ref } from 'vue'
const state = { ref: 1, computed: 2, watch() {} }
const counter: Ref<number> = Vue.ref(0)
state.watch()
console.log(state.ref, state['computed'], counter)
</script>
`,
    output: null,
  },
  {
    name: 'a script that does not parse is left to the build',
    file: 'src/components/Broken.vue',
    input: `<script setup>\nconst count = ref(0\n</script>\n`,
    output: null,
  },
  {
    name: 'a component without a script',
    file: 'src/components/Static.vue',
    input: `<template><p>ref(0)</p></template>\n`,
    output: null,
  },
];

describe('addMissingVueImports', () => {
  it.each(cases)('$name', ({ file, input, output, added }) => {
    const result = addMissingVueImports(file, input);
    if (output === null) {
      expect(result).toBeNull();
      return;
    }
    expect(result?.content).toBe(output);
    expect(result?.added).toEqual(added);
  });

  it('is deterministic and idempotent', () => {
    const first = addMissingVueImports('src/components/Counter.vue', COUNTER_WITHOUT_IMPORT);
    expect(first).not.toBeNull();
    expect(addMissingVueImports('src/components/Counter.vue', COUNTER_WITHOUT_IMPORT)).toEqual(first);
    expect(addMissingVueImports('src/components/Counter.vue', first!.content)).toBeNull();
  });

  it('reads a <script setup lang="ts"> with generics', () => {
    const input = `<script setup lang="ts" generic="T extends { id: number }">
const props = defineProps<{ items: T[] }>()
const selected = shallowRef<T | null>(null)
</script>
`;
    expect(addMissingVueImports('src/components/List.vue', input)?.added).toEqual(['shallowRef']);
  });
});
