import { renderMarkup } from '../markup/render.ts';
import type { CatalogueEntry, EntrySources } from './entry.ts';

const CARD = 'w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-lg';
const INPUT =
  'flex-1 rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200';
const ADD = 'rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500';
const ITEM = 'flex items-center gap-3 py-3';
const CHECKBOX = 'h-4 w-4 rounded border-gray-300 accent-indigo-600';
const REMOVE = 'text-xs font-medium text-gray-400 hover:text-rose-600';
const FILTER = 'rounded-md px-2 py-1 text-xs font-medium';
const FILTER_ON = 'bg-indigo-50 text-indigo-700';
const FILTER_OFF = 'text-gray-500 hover:text-gray-900';

const TASKS = [
  ['Sketch the onboarding flow', true],
  ['Write the release notes', false],
  ['Book the team retro', false],
] as const;

const TS_TASKS = TASKS.map(
  ([text, isDone], index) => `  { id: ${index + 1}, text: '${text}', isDone: ${isDone} },`,
).join('\n');

const HTML_MARKUP = `
<section class="flex justify-center px-6 py-16">
  <div class="${CARD}">
    <h1 class="text-xl font-semibold text-gray-900">My tasks</h1>
    <p id="todo-remaining" class="mt-1 text-sm text-gray-500"></p>
    <form id="todo-form" class="mt-4 flex gap-2">
      <input id="todo-input" type="text" placeholder="What needs doing?" class="${INPUT}" />
      <button type="submit" class="${ADD}">Add</button>
    </form>
    <div class="mt-4 flex gap-2">
      <button type="button" data-filter="all" class="${FILTER}">All</button>
      <button type="button" data-filter="active" class="${FILTER}">Active</button>
      <button type="button" data-filter="done" class="${FILTER}">Done</button>
    </div>
    <ul id="todo-list" class="mt-2 divide-y divide-gray-200"></ul>
  </div>
</section>
`;

const HTML_SCRIPT = `
let tasks = [
${TASKS.map(([text, isDone], index) => `  { id: ${index + 1}, text: '${text}', isDone: ${isDone} },`).join('\n')}
];
let filter = 'all';
const list = document.getElementById('todo-list');
const remaining = document.getElementById('todo-remaining');
const input = document.getElementById('todo-input');

function render() {
  const visible = tasks.filter((task) => filter === 'all' || (filter === 'done' ? task.isDone : !task.isDone));
  list.replaceChildren(
    ...visible.map((task) => {
      const item = document.createElement('li');
      item.className = '${ITEM}';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = task.isDone;
      box.className = '${CHECKBOX}';
      box.addEventListener('change', () => { task.isDone = !task.isDone; render(); });
      const text = document.createElement('span');
      text.textContent = task.text;
      text.className = task.isDone ? 'flex-1 text-sm text-gray-400 line-through' : 'flex-1 text-sm text-gray-900';
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = 'Remove';
      remove.className = '${REMOVE}';
      remove.addEventListener('click', () => { tasks = tasks.filter((t) => t.id !== task.id); render(); });
      item.append(box, text, remove);
      return item;
    }),
  );
  const left = tasks.filter((task) => !task.isDone).length;
  remaining.textContent = left + (left === 1 ? ' task' : ' tasks') + ' left';
  document.querySelectorAll('[data-filter]').forEach((button) => {
    button.className = '${FILTER} ' + (button.dataset.filter === filter ? '${FILTER_ON}' : '${FILTER_OFF}');
  });
}

document.getElementById('todo-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const text = input.value.trim();
  if (!text) return;
  tasks.push({ id: Date.now(), text, isDone: false });
  input.value = '';
  render();
});
document.querySelectorAll('[data-filter]').forEach((button) => {
  button.addEventListener('click', () => { filter = button.dataset.filter; render(); });
});
render();
`;

