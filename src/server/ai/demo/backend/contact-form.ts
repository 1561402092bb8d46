/**
 * The demo model's contact form that really sends (issue 22 item 2): with an SMTP e-mail
 * integration enabled, React, Vue or Svelte UI that posts to `/api/contact`, answered by the
 * project's `api/index.ts` (contact-form-api.ts). Other frameworks and providers get the ordinary
 * catalogue contact form.
 */
import type { DemoFile, DemoRequest } from '../types.ts';
import {
  CONTACT_FAILED_TEXT,
  CONTACT_FORM_API,
  CONTACT_FORM_DEPENDENCIES,
  CONTACT_FORM_DEV_DEPENDENCIES,
  CONTACT_ROUTE,
  CONTACT_SENT_TEXT,
} from './contact-form-api.ts';
import { templatePackageJson } from './package-json.ts';

const INPUT = 'w-full rounded-lg border border-slate-300 px-3 py-2';
const LABEL = 'block text-sm font-medium text-slate-700';
const BUTTON =
  'rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60';

/** The request every framework's form makes: the server's own error text on a 400. */
const SEND = `const response = await fetch('${CONTACT_ROUTE}', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name, email, message }),
});
const result = (await response.json().catch(() => ({}))) as { error?: string };
if (!response.ok) throw new Error(response.status === 400 && result.error ? result.error : '${CONTACT_FAILED_TEXT}');`;

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((line) => by + line)
    .join('\n');

const REACT = `import { useState, type FormEvent } from 'react';

type Status = 'idle' | 'sending' | 'sent' | 'failed';

export default function ContactForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState('');

  async function send(event: FormEvent) {
    event.preventDefault();
    setStatus('sending');
    try {
${indent(SEND, '      ')}
      setName('');
      setEmail('');
      setMessage('');
      setStatus('sent');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '${CONTACT_FAILED_TEXT}');
      setStatus('failed');
    }
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Contact us</h1>
      <p className="mt-2 text-slate-600">Write to us and we will answer by e-mail.</p>
      <form onSubmit={send} className="mt-8 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <label className="${LABEL}" htmlFor="contact-name">Name</label>
        <input id="contact-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required className="${INPUT}" />
        <label className="${LABEL}" htmlFor="contact-email">E-mail</label>
        <input id="contact-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={200} required className="${INPUT}" />
        <label className="${LABEL}" htmlFor="contact-message">Message</label>
        <textarea id="contact-message" value={message} onChange={(e) => setMessage(e.target.value)} maxLength={5000} required rows={5} className="${INPUT}" />
        {status === 'sent' && <p role="status" className="text-sm text-green-700">${CONTACT_SENT_TEXT}</p>}
        {status === 'failed' && <p role="alert" className="text-sm text-red-700">{error}</p>}
        <button type="submit" disabled={status === 'sending'} className="${BUTTON}">
          {status === 'sending' ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </section>
  );
}
`;

const REACT_APP = `import ContactForm from './components/ContactForm';

export default function App() {
  return (
    <main className="min-h-screen bg-slate-50">
      <ContactForm />
    </main>
  );
}
`;

const VUE = `<script setup lang="ts">
import { ref } from 'vue';

const name = ref('');
const email = ref('');
const message = ref('');
const status = ref<'idle' | 'sending' | 'sent' | 'failed'>('idle');
const error = ref('');

async function post(name: string, email: string, message: string) {
${indent(SEND, '  ')}
}

async function send() {
  status.value = 'sending';
  try {
    await post(name.value, email.value, message.value);
    name.value = '';
    email.value = '';
    message.value = '';
    status.value = 'sent';
  } catch (failure) {
    error.value = failure instanceof Error ? failure.message : '${CONTACT_FAILED_TEXT}';
    status.value = 'failed';
  }
}
</script>

<template>
  <section class="mx-auto max-w-xl px-4 py-12">
    <h1 class="text-3xl font-bold text-slate-900">Contact us</h1>
    <p class="mt-2 text-slate-600">Write to us and we will answer by e-mail.</p>
    <form @submit.prevent="send" class="mt-8 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <label class="${LABEL}" for="contact-name">Name</label>
      <input id="contact-name" v-model="name" maxlength="100" required class="${INPUT}" />
      <label class="${LABEL}" for="contact-email">E-mail</label>
      <input id="contact-email" v-model="email" type="email" maxlength="200" required class="${INPUT}" />
      <label class="${LABEL}" for="contact-message">Message</label>
      <textarea id="contact-message" v-model="message" maxlength="5000" required rows="5" class="${INPUT}"></textarea>
      <p v-if="status === 'sent'" role="status" class="text-sm text-green-700">${CONTACT_SENT_TEXT}</p>
      <p v-if="status === 'failed'" role="alert" class="text-sm text-red-700">{{ error }}</p>
      <button type="submit" :disabled="status === 'sending'" class="${BUTTON}">
        {{ status === 'sending' ? 'Sending…' : 'Send message' }}
      </button>
    </form>
  </section>
</template>
`;

