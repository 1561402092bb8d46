import { renderMarkup } from '../markup/render.ts';
import type { CatalogueEntry, EntrySources } from './entry.ts';

const CARD = 'w-full max-w-sm rounded-2xl border border-gray-200 bg-white p-8 shadow-lg';
const LABEL = 'block text-sm font-medium text-gray-700';
const INPUT =
  'mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200';
const ERROR = 'mt-1 text-xs text-rose-600';
const SUBMIT =
  'w-full rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500';
const SUCCESS = 'rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-700';
const EMAIL_PATTERN = String.raw`/^[^\s@]+@[^\s@]+\.[^\s@]+$/`;

/** The rules every framework applies: the same messages everywhere. */
const VALIDATE = `  const errors: { email?: string; password?: string } = {};
  if (!${EMAIL_PATTERN}.test(email)) errors.email = 'Enter a valid email address.';
  if (password.length < 8) errors.password = 'Password must be at least 8 characters.';
  return errors;`;

const HEADER = `<h1 class="text-2xl font-semibold text-gray-900">Welcome back</h1>
<p class="mt-1 text-sm text-gray-500">Sign in to continue to your workspace.</p>`;

const HTML_MARKUP = `
<section class="flex justify-center px-6 py-20">
  <form id="login-form" class="${CARD}" novalidate="novalidate">
    ${HEADER}
    <p id="login-success" class="${SUCCESS} mt-6 hidden">Signed in! Redirecting…</p>
    <div class="mt-6 space-y-4">
      <div>
        <label for="login-email" class="${LABEL}">Email</label>
        <input id="login-email" type="email" autocomplete="email" placeholder="you@example.com" class="${INPUT}" />
        <p id="login-email-error" class="${ERROR} hidden"></p>
      </div>
      <div>
        <label for="login-password" class="${LABEL}">Password</label>
        <input id="login-password" type="password" autocomplete="current-password" placeholder="At least 8 characters" class="${INPUT}" />
        <p id="login-password-error" class="${ERROR} hidden"></p>
      </div>
      <label class="flex items-center gap-2 text-sm text-gray-600"><input type="checkbox" class="h-4 w-4 accent-indigo-600" /> Remember me</label>
      <button type="submit" class="${SUBMIT}">Sign in</button>
    </div>
    <p class="mt-6 text-center text-sm text-gray-500">No account yet? <a href="#signup" class="font-medium text-indigo-600 hover:text-indigo-500">Create one</a></p>
  </form>
</section>
`;

const HTML_SCRIPT = `
const form = document.getElementById('login-form');
function showError(field, message) {
  const element = document.getElementById('login-' + field + '-error');
  element.textContent = message || '';
  element.classList.toggle('hidden', !message);
}
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const email = document.getElementById('login-email').value.trim();
  const password = document.getElementById('login-password').value;
  const emailError = ${EMAIL_PATTERN}.test(email) ? '' : 'Enter a valid email address.';
  const passwordError = password.length >= 8 ? '' : 'Password must be at least 8 characters.';
  showError('email', emailError);
  showError('password', passwordError);
  document.getElementById('login-success').classList.toggle('hidden', Boolean(emailError || passwordError));
});
`;

