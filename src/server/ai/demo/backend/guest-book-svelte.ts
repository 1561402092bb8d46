/** The guest book in Svelte 5 (issue 16 item 3): the same table and client as React's. */
import type { DemoFile } from '../types.ts';
import { withApiCalls } from './api-calls.ts';
import { NOT_SIGNED_TEXT, SUPABASE_CLIENT, UNREACHABLE_TEXT } from './migration.ts';

const COMPONENT = `<script lang="ts">
  import { onMount } from 'svelte';
  import { supabase } from './supabase';

  interface Entry {
    id: number;
    name: string;
    message: string;
    created_at: string;
  }

  let entries = $state<Entry[]>([]);
  let status = $state<'loading' | 'ready' | 'unreachable'>('loading');
  let name = $state('');
  let message = $state('');
  let saveError = $state(false);
  let saving = $state(false);

  async function load() {
    status = 'loading';
    try {
      const { data, error } = await supabase
        .from('guest_book')
        .select('id, name, message, created_at')
        .order('created_at', { ascending: false });
      if (error) throw error;
      entries = data ?? [];
      status = 'ready';
    } catch {
      // No project at that address, no network or no table yet: say so kindly.
      status = 'unreachable';
    }
  }

  async function sign(event: SubmitEvent) {
    event.preventDefault();
    if (!name.trim() || !message.trim()) return;
    saving = true;
    try {
      const { error } = await supabase.from('guest_book').insert({ name: name.trim(), message: message.trim() });
      if (error) throw error;
      name = '';
      message = '';
      saveError = false;
      await load();
    } catch {
      saveError = true;
    } finally {
      saving = false;
    }
  }

  onMount(load);
</script>

<section class="mx-auto max-w-2xl px-4 py-12">
  <h1 class="text-3xl font-bold text-slate-900">Guest book</h1>
  <p class="mt-2 text-slate-600">Leave a few words for the next visitor.</p>
  <form onsubmit={sign} class="mt-8 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
    <label class="block text-sm font-medium text-slate-700" for="guest-name">Name</label>
    <input
      id="guest-name"
      bind:value={name}
      maxlength="80"
      required
      class="w-full rounded-lg border border-slate-300 px-3 py-2"
    />
    <label class="block text-sm font-medium text-slate-700" for="guest-message">Message</label>
    <textarea
      id="guest-message"
      bind:value={message}
      maxlength="500"
      required
      rows="3"
      class="w-full rounded-lg border border-slate-300 px-3 py-2"
    ></textarea>
    {#if saveError}
      <p role="alert" class="text-sm text-red-700">${NOT_SIGNED_TEXT}</p>
    {/if}
    <button
      type="submit"
      disabled={saving}
      class="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
    >
      {saving ? 'Signing…' : 'Sign the guest book'}
    </button>
  </form>
  {#if status === 'loading'}
    <p class="mt-8 text-slate-500">Loading entries…</p>
  {:else if status === 'unreachable'}
    <div role="status" class="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
      <p>${UNREACHABLE_TEXT}</p>
      <button type="button" class="mt-2 font-semibold underline" onclick={load}>Try again</button>
    </div>
  {:else}
    <ul class="mt-8 space-y-4">
      {#each entries as entry (entry.id)}
        <li class="rounded-xl border border-slate-200 bg-white p-4">
          <p class="font-semibold text-slate-900">{entry.name}</p>
          <p class="mt-1 text-slate-700">{entry.message}</p>
          <time class="mt-2 block text-xs text-slate-500" datetime={entry.created_at}>
            {new Date(entry.created_at).toLocaleString()}
          </time>
        </li>
      {:else}
        <li class="text-slate-500">No entries yet. Be the first to sign.</li>
      {/each}
    </ul>
  {/if}
</section>
`;

const APP = `<script lang="ts">
  import GuestBook from './lib/GuestBook.svelte';
</script>

<main class="min-h-screen bg-slate-50">
  <GuestBook />
</main>
`;

export const SVELTE_GUEST_BOOK: DemoFile[] = [
  { name: 'src/lib/supabase.ts', content: SUPABASE_CLIENT },
  { name: 'src/lib/GuestBook.svelte', content: COMPONENT },
  { name: 'src/App.svelte', content: APP },
];

/** The same UI calling the project's own `api/` handler (issue 22): no client library in the browser. */
export const SVELTE_API_GUEST_BOOK: DemoFile[] = [
  { name: 'src/lib/GuestBook.svelte', content: withApiCalls(COMPONENT) },
  { name: 'src/App.svelte', content: APP },
];
