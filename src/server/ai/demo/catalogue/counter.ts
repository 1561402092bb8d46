import { renderMarkup } from '../markup/render.ts';
import type { CatalogueEntry, EntrySources } from './entry.ts';

const CARD = 'w-full max-w-xs rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-lg';
const MINUS =
  'h-12 w-12 rounded-full border border-gray-200 text-2xl font-semibold text-gray-700 hover:bg-gray-50';
const PLUS = 'h-12 w-12 rounded-full bg-indigo-600 text-2xl font-semibold text-white hover:bg-indigo-500';
const RESET = 'mt-6 text-sm font-medium text-gray-500 hover:text-gray-900';

const HTML_MARKUP = `
<section class="flex justify-center px-6 py-20">
  <div class="${CARD}">
    <h1 class="text-lg font-semibold text-gray-900">Counter</h1>
    <p id="counter-value" class="mt-6 text-6xl font-bold tabular-nums text-indigo-600">0</p>
    <p id="counter-parity" class="mt-2 text-sm text-gray-500">Even</p>
    <div class="mt-8 flex items-center justify-center gap-3">
      <button id="counter-decrement" type="button" class="${MINUS}" aria-label="Decrease">−</button>
      <button id="counter-increment" type="button" class="${PLUS}" aria-label="Increase">+</button>
    </div>
    <button id="counter-reset" type="button" class="${RESET}">Reset</button>
  </div>
</section>
`;

const HTML_SCRIPT = `
let count = 0;
const value = document.getElementById('counter-value');
const parity = document.getElementById('counter-parity');
function render() {
  value.textContent = String(count);
  parity.textContent = count % 2 === 0 ? 'Even' : 'Odd';
}
document.getElementById('counter-decrement').addEventListener('click', () => { count -= 1; render(); });
document.getElementById('counter-increment').addEventListener('click', () => { count += 1; render(); });
document.getElementById('counter-reset').addEventListener('click', () => { count = 0; render(); });
`;

const REACT = `import { useState } from 'react';

export default function Counter() {
  const [count, setCount] = useState(0);

  return (
    <section className="flex justify-center px-6 py-20">
      <div className="${CARD}">
        <h1 className="text-lg font-semibold text-gray-900">Counter</h1>
        <p className="mt-6 text-6xl font-bold tabular-nums text-indigo-600">{count}</p>
        <p className="mt-2 text-sm text-gray-500">{count % 2 === 0 ? 'Even' : 'Odd'}</p>
        <div className="mt-8 flex items-center justify-center gap-3">
          <button type="button" className="${MINUS}" aria-label="Decrease" onClick={() => setCount((c) => c - 1)}>
            −
          </button>
          <button type="button" className="${PLUS}" aria-label="Increase" onClick={() => setCount((c) => c + 1)}>
            +
          </button>
        </div>
        <button type="button" className="${RESET}" onClick={() => setCount(0)}>
          Reset
        </button>
      </div>
    </section>
  );
}
`;

const VUE = `<script setup lang="ts">
import { computed, ref } from 'vue';

const count = ref(0);
const parity = computed(() => (count.value % 2 === 0 ? 'Even' : 'Odd'));
</script>

<template>
  <section class="flex justify-center px-6 py-20">
    <div class="${CARD}">
      <h1 class="text-lg font-semibold text-gray-900">Counter</h1>
      <p class="mt-6 text-6xl font-bold tabular-nums text-indigo-600">{{ count }}</p>
      <p class="mt-2 text-sm text-gray-500">{{ parity }}</p>
      <div class="mt-8 flex items-center justify-center gap-3">
        <button type="button" class="${MINUS}" aria-label="Decrease" @click="count--">−</button>
        <button type="button" class="${PLUS}" aria-label="Increase" @click="count++">+</button>
      </div>
      <button type="button" class="${RESET}" @click="count = 0">Reset</button>
    </div>
  </section>
</template>
`;

const SVELTE = `<script lang="ts">
  let count = $state(0);
  const parity = $derived(count % 2 === 0 ? 'Even' : 'Odd');
</script>

<section class="flex justify-center px-6 py-20">
  <div class="${CARD}">
    <h1 class="text-lg font-semibold text-gray-900">Counter</h1>
    <p class="mt-6 text-6xl font-bold tabular-nums text-indigo-600">{count}</p>
    <p class="mt-2 text-sm text-gray-500">{parity}</p>
    <div class="mt-8 flex items-center justify-center gap-3">
      <button type="button" class="${MINUS}" aria-label="Decrease" onclick={() => count--}>−</button>
      <button type="button" class="${PLUS}" aria-label="Increase" onclick={() => count++}>+</button>
    </div>
    <button type="button" class="${RESET}" onclick={() => (count = 0)}>Reset</button>
  </div>
</section>
`;

const ANGULAR_TS = `import { Component, computed, signal } from '@angular/core';

@Component({
  selector: 'app-counter',
  templateUrl: './counter.html',
})
export class Counter {
  protected readonly count = signal(0);
  protected readonly parity = computed(() => (this.count() % 2 === 0 ? 'Even' : 'Odd'));

  protected change(by: number): void {
    this.count.update((value) => value + by);
  }
}
`;

const ANGULAR_TEMPLATE = `<section class="flex justify-center px-6 py-20">
  <div class="${CARD}">
    <h1 class="text-lg font-semibold text-gray-900">Counter</h1>
    <p class="mt-6 text-6xl font-bold tabular-nums text-indigo-600">{{ count() }}</p>
    <p class="mt-2 text-sm text-gray-500">{{ parity() }}</p>
    <div class="mt-8 flex items-center justify-center gap-3">
      <button type="button" class="${MINUS}" aria-label="Decrease" (click)="change(-1)">−</button>
      <button type="button" class="${PLUS}" aria-label="Increase" (click)="change(1)">+</button>
    </div>
    <button type="button" class="${RESET}" (click)="count.set(0)">Reset</button>
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

export const counter: CatalogueEntry = {
  id: 'counter',
  title: 'Counter',
  componentName: 'Counter',
  keywords: [
    ['counter', 4],
    ['count', 2],
    ['increment', 3],
    ['decrement', 3],
    ['clicker', 3],
    ['tally', 3],
    ['click counter', 4],
  ],
  summary: 'a counter with increase, decrease and reset buttons and an even/odd hint',
  placement: 'bottom',
  sources,
};