const REACT = `import { useState, type FormEvent } from 'react';

interface Task {
  id: number;
  text: string;
  isDone: boolean;
}

type Filter = 'all' | 'active' | 'done';

const FILTERS: Filter[] = ['all', 'active', 'done'];

const INITIAL_TASKS: Task[] = [
${TS_TASKS}
];

export default function TodoApp() {
  const [tasks, setTasks] = useState<Task[]>(INITIAL_TASKS);
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState<Filter>('all');

  const visible = tasks.filter((task) => filter === 'all' || (filter === 'done' ? task.isDone : !task.isDone));
  const remaining = tasks.filter((task) => !task.isDone).length;

  function addTask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setTasks((current) => [...current, { id: Date.now(), text, isDone: false }]);
    setDraft('');
  }

  function toggleTask(id: number) {
    setTasks((current) => current.map((task) => (task.id === id ? { ...task, isDone: !task.isDone } : task)));
  }

  function removeTask(id: number) {
    setTasks((current) => current.filter((task) => task.id !== id));
  }

  return (
    <section className="flex justify-center px-6 py-16">
      <div className="${CARD}">
        <h1 className="text-xl font-semibold text-gray-900">My tasks</h1>
        <p className="mt-1 text-sm text-gray-500">
          {remaining} {remaining === 1 ? 'task' : 'tasks'} left
        </p>
        <form onSubmit={addTask} className="mt-4 flex gap-2">
          <input
            type="text"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="What needs doing?"
            className="${INPUT}"
          />
          <button type="submit" className="${ADD}">
            Add
          </button>
        </form>
        <div className="mt-4 flex gap-2">
          {FILTERS.map((name) => (
            <button
              key={name}
              type="button"
              onClick={() => setFilter(name)}
              className={\`${FILTER} \${filter === name ? '${FILTER_ON}' : '${FILTER_OFF}'}\`}
            >
              {name[0].toUpperCase() + name.slice(1)}
            </button>
          ))}
        </div>
        <ul className="mt-2 divide-y divide-gray-200">
          {visible.map((task) => (
            <li key={task.id} className="${ITEM}">
              <input type="checkbox" checked={task.isDone} onChange={() => toggleTask(task.id)} className="${CHECKBOX}" />
              <span className={task.isDone ? 'flex-1 text-sm text-gray-400 line-through' : 'flex-1 text-sm text-gray-900'}>
                {task.text}
              </span>
              <button type="button" onClick={() => removeTask(task.id)} className="${REMOVE}">
                Remove
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
`;

const VUE = `<script setup lang="ts">
import { computed, ref } from 'vue';

interface Task {
  id: number;
  text: string;
  isDone: boolean;
}

type Filter = 'all' | 'active' | 'done';

const filters: Filter[] = ['all', 'active', 'done'];
const tasks = ref<Task[]>([
${TS_TASKS}
]);
const draft = ref('');
const filter = ref<Filter>('all');

const visible = computed(() =>
  tasks.value.filter((task) => filter.value === 'all' || (filter.value === 'done' ? task.isDone : !task.isDone)),
);
const remaining = computed(() => tasks.value.filter((task) => !task.isDone).length);

function addTask() {
  const text = draft.value.trim();
  if (!text) return;
  tasks.value.push({ id: Date.now(), text, isDone: false });
  draft.value = '';
}

function removeTask(id: number) {
  tasks.value = tasks.value.filter((task) => task.id !== id);
}
</script>

<template>
  <section class="flex justify-center px-6 py-16">
    <div class="${CARD}">
      <h1 class="text-xl font-semibold text-gray-900">My tasks</h1>
      <p class="mt-1 text-sm text-gray-500">{{ remaining }} {{ remaining === 1 ? 'task' : 'tasks' }} left</p>
      <form class="mt-4 flex gap-2" @submit.prevent="addTask">
        <input v-model="draft" type="text" placeholder="What needs doing?" class="${INPUT}" />
        <button type="submit" class="${ADD}">Add</button>
      </form>
      <div class="mt-4 flex gap-2">
        <button
          v-for="name in filters"
          :key="name"
          type="button"
          :class="['${FILTER}', filter === name ? '${FILTER_ON}' : '${FILTER_OFF}']"
          @click="filter = name"
        >
          {{ name[0].toUpperCase() + name.slice(1) }}
        </button>
      </div>
      <ul class="mt-2 divide-y divide-gray-200">
        <li v-for="task in visible" :key="task.id" class="${ITEM}">
          <input v-model="task.isDone" type="checkbox" class="${CHECKBOX}" />
          <span :class="task.isDone ? 'flex-1 text-sm text-gray-400 line-through' : 'flex-1 text-sm text-gray-900'">
            {{ task.text }}
          </span>
          <button type="button" class="${REMOVE}" @click="removeTask(task.id)">Remove</button>
        </li>
      </ul>
    </div>
  </section>
</template>
`;

const SVELTE = `<script lang="ts">
  interface Task {
    id: number;
    text: string;
    isDone: boolean;
  }

  type Filter = 'all' | 'active' | 'done';

  const filters: Filter[] = ['all', 'active', 'done'];
  let tasks = $state<Task[]>([
${TS_TASKS.replace(/^/gm, '  ')}
  ]);
  let draft = $state('');
  let filter = $state<Filter>('all');

  const visible = $derived(
    tasks.filter((task) => filter === 'all' || (filter === 'done' ? task.isDone : !task.isDone)),
  );
  const remaining = $derived(tasks.filter((task) => !task.isDone).length);

  function addTask(event: SubmitEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    tasks.push({ id: Date.now(), text, isDone: false });
    draft = '';
  }

  function toggleTask(id: number) {
    const task = tasks.find((item) => item.id === id);
    if (task) task.isDone = !task.isDone;
  }

  function removeTask(id: number) {
    tasks = tasks.filter((task) => task.id !== id);
  }
</script>

<section class="flex justify-center px-6 py-16">
  <div class="${CARD}">
    <h1 class="text-xl font-semibold text-gray-900">My tasks</h1>
    <p class="mt-1 text-sm text-gray-500">{remaining} {remaining === 1 ? 'task' : 'tasks'} left</p>
    <form class="mt-4 flex gap-2" onsubmit={addTask}>
      <input bind:value={draft} type="text" placeholder="What needs doing?" class="${INPUT}" />
      <button type="submit" class="${ADD}">Add</button>
    </form>
    <div class="mt-4 flex gap-2">
      {#each filters as name (name)}
        <button
          type="button"
          class="${FILTER} {filter === name ? '${FILTER_ON}' : '${FILTER_OFF}'}"
          onclick={() => (filter = name)}
        >
          {name[0].toUpperCase() + name.slice(1)}
        </button>
      {/each}
    </div>
    <ul class="mt-2 divide-y divide-gray-200">
      {#each visible as task (task.id)}
        <li class="${ITEM}">
          <input type="checkbox" checked={task.isDone} onchange={() => toggleTask(task.id)} class="${CHECKBOX}" />
          <span class={task.isDone ? 'flex-1 text-sm text-gray-400 line-through' : 'flex-1 text-sm text-gray-900'}>
            {task.text}
          </span>
          <button type="button" class="${REMOVE}" onclick={() => removeTask(task.id)}>Remove</button>
        </li>
      {/each}
    </ul>
  </div>
</section>
`;