const REACT = `import { useState, type FormEvent } from 'react';

function validate(email: string, password: string) {
${VALIDATE}
}

export default function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof validate>>({});
  const [isSignedIn, setIsSignedIn] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(email.trim(), password);
    setErrors(found);
    setIsSignedIn(Object.keys(found).length === 0);
  }

  return (
    <section className="flex justify-center px-6 py-20">
      <form onSubmit={handleSubmit} noValidate className="${CARD}">
        <h1 className="text-2xl font-semibold text-gray-900">Welcome back</h1>
        <p className="mt-1 text-sm text-gray-500">Sign in to continue to your workspace.</p>
        {isSignedIn && <p className="${SUCCESS} mt-6">Signed in! Redirecting…</p>}
        <div className="mt-6 space-y-4">
          <div>
            <label htmlFor="login-email" className="${LABEL}">
              Email
            </label>
            <input
              id="login-email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className="${INPUT}"
            />
            {errors.email && <p className="${ERROR}">{errors.email}</p>}
          </div>
          <div>
            <label htmlFor="login-password" className="${LABEL}">
              Password
            </label>
            <input
              id="login-password"
              type="password"
              autoComplete="current-password"
              placeholder="At least 8 characters"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className="${INPUT}"
            />
            {errors.password && <p className="${ERROR}">{errors.password}</p>}
          </div>
          <label className="flex items-center gap-2 text-sm text-gray-600">
            <input type="checkbox" className="h-4 w-4 accent-indigo-600" /> Remember me
          </label>
          <button type="submit" className="${SUBMIT}">
            Sign in
          </button>
        </div>
        <p className="mt-6 text-center text-sm text-gray-500">
          No account yet?{' '}
          <a href="#signup" className="font-medium text-indigo-600 hover:text-indigo-500">
            Create one
          </a>
        </p>
      </form>
    </section>
  );
}
`;

const VUE = `<script setup lang="ts">
import { ref } from 'vue';

function validate(email: string, password: string) {
${VALIDATE}
}

const email = ref('');
const password = ref('');
const errors = ref<ReturnType<typeof validate>>({});
const isSignedIn = ref(false);

function handleSubmit() {
  errors.value = validate(email.value.trim(), password.value);
  isSignedIn.value = Object.keys(errors.value).length === 0;
}
</script>

<template>
  <section class="flex justify-center px-6 py-20">
    <form novalidate class="${CARD}" @submit.prevent="handleSubmit">
      <h1 class="text-2xl font-semibold text-gray-900">Welcome back</h1>
      <p class="mt-1 text-sm text-gray-500">Sign in to continue to your workspace.</p>
      <p v-if="isSignedIn" class="${SUCCESS} mt-6">Signed in! Redirecting…</p>
      <div class="mt-6 space-y-4">
        <div>
          <label for="login-email" class="${LABEL}">Email</label>
          <input id="login-email" v-model="email" type="email" autocomplete="email" placeholder="you@example.com" class="${INPUT}" />
          <p v-if="errors.email" class="${ERROR}">{{ errors.email }}</p>
        </div>
        <div>
          <label for="login-password" class="${LABEL}">Password</label>
          <input
            id="login-password"
            v-model="password"
            type="password"
            autocomplete="current-password"
            placeholder="At least 8 characters"
            class="${INPUT}"
          />
          <p v-if="errors.password" class="${ERROR}">{{ errors.password }}</p>
        </div>
        <label class="flex items-center gap-2 text-sm text-gray-600"><input type="checkbox" class="h-4 w-4 accent-indigo-600" /> Remember me</label>
        <button type="submit" class="${SUBMIT}">Sign in</button>
      </div>
      <p class="mt-6 text-center text-sm text-gray-500">
        No account yet? <a href="#signup" class="font-medium text-indigo-600 hover:text-indigo-500">Create one</a>
      </p>
    </form>
  </section>
</template>
`;

