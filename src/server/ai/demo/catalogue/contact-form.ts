import { renderMarkup } from '../markup/render.ts';
import type { CatalogueEntry, EntrySources } from './entry.ts';

const CARD = 'w-full max-w-lg rounded-2xl border border-gray-200 bg-white p-8 shadow-lg';
const LABEL = 'block text-sm font-medium text-gray-700';
const FIELD =
  'mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200';
const ERROR = 'mt-1 text-xs text-rose-600';
const SUBMIT =
  'w-full rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500';
const SUCCESS = 'mt-6 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-700';
const EMAIL_PATTERN = String.raw`/^[^\s@]+@[^\s@]+\.[^\s@]+$/`;
const TOPICS = ['General question', 'Sales', 'Support', 'Partnership'];

const VALIDATE = `  const errors: { name?: string; email?: string; message?: string } = {};
  if (form.name.trim().length < 2) errors.name = 'Please tell us your name.';
  if (!${EMAIL_PATTERN}.test(form.email.trim())) errors.email = 'Enter a valid email address.';
  if (form.message.trim().length < 10) errors.message = 'Your message needs at least 10 characters.';
  return errors;`;

const FORM_TYPE = `interface ContactDetails {
  name: string;
  email: string;
  topic: string;
  message: string;
}`;

const TOPIC_LIST = `[${TOPICS.map((topic) => `'${topic}'`).join(', ')}]`;
const HEADER_TITLE = 'Get in touch';
const HEADER_TEXT = 'We usually answer within one working day.';

const HTML_MARKUP = `
<section class="flex justify-center px-6 py-16">
  <form id="contact-form" class="${CARD}" novalidate="novalidate">
    <h1 class="text-2xl font-semibold text-gray-900">${HEADER_TITLE}</h1>
    <p class="mt-1 text-sm text-gray-500">${HEADER_TEXT}</p>
    <p id="contact-success" class="${SUCCESS} hidden"></p>
    <div class="mt-6 grid gap-4 sm:grid-cols-2">
      <div>
        <label for="contact-name" class="${LABEL}">Name</label>
        <input id="contact-name" type="text" autocomplete="name" class="${FIELD}" />
        <p id="contact-name-error" class="${ERROR} hidden"></p>
      </div>
      <div>
        <label for="contact-email" class="${LABEL}">Email</label>
        <input id="contact-email" type="email" autocomplete="email" class="${FIELD}" />
        <p id="contact-email-error" class="${ERROR} hidden"></p>
      </div>
    </div>
    <div class="mt-4">
      <label for="contact-topic" class="${LABEL}">Topic</label>
      <select id="contact-topic" class="${FIELD}">${TOPICS.map((topic) => `<option>${topic}</option>`).join('')}</select>
    </div>
    <div class="mt-4">
      <label for="contact-message" class="${LABEL}">Message</label>
      <textarea id="contact-message" rows="5" class="${FIELD}"></textarea>
      <p id="contact-message-error" class="${ERROR} hidden"></p>
    </div>
    <button type="submit" class="${SUBMIT} mt-6">Send message</button>
  </form>
</section>
`;

const HTML_SCRIPT = `
const fields = ['name', 'email', 'message'];
document.getElementById('contact-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const value = (field) => document.getElementById('contact-' + field).value.trim();
  const errors = {
    name: value('name').length >= 2 ? '' : 'Please tell us your name.',
    email: ${EMAIL_PATTERN}.test(value('email')) ? '' : 'Enter a valid email address.',
    message: value('message').length >= 10 ? '' : 'Your message needs at least 10 characters.',
  };
  for (const field of fields) {
    const element = document.getElementById('contact-' + field + '-error');
    element.textContent = errors[field];
    element.classList.toggle('hidden', !errors[field]);
  }
  const success = document.getElementById('contact-success');
  const isValid = fields.every((field) => !errors[field]);
  success.textContent = isValid ? 'Thanks, ' + value('name') + '! We will reply to ' + value('email') + ' soon.' : '';
  success.classList.toggle('hidden', !isValid);
  if (isValid) event.target.reset();
});
`;