const ANGULAR_TS = `import { Component, computed, signal } from '@angular/core';

interface Task {
  id: number;
  text: string;
  isDone: boolean;
}

type Filter = 'all' | 'active' | 'done';

@Component({
  selector: 'app-todo-app',
  templateUrl: './todo-app.html',
})
export class TodoApp {
  protected readonly filters: Filter[] = ['all', 'active', 'done'];
  protected readonly tasks = signal<Task[]>([
${TS_TASKS.replace(/^/gm, '  ')}
  ]);
  protected readonly filter = signal<Filter>('all');
  protected readonly visible = computed(() =>
    this.tasks().filter((task) => this.filter() === 'all' || (this.filter() === 'done' ? task.isDone : !task.isDone)),
  );
  protected readonly remaining = computed(() => this.tasks().filter((task) => !task.isDone).length);

  protected addTask(input: HTMLInputElement, event: Event): void {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    this.tasks.update((tasks) => [...tasks, { id: Date.now(), text, isDone: false }]);
    input.value = '';
  }

  protected toggleTask(id: number): void {
    this.tasks.update((tasks) => tasks.map((task) => (task.id === id ? { ...task, isDone: !task.isDone } : task)));
  }

  protected removeTask(id: number): void {
    this.tasks.update((tasks) => tasks.filter((task) => task.id !== id));
  }

  protected label(name: Filter): string {
    return name[0].toUpperCase() + name.slice(1);
  }
}
`;

const ANGULAR_TEMPLATE = `<section class="flex justify-center px-6 py-16">
  <div class="${CARD}">
    <h1 class="text-xl font-semibold text-gray-900">My tasks</h1>
    <p class="mt-1 text-sm text-gray-500">{{ remaining() }} {{ remaining() === 1 ? 'task' : 'tasks' }} left</p>
    <form class="mt-4 flex gap-2" (submit)="addTask(draft, $event)">
      <input #draft type="text" placeholder="What needs doing?" class="${INPUT}" />
      <button type="submit" class="${ADD}">Add</button>
    </form>
    <div class="mt-4 flex gap-2">
      @for (name of filters; track name) {
        <button
          type="button"
          [class]="filter() === name ? '${FILTER} ${FILTER_ON}' : '${FILTER} ${FILTER_OFF}'"
          (click)="filter.set(name)"
        >
          {{ label(name) }}
        </button>
      }
    </div>
    <ul class="mt-2 divide-y divide-gray-200">
      @for (task of visible(); track task.id) {
        <li class="${ITEM}">
          <input type="checkbox" [checked]="task.isDone" (change)="toggleTask(task.id)" class="${CHECKBOX}" />
          <span [class]="task.isDone ? 'flex-1 text-sm text-gray-400 line-through' : 'flex-1 text-sm text-gray-900'">
            {{ task.text }}
          </span>
          <button type="button" class="${REMOVE}" (click)="removeTask(task.id)">Remove</button>
        </li>
      }
    </ul>
  </div>
</section>
`;

function sources(): EntrySources {
  return {
    html: { markup: renderMarkup(HTML_MARKUP, 'html', 3), script: HTML_SCRIPT },
    react: REACT,
    vue: VUE,
    svelte: SVELTE,
    angular: { ts: ANGULAR_TS, template: ANGULAR_TEMPLATE },
  };
}

export const todoApp: CatalogueEntry = {
  id: 'todo-app',
  title: 'Todo App',
  componentName: 'TodoApp',
  keywords: [
    ['todo', 4],
    ['todos', 4],
    ['to do', 4],
    ['task', 3],
    ['tasks', 3],
    ['task list', 4],
    ['checklist', 3],
    ['reminders', 2],
    ['shopping list', 3],
  ],
  summary: 'a todo app where you can add, complete, remove and filter tasks',
  placement: 'bottom',
  sources,
};