const SVELTE = `<script lang="ts">
  function validate(email: string, password: string) {
${VALIDATE.replace(/^/gm, '  ')}
  }

  let email = $state('');
  let password = $state('');
  let errors = $state<ReturnType<typeof validate>>({});
  let isSignedIn = $state(false);

  function handleSubmit(event: SubmitEvent) {
    event.preventDefault();
    errors = validate(email.trim(), password);
    isSignedIn = Object.keys(errors).length === 0;
  }
</script>

<section class="flex justify-center px-6 py-20">
  <form novalidate class="${CARD}" onsubmit={handleSubmit}>
    <h1 class="text-2xl font-semibold text-gray-900">Welcome back</h1>
    <p class="mt-1 text-sm text-gray-500">Sign in to continue to your workspace.</p>
    {#if isSignedIn}
      <p class="${SUCCESS} mt-6">Signed in! Redirecting…</p>
    {/if}
    <div class="mt-6 space-y-4">
      <div>
        <label for="login-email" class="${LABEL}">Email</label>
        <input id="login-email" bind:value={email} type="email" autocomplete="email" placeholder="you@example.com" class="${INPUT}" />
        {#if errors.email}<p class="${ERROR}">{errors.email}</p>{/if}
      </div>
      <div>
        <label for="login-password" class="${LABEL}">Password</label>
        <input
          id="login-password"
          bind:value={password}
          type="password"
          autocomplete="current-password"
          placeholder="At least 8 characters"
          class="${INPUT}"
        />
        {#if errors.password}<p class="${ERROR}">{errors.password}</p>{/if}
      </div>
      <label class="flex items-center gap-2 text-sm text-gray-600"><input type="checkbox" class="h-4 w-4 accent-indigo-600" /> Remember me</label>
      <button type="submit" class="${SUBMIT}">Sign in</button>
    </div>
    <p class="mt-6 text-center text-sm text-gray-500">
      No account yet? <a href="#signup" class="font-medium text-indigo-600 hover:text-indigo-500">Create one</a>
    </p>
  </form>
</section>
`;

const ANGULAR_TS = `import { Component, signal } from '@angular/core';

function validate(email: string, password: string) {
${VALIDATE}
}

@Component({
  selector: 'app-login-form',
  templateUrl: './login-form.html',
})
export class LoginForm {
  protected readonly errors = signal<ReturnType<typeof validate>>({});
  protected readonly isSignedIn = signal(false);

  protected handleSubmit(event: Event, email: string, password: string): void {
    event.preventDefault();
    const found = validate(email.trim(), password);
    this.errors.set(found);
    this.isSignedIn.set(Object.keys(found).length === 0);
  }
}
`;

const ANGULAR_TEMPLATE = `<section class="flex justify-center px-6 py-20">
  <form novalidate class="${CARD}" (submit)="handleSubmit($event, emailInput.value, passwordInput.value)">
    <h1 class="text-2xl font-semibold text-gray-900">Welcome back</h1>
    <p class="mt-1 text-sm text-gray-500">Sign in to continue to your workspace.</p>
    @if (isSignedIn()) {
      <p class="${SUCCESS} mt-6">Signed in! Redirecting…</p>
    }
    <div class="mt-6 space-y-4">
      <div>
        <label for="login-email" class="${LABEL}">Email</label>
        <input #emailInput id="login-email" type="email" autocomplete="email" placeholder="you@example.com" class="${INPUT}" />
        @if (errors().email; as message) {
          <p class="${ERROR}">{{ message }}</p>
        }
      </div>
      <div>
        <label for="login-password" class="${LABEL}">Password</label>
        <input
          #passwordInput
          id="login-password"
          type="password"
          autocomplete="current-password"
          placeholder="At least 8 characters"
          class="${INPUT}"
        />
        @if (errors().password; as message) {
          <p class="${ERROR}">{{ message }}</p>
        }
      </div>
      <label class="flex items-center gap-2 text-sm text-gray-600"><input type="checkbox" class="h-4 w-4 accent-indigo-600" /> Remember me</label>
      <button type="submit" class="${SUBMIT}">Sign in</button>
    </div>
    <p class="mt-6 text-center text-sm text-gray-500">
      No account yet? <a href="#signup" class="font-medium text-indigo-600 hover:text-indigo-500">Create one</a>
    </p>
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

export const loginForm: CatalogueEntry = {
  id: 'login-form',
  title: 'Login Form',
  componentName: 'LoginForm',
  keywords: [
    ['login', 4],
    ['log in', 4],
    ['sign in', 4],
    ['signin', 4],
    ['sign up', 2],
    ['signup', 2],
    ['register', 2],
    ['auth', 3],
    ['authentication', 3],
    ['password', 2],
    ['credentials', 2],
  ],
  summary: 'a sign-in form that checks the email format and an 8-character password before submitting',
  placement: 'bottom',
  sources,
};
