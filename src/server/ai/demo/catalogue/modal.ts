import { renderMarkup } from '../markup/render.ts';
import type { CatalogueEntry, EntrySources } from './entry.ts';

const OPEN =
  'rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white shadow hover:bg-indigo-500';
const BACKDROP = 'fixed inset-0 z-50 flex items-center justify-center bg-gray-900/50 p-4';
const PANEL = 'w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl';
const CANCEL =
  'rounded-lg border border-gray-200 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50';
const CONFIRM = 'rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500';
const TITLE = 'Publish your changes?';
const BODY =
  'Everyone with the link will see the new version right away. You can roll back at any time from the history.';

const HTML_MARKUP = `
<section class="flex flex-col items-center justify-center gap-4 px-6 py-24 text-center">
  <h1 class="text-2xl font-semibold text-gray-900">Modal dialog</h1>
  <p id="modal-status" class="text-sm text-gray-500">Nothing published yet.</p>
  <button id="modal-open" type="button" class="${OPEN}">Publish changes</button>
  <div id="modal-backdrop" class="${BACKDROP} hidden">
    <div class="${PANEL}" role="dialog" aria-modal="true" aria-labelledby="modal-title">
      <h2 id="modal-title" class="text-lg font-semibold text-gray-900">${TITLE}</h2>
      <p class="mt-2 text-sm leading-6 text-gray-600">${BODY}</p>
      <div class="mt-6 flex justify-end gap-3">
        <button id="modal-cancel" type="button" class="${CANCEL}">Cancel</button>
        <button id="modal-confirm" type="button" class="${CONFIRM}">Publish</button>
      </div>
    </div>
  </div>
</section>
`;

const HTML_SCRIPT = `
const backdrop = document.getElementById('modal-backdrop');
const status = document.getElementById('modal-status');
function setOpen(isOpen) {
  backdrop.classList.toggle('hidden', !isOpen);
}
document.getElementById('modal-open').addEventListener('click', () => setOpen(true));
document.getElementById('modal-cancel').addEventListener('click', () => setOpen(false));
document.getElementById('modal-confirm').addEventListener('click', () => {
  status.textContent = 'Published! Your changes are live.';
  setOpen(false);
});
backdrop.addEventListener('click', (event) => {
  if (event.target === backdrop) setOpen(false);
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') setOpen(false);
});
`;

const REACT = `import { useEffect, useState } from 'react';

export default function ConfirmModal() {
  const [isOpen, setIsOpen] = useState(false);
  const [isPublished, setIsPublished] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);

  return (
    <section className="flex flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">Modal dialog</h1>
      <p className="text-sm text-gray-500">{isPublished ? 'Published! Your changes are live.' : 'Nothing published yet.'}</p>
      <button type="button" className="${OPEN}" onClick={() => setIsOpen(true)}>
        Publish changes
      </button>
      {isOpen && (
        <div className="${BACKDROP}" onClick={(event) => event.target === event.currentTarget && setIsOpen(false)}>
          <div className="${PANEL}" role="dialog" aria-modal="true" aria-labelledby="modal-title">
            <h2 id="modal-title" className="text-lg font-semibold text-gray-900">
              ${TITLE}
            </h2>
            <p className="mt-2 text-sm leading-6 text-gray-600">${BODY}</p>
            <div className="mt-6 flex justify-end gap-3">
              <button type="button" className="${CANCEL}" onClick={() => setIsOpen(false)}>
                Cancel
              </button>
              <button
                type="button"
                className="${CONFIRM}"
                onClick={() => {
                  setIsPublished(true);
                  setIsOpen(false);
                }}
              >
                Publish
              </button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
`;

const VUE = `<script setup lang="ts">
import { onBeforeUnmount, onMounted, ref } from 'vue';

const isOpen = ref(false);
const isPublished = ref(false);

function onKey(event: KeyboardEvent) {
  if (event.key === 'Escape') isOpen.value = false;
}

function publish() {
  isPublished.value = true;
  isOpen.value = false;
}

onMounted(() => document.addEventListener('keydown', onKey));
onBeforeUnmount(() => document.removeEventListener('keydown', onKey));
</script>

<template>
  <section class="flex flex-col items-center justify-center gap-4 px-6 py-24 text-center">
    <h1 class="text-2xl font-semibold text-gray-900">Modal dialog</h1>
    <p class="text-sm text-gray-500">{{ isPublished ? 'Published! Your changes are live.' : 'Nothing published yet.' }}</p>
    <button type="button" class="${OPEN}" @click="isOpen = true">Publish changes</button>
    <div v-if="isOpen" class="${BACKDROP}" @click.self="isOpen = false">
      <div class="${PANEL}" role="dialog" aria-modal="true" aria-labelledby="modal-title">
        <h2 id="modal-title" class="text-lg font-semibold text-gray-900">${TITLE}</h2>
        <p class="mt-2 text-sm leading-6 text-gray-600">${BODY}</p>
        <div class="mt-6 flex justify-end gap-3">
          <button type="button" class="${CANCEL}" @click="isOpen = false">Cancel</button>
          <button type="button" class="${CONFIRM}" @click="publish">Publish</button>
        </div>
      </div>
    </div>
  </section>
</template>
`;