const REACT = `import { useState, type FormEvent } from 'react';

${FORM_TYPE}

const TOPICS = ${TOPIC_LIST};
const EMPTY: ContactDetails = { name: '', email: '', topic: TOPICS[0], message: '' };

function validate(form: ContactDetails) {
${VALIDATE}
}

export default function ContactForm() {
  const [form, setForm] = useState<ContactDetails>(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof validate>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  function update(field: keyof ContactDetails, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSentTo(\`Thanks, \${form.name.trim()}! We will reply to \${form.email.trim()} soon.\`);
    setForm(EMPTY);
  }

  return (
    <section className="flex justify-center px-6 py-16">
      <form onSubmit={handleSubmit} noValidate className="${CARD}">
        <h1 className="text-2xl font-semibold text-gray-900">${HEADER_TITLE}</h1>
        <p className="mt-1 text-sm text-gray-500">${HEADER_TEXT}</p>
        {sentTo && <p className="${SUCCESS}">{sentTo}</p>}
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="contact-name" className="${LABEL}">
              Name
            </label>
            <input
              id="contact-name"
              type="text"
              autoComplete="name"
              value={form.name}
              onChange={(event) => update('name', event.target.value)}
              className="${FIELD}"
            />
            {errors.name && <p className="${ERROR}">{errors.name}</p>}
          </div>
          <div>
            <label htmlFor="contact-email" className="${LABEL}">
              Email
            </label>
            <input
              id="contact-email"
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={(event) => update('email', event.target.value)}
              className="${FIELD}"
            />
            {errors.email && <p className="${ERROR}">{errors.email}</p>}
          </div>
        </div>
        <div className="mt-4">
          <label htmlFor="contact-topic" className="${LABEL}">
            Topic
          </label>
          <select
            id="contact-topic"
            value={form.topic}
            onChange={(event) => update('topic', event.target.value)}
            className="${FIELD}"
          >
            {TOPICS.map((topic) => (
              <option key={topic}>{topic}</option>
            ))}
          </select>
        </div>
        <div className="mt-4">
          <label htmlFor="contact-message" className="${LABEL}">
            Message
          </label>
          <textarea
            id="contact-message"
            rows={5}
            value={form.message}
            onChange={(event) => update('message', event.target.value)}
            className="${FIELD}"
          />
          {errors.message && <p className="${ERROR}">{errors.message}</p>}
        </div>
        <button type="submit" className="${SUBMIT} mt-6">
          Send message
        </button>
      </form>
    </section>
  );
}
`;

const VUE = `<script setup lang="ts">
import { reactive, ref } from 'vue';

${FORM_TYPE}

const topics = ${TOPIC_LIST};
const form = reactive<ContactDetails>({ name: '', email: '', topic: topics[0] ?? '', message: '' });
const errors = ref<ReturnType<typeof validate>>({});
const sentTo = ref<string | null>(null);

function validate(form: ContactDetails) {
${VALIDATE}
}

function handleSubmit() {
  errors.value = validate(form);
  if (Object.keys(errors.value).length > 0) return;
  sentTo.value = \`Thanks, \${form.name.trim()}! We will reply to \${form.email.trim()} soon.\`;
  Object.assign(form, { name: '', email: '', topic: topics[0] ?? '', message: '' });
}
</script>

<template>
  <section class="flex justify-center px-6 py-16">
    <form novalidate class="${CARD}" @submit.prevent="handleSubmit">
      <h1 class="text-2xl font-semibold text-gray-900">${HEADER_TITLE}</h1>
      <p class="mt-1 text-sm text-gray-500">${HEADER_TEXT}</p>
      <p v-if="sentTo" class="${SUCCESS}">{{ sentTo }}</p>
      <div class="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <label for="contact-name" class="${LABEL}">Name</label>
          <input id="contact-name" v-model="form.name" type="text" autocomplete="name" class="${FIELD}" />
          <p v-if="errors.name" class="${ERROR}">{{ errors.name }}</p>
        </div>
        <div>
          <label for="contact-email" class="${LABEL}">Email</label>
          <input id="contact-email" v-model="form.email" type="email" autocomplete="email" class="${FIELD}" />
          <p v-if="errors.email" class="${ERROR}">{{ errors.email }}</p>
        </div>
      </div>
      <div class="mt-4">
        <label for="contact-topic" class="${LABEL}">Topic</label>
        <select id="contact-topic" v-model="form.topic" class="${FIELD}">
          <option v-for="topic in topics" :key="topic">{{ topic }}</option>
        </select>
      </div>
      <div class="mt-4">
        <label for="contact-message" class="${LABEL}">Message</label>
        <textarea id="contact-message" v-model="form.message" rows="5" class="${FIELD}"></textarea>
        <p v-if="errors.message" class="${ERROR}">{{ errors.message }}</p>
      </div>
      <button type="submit" class="${SUBMIT} mt-6">Send message</button>
    </form>
  </section>
</template>
`;