const VUE_APP = `<script setup lang="ts">
import ContactForm from './components/ContactForm.vue';
</script>

<template>
  <main class="min-h-screen bg-slate-50">
    <ContactForm />
  </main>
</template>
`;

const SVELTE = `<script lang="ts">
  let name = $state('');
  let email = $state('');
  let message = $state('');
  let status = $state<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  let error = $state('');

  async function post(name: string, email: string, message: string) {
${indent(SEND, '    ')}
  }

  async function send(event: SubmitEvent) {
    event.preventDefault();
    status = 'sending';
    try {
      await post(name, email, message);
      name = '';
      email = '';
      message = '';
      status = 'sent';
    } catch (failure) {
      error = failure instanceof Error ? failure.message : '${CONTACT_FAILED_TEXT}';
      status = 'failed';
    }
  }
</script>

<section class="mx-auto max-w-xl px-4 py-12">
  <h1 class="text-3xl font-bold text-slate-900">Contact us</h1>
  <p class="mt-2 text-slate-600">Write to us and we will answer by e-mail.</p>
  <form onsubmit={send} class="mt-8 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
    <label class="${LABEL}" for="contact-name">Name</label>
    <input id="contact-name" bind:value={name} maxlength="100" required class="${INPUT}" />
    <label class="${LABEL}" for="contact-email">E-mail</label>
    <input id="contact-email" type="email" bind:value={email} maxlength="200" required class="${INPUT}" />
    <label class="${LABEL}" for="contact-message">Message</label>
    <textarea id="contact-message" bind:value={message} maxlength="5000" required rows="5" class="${INPUT}"></textarea>
    {#if status === 'sent'}
      <p role="status" class="text-sm text-green-700">${CONTACT_SENT_TEXT}</p>
    {:else if status === 'failed'}
      <p role="alert" class="text-sm text-red-700">{error}</p>
    {/if}
    <button type="submit" disabled={status === 'sending'} class="${BUTTON}">
      {status === 'sending' ? 'Sending…' : 'Send message'}
    </button>
  </form>
</section>
`;

const SVELTE_APP = `<script lang="ts">
  import ContactForm from './lib/ContactForm.svelte';
</script>

<main class="min-h-screen bg-slate-50">
  <ContactForm />
</main>
`;

const UI = {
  react: [
    { name: 'src/components/ContactForm.tsx', content: REACT },
    { name: 'src/App.tsx', content: REACT_APP },
  ],
  vue: [
    { name: 'src/components/ContactForm.vue', content: VUE },
    { name: 'src/App.vue', content: VUE_APP },
  ],
  svelte: [
    { name: 'src/lib/ContactForm.svelte', content: SVELTE },
    { name: 'src/App.svelte', content: SVELTE_APP },
  ],
} satisfies Record<string, DemoFile[]>;
export type ContactFormFramework = keyof typeof UI;

/** A contact form asked, in a Vite framework, with SMTP e-mail enabled, and none sent yet. */
export function wantsContactForm(
  request: DemoRequest,
): request is DemoRequest & { framework: ContactFormFramework } {
  return (
    request.framework in UI &&
    request.emailProvider === 'smtp' &&
    /\bcontact[\s-]?form\b/i.test(request.prompt) &&
    !request.snapshot?.files.some((file) => file.name === 'api/index.ts')
  );
}

/** package.json (the template's, plus hono and nodemailer), the UI and `api/index.ts`. */
export function contactFormFiles(framework: ContactFormFramework): DemoFile[] {
  return [
    {
      name: 'package.json',
      content: templatePackageJson(framework, CONTACT_FORM_DEPENDENCIES, CONTACT_FORM_DEV_DEPENDENCIES),
    },
    ...UI[framework],
    { name: 'api/index.ts', content: CONTACT_FORM_API },
  ];
}