const SVELTE = `<script lang="ts">
  let isOpen = $state(false);
  let isPublished = $state(false);

  function onKey(event: KeyboardEvent) {
    if (event.key === 'Escape') isOpen = false;
  }

  function onBackdrop(event: MouseEvent) {
    if (event.target === event.currentTarget) isOpen = false;
  }

  function publish() {
    isPublished = true;
    isOpen = false;
  }
</script>

<svelte:window onkeydown={onKey} />

<section class="flex flex-col items-center justify-center gap-4 px-6 py-24 text-center">
  <h1 class="text-2xl font-semibold text-gray-900">Modal dialog</h1>
  <p class="text-sm text-gray-500">{isPublished ? 'Published! Your changes are live.' : 'Nothing published yet.'}</p>
  <button type="button" class="${OPEN}" onclick={() => (isOpen = true)}>Publish changes</button>
  {#if isOpen}
    <!-- svelte-ignore a11y_click_events_have_key_events a11y_no_static_element_interactions -->
    <div class="${BACKDROP}" onclick={onBackdrop}>
      <div class="${PANEL}" role="dialog" aria-modal="true" aria-labelledby="modal-title">
        <h2 id="modal-title" class="text-lg font-semibold text-gray-900">${TITLE}</h2>
        <p class="mt-2 text-sm leading-6 text-gray-600">${BODY}</p>
        <div class="mt-6 flex justify-end gap-3">
          <button type="button" class="${CANCEL}" onclick={() => (isOpen = false)}>Cancel</button>
          <button type="button" class="${CONFIRM}" onclick={publish}>Publish</button>
        </div>
      </div>
    </div>
  {/if}
</section>
`;

const ANGULAR_TS = `import { Component, signal } from '@angular/core';

@Component({
  selector: 'app-confirm-modal',
  templateUrl: './confirm-modal.html',
  host: { '(document:keydown.escape)': 'isOpen.set(false)' },
})
export class ConfirmModal {
  protected readonly isOpen = signal(false);
  protected readonly isPublished = signal(false);

  protected onBackdrop(event: MouseEvent): void {
    if (event.target === event.currentTarget) this.isOpen.set(false);
  }

  protected publish(): void {
    this.isPublished.set(true);
    this.isOpen.set(false);
  }
}
`;

const ANGULAR_TEMPLATE = `<section class="flex flex-col items-center justify-center gap-4 px-6 py-24 text-center">
  <h1 class="text-2xl font-semibold text-gray-900">Modal dialog</h1>
  <p class="text-sm text-gray-500">{{ isPublished() ? 'Published! Your changes are live.' : 'Nothing published yet.' }}</p>
  <button type="button" class="${OPEN}" (click)="isOpen.set(true)">Publish changes</button>
  @if (isOpen()) {
    <div class="${BACKDROP}" (click)="onBackdrop($event)">
      <div class="${PANEL}" role="dialog" aria-modal="true" aria-labelledby="modal-title">
        <h2 id="modal-title" class="text-lg font-semibold text-gray-900">${TITLE}</h2>
        <p class="mt-2 text-sm leading-6 text-gray-600">${BODY}</p>
        <div class="mt-6 flex justify-end gap-3">
          <button type="button" class="${CANCEL}" (click)="isOpen.set(false)">Cancel</button>
          <button type="button" class="${CONFIRM}" (click)="publish()">Publish</button>
        </div>
      </div>
    </div>
  }
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

export const modal: CatalogueEntry = {
  id: 'modal',
  title: 'Modal Dialog',
  componentName: 'ConfirmModal',
  keywords: [
    ['modal', 4],
    ['dialog', 4],
    ['popup', 3],
    ['pop up', 3],
    ['lightbox', 3],
    ['overlay', 2],
    ['confirmation', 2],
    ['confirm', 1],
  ],
  summary: 'a confirmation modal that opens from a button and closes with Cancel, Escape or a backdrop click',
  placement: 'bottom',
  sources,
};
