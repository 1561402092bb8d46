/** The guest book in Vue (issue 16 item 3): the same table and client as React's. */
import type { DemoFile } from '../types.ts';
import { withApiCalls } from './api-calls.ts';
import { NOT_SIGNED_TEXT, SUPABASE_CLIENT, UNREACHABLE_TEXT } from './migration.ts';

const COMPONENT = `<script setup lang="ts">
import { onMounted, ref } from 'vue';
import { supabase } from '../lib/supabase';

interface Entry {
  id: number;
  name: string;
  message: string;
  created_at: string;
}

const entries = ref<Entry[]>([]);
const status = ref<'loading' | 'ready' | 'unreachable'>('loading');
const name = ref('');
const message = ref('');
const saveError = ref(false);
const saving = ref(false);

async function load() {
  status.value = 'loading';
  try {
    const { data, error } = await supabase
      .from('guest_book')
      .select('id, name, message, created_at')
      .order('created_at', { ascending: false });
    if (error) throw error;
    entries.value = data ?? [];
    status.value = 'ready';
  } catch {
    // No project at that address, no network or no table yet: say so kindly.
    status.value = 'unreachable';
  }
}

async function sign() {
  if (!name.value.trim() || !message.value.trim()) return;
  saving.value = true;
  try {
    const { error } = await supabase
      .from('guest_book')
      .insert({ name: name.value.trim(), message: message.value.trim() });
    if (error) throw error;
    name.value = '';
    message.value = '';
    saveError.value = false;
    await load();
  } catch {
    saveError.value = true;
  } finally {
    saving.value = false;
  }
}

onMounted(load);
</script>

<template>
  <section class="mx-auto max-w-2xl px-4 py-12">
    <h1 class="text-3xl font-bold text-slate-900">Guest book</h1>
    <p class="mt-2 text-slate-600">Leave a few words for the next visitor.</p>
    <form class="mt-8 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" @submit.prevent="sign">
      <label class="block text-sm font-medium text-slate-700" for="guest-name">Name</label>
      <input
        id="guest-name"
        v-model="name"
        maxlength="80"
        required
        class="w-full rounded-lg border border-slate-300 px-3 py-2"
      />
      <label class="block text-sm font-medium text-slate-700" for="guest-message">Message</label>
      <textarea
        id="guest-message"
        v-model="message"
        maxlength="500"
        required
        rows="3"
        class="w-full rounded-lg border border-slate-300 px-3 py-2"
      ></textarea>
      <p v-if="saveError" role="alert" class="text-sm text-red-700">${NOT_SIGNED_TEXT}</p>
      <button
        type="submit"
        :disabled="saving"
        class="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
      >
        {{ saving ? 'Signing…' : 'Sign the guest book' }}
      </button>
    </form>
    <p v-if="status === 'loading'" class="mt-8 text-slate-500">Loading entries…</p>
    <div
      v-else-if="status === 'unreachable'"
      role="status"
      class="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900"
    >
      <p>${UNREACHABLE_TEXT}</p>
      <button type="button" class="mt-2 font-semibold underline" @click="load">Try again</button>
    </div>
    <ul v-else class="mt-8 space-y-4">
      <li v-if="entries.length === 0" class="text-slate-500">No entries yet. Be the first to sign.</li>
      <li v-for="entry in entries" :key="entry.id" class="rounded-xl border border-slate-200 bg-white p-4">
        <p class="font-semibold text-slate-900">{{ entry.name }}</p>
        <p class="mt-1 text-slate-700">{{ entry.message }}</p>
        <time class="mt-2 block text-xs text-slate-500" :datetime="entry.created_at">
          {{ new Date(entry.created_at).toLocaleString() }}
        </time>
      </li>
    </ul>
  </section>
</template>
`;

const APP = `<script setup lang="ts">
import GuestBook from './components/GuestBook.vue';
</script>

<template>
  <main class="min-h-screen bg-slate-50">
    <GuestBook />
  </main>
</template>
`;

export const VUE_GUEST_BOOK: DemoFile[] = [
  { name: 'src/lib/supabase.ts', content: SUPABASE_CLIENT },
  { name: 'src/components/GuestBook.vue', content: COMPONENT },
  { name: 'src/App.vue', content: APP },
];

/** The same UI calling the project's own `api/` handler (issue 22): no client library in the browser. */
export const VUE_API_GUEST_BOOK: DemoFile[] = [
  { name: 'src/components/GuestBook.vue', content: withApiCalls(COMPONENT) },
  { name: 'src/App.vue', content: APP },
];