const SVELTE = `<script lang="ts">
${FORM_TYPE.replace(/^/gm, '  ')}

  const topics = ${TOPIC_LIST};
  const empty = (): ContactDetails => ({ name: '', email: '', topic: topics[0] ?? '', message: '' });

  function validate(form: ContactDetails) {
${VALIDATE.replace(/^/gm, '  ')}
  }

  let form = $state<ContactDetails>(empty());
  let errors = $state<ReturnType<typeof validate>>({});
  let sentTo = $state<string | null>(null);

  function handleSubmit(event: SubmitEvent) {
    event.preventDefault();
    errors = validate(form);
    if (Object.keys(errors).length > 0) return;
    sentTo = \`Thanks, \${form.name.trim()}! We will reply to \${form.email.trim()} soon.\`;
    form = empty();
  }
</script>

<section class="flex justify-center px-6 py-16">
  <form novalidate class="${CARD}" onsubmit={handleSubmit}>
    <h1 class="text-2xl font-semibold text-gray-900">${HEADER_TITLE}</h1>
    <p class="mt-1 text-sm text-gray-500">${HEADER_TEXT}</p>
    {#if sentTo}<p class="${SUCCESS}">{sentTo}</p>{/if}
    <div class="mt-6 grid gap-4 sm:grid-cols-2">
      <div>
        <label for="contact-name" class="${LABEL}">Name</label>
        <input id="contact-name" bind:value={form.name} type="text" autocomplete="name" class="${FIELD}" />
        {#if errors.name}<p class="${ERROR}">{errors.name}</p>{/if}
      </div>
      <div>
        <label for="contact-email" class="${LABEL}">Email</label>
        <input id="contact-email" bind:value={form.email} type="email" autocomplete="email" class="${FIELD}" />
        {#if errors.email}<p class="${ERROR}">{errors.email}</p>{/if}
      </div>
    </div>
    <div class="mt-4">
      <label for="contact-topic" class="${LABEL}">Topic</label>
      <select id="contact-topic" bind:value={form.topic} class="${FIELD}">
        {#each topics as topic (topic)}<option>{topic}</option>{/each}
      </select>
    </div>
    <div class="mt-4">
      <label for="contact-message" class="${LABEL}">Message</label>
      <textarea id="contact-message" bind:value={form.message} rows="5" class="${FIELD}"></textarea>
      {#if errors.message}<p class="${ERROR}">{errors.message}</p>{/if}
    </div>
    <button type="submit" class="${SUBMIT} mt-6">Send message</button>
  </form>
</section>
`;

const ANGULAR_TS = `import { Component, signal } from '@angular/core';

${FORM_TYPE}

function validate(form: ContactDetails) {
${VALIDATE}
}

@Component({
  selector: 'app-contact-form',
  templateUrl: './contact-form.html',
})
export class ContactForm {
  protected readonly topics = ${TOPIC_LIST};
  protected readonly errors = signal<ReturnType<typeof validate>>({});
  protected readonly sentTo = signal<string | null>(null);

  protected handleSubmit(event: Event, form: HTMLFormElement, details: ContactDetails): void {
    event.preventDefault();
    const found = validate(details);
    this.errors.set(found);
    if (Object.keys(found).length > 0) return;
    this.sentTo.set(\`Thanks, \${details.name.trim()}! We will reply to \${details.email.trim()} soon.\`);
    form.reset();
  }
}
`;

const ANGULAR_TEMPLATE = `<section class="flex justify-center px-6 py-16">
  <form
    #contactForm
    novalidate
    class="${CARD}"
    (submit)="
      handleSubmit($event, contactForm, {
        name: nameInput.value,
        email: emailInput.value,
        topic: topicInput.value,
        message: messageInput.value,
      })
    "
  >
    <h1 class="text-2xl font-semibold text-gray-900">${HEADER_TITLE}</h1>
    <p class="mt-1 text-sm text-gray-500">${HEADER_TEXT}</p>
    @if (sentTo(); as message) {
      <p class="${SUCCESS}">{{ message }}</p>
    }
    <div class="mt-6 grid gap-4 sm:grid-cols-2">
      <div>
        <label for="contact-name" class="${LABEL}">Name</label>
        <input #nameInput id="contact-name" type="text" autocomplete="name" class="${FIELD}" />
        @if (errors().name; as error) {
          <p class="${ERROR}">{{ error }}</p>
        }
      </div>
      <div>
        <label for="contact-email" class="${LABEL}">Email</label>
        <input #emailInput id="contact-email" type="email" autocomplete="email" class="${FIELD}" />
        @if (errors().email; as error) {
          <p class="${ERROR}">{{ error }}</p>
        }
      </div>
    </div>
    <div class="mt-4">
      <label for="contact-topic" class="${LABEL}">Topic</label>
      <select #topicInput id="contact-topic" class="${FIELD}">
        @for (topic of topics; track topic) {
          <option>{{ topic }}</option>
        }
      </select>
    </div>
    <div class="mt-4">
      <label for="contact-message" class="${LABEL}">Message</label>
      <textarea #messageInput id="contact-message" rows="5" class="${FIELD}"></textarea>
      @if (errors().message; as error) {
        <p class="${ERROR}">{{ error }}</p>
      }
    </div>
    <button type="submit" class="${SUBMIT} mt-6">Send message</button>
  </form>
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

export const contactForm: CatalogueEntry = {
  id: 'contact-form',
  title: 'Contact Form',
  componentName: 'ContactForm',
  keywords: [
    ['contact', 4],
    ['contact us', 4],
    ['get in touch', 4],
    ['message us', 3],
    ['feedback', 2],
    ['enquiry', 3],
    ['inquiry', 3],
    ['support form', 3],
    ['form', 1],
  ],
  summary: 'a contact form with name, email, topic and message fields, validated before sending',
  placement: 'bottom',
  sources,
};
