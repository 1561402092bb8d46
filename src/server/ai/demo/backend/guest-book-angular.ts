/**
 * The guest book in Angular (issue 16 item 3). Angular's own builder reads no `.env.local`, so
 * the project builds with `@ngx-env/builder` (the same builder plus dotenv): it inlines the
 * `NG_APP_` variables Kiln writes there, read as `import.meta.env.NG_APP_…` like Vite's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../paths.ts';
import type { DemoFile } from '../types.ts';
import { withApiCalls } from './api-calls.ts';
import { GUEST_BOOK_API_DEPENDENCIES, GUEST_BOOK_API_DEV_DEPENDENCIES } from './guest-book-api.ts';
import { NOT_SIGNED_TEXT, UNREACHABLE_TEXT } from './migration.ts';

const TEMPLATE = path.join(REPO_ROOT, 'templates', 'angular');

/** The ngx-env major that matches the template's Angular (21.x builds with @ngx-env/builder 21). */
const NGX_ENV_VERSION = '^21.0.0';

function packageJson(style: GuestBookStyle): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(TEMPLATE, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  // Forms for the guest book's ngModel, at the template's Angular version.
  const angular = pkg.dependencies?.['@angular/core'] ?? '^21.0.0';
  if (style === 'api') {
    // The api/ style reads no public variable: Angular's own builder, plus the handler's packages.
    pkg.dependencies = { ...pkg.dependencies, '@angular/forms': angular, ...GUEST_BOOK_API_DEPENDENCIES };
    pkg.devDependencies = { ...pkg.devDependencies, ...GUEST_BOOK_API_DEV_DEPENDENCIES };
  } else {
    pkg.dependencies = { ...pkg.dependencies, '@angular/forms': angular, '@supabase/supabase-js': '^2.49.0' };
    pkg.devDependencies = { ...pkg.devDependencies, '@ngx-env/builder': NGX_ENV_VERSION };
  }
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** The template's angular.json with ngx-env's builders in place of Angular's (same options). */
function angularJson(): string {
  const text = fs.readFileSync(path.join(TEMPLATE, 'angular.json'), 'utf8');
  return text
    .replace('"@angular/build:application"', '"@ngx-env/builder:application"')
    .replace('"@angular/build:dev-server"', '"@ngx-env/builder:dev-server"');
}

/** `import.meta.env` for TypeScript: the names Kiln may write, all optional strings. */
const ENV_TYPES = `declare interface Env {
  readonly NODE_ENV: string;
  readonly NG_APP_SUPABASE_URL?: string;
  readonly NG_APP_SUPABASE_ANON_KEY?: string;
  [key: string]: string | undefined;
}

declare interface ImportMeta {
  readonly env: Env;
}
`;

const CLIENT = `import { createClient } from '@supabase/supabase-js';

// The project URL and anon key are public; Row Level Security decides what they may do.
export const supabase = createClient(
  import.meta.env.NG_APP_SUPABASE_URL as string,
  import.meta.env.NG_APP_SUPABASE_ANON_KEY as string,
);
`;

const COMPONENT = `import { Component, OnInit, signal } from '@angular/core';
import { FormsModule } from '@angular/forms';
import { supabase } from '../supabase';

interface Entry {
  id: number;
  name: string;
  message: string;
  created_at: string;
}

@Component({
  selector: 'app-guest-book',
  imports: [FormsModule],
  templateUrl: './guest-book.html',
})
export class GuestBook implements OnInit {
  protected readonly entries = signal<Entry[]>([]);
  protected readonly status = signal<'loading' | 'ready' | 'unreachable'>('loading');
  protected readonly saveError = signal(false);
  protected readonly saving = signal(false);
  protected name = '';
  protected message = '';

  ngOnInit(): void {
    void this.load();
  }

  protected async load(): Promise<void> {
    this.status.set('loading');
    try {
      const { data, error } = await supabase
        .from('guest_book')
        .select('id, name, message, created_at')
        .order('created_at', { ascending: false });
      if (error) throw error;
      this.entries.set(data ?? []);
      this.status.set('ready');
    } catch {
      // No project at that address, no network or no table yet: say so kindly.
      this.status.set('unreachable');
    }
  }

  protected async sign(): Promise<void> {
    const name = this.name.trim();
    const message = this.message.trim();
    if (!name || !message) return;
    this.saving.set(true);
    try {
      const { error } = await supabase.from('guest_book').insert({ name, message });
      if (error) throw error;
      this.name = '';
      this.message = '';
      this.saveError.set(false);
      await this.load();
    } catch {
      this.saveError.set(true);
    } finally {
      this.saving.set(false);
    }
  }

  protected when(date: string): string {
    return new Date(date).toLocaleString();
  }
}
`;

const TEMPLATE_HTML = `<section class="mx-auto max-w-2xl px-4 py-12">
  <h1 class="text-3xl font-bold text-slate-900">Guest book</h1>
  <p class="mt-2 text-slate-600">Leave a few words for the next visitor.</p>
  <form (ngSubmit)="sign()" class="mt-8 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
    <label class="block text-sm font-medium text-slate-700" for="guest-name">Name</label>
    <input
      id="guest-name"
      name="name"
      [(ngModel)]="name"
      maxlength="80"
      required
      class="w-full rounded-lg border border-slate-300 px-3 py-2"
    />
    <label class="block text-sm font-medium text-slate-700" for="guest-message">Message</label>
    <textarea
      id="guest-message"
      name="message"
      [(ngModel)]="message"
      maxlength="500"
      required
      rows="3"
      class="w-full rounded-lg border border-slate-300 px-3 py-2"
    ></textarea>
    @if (saveError()) {
      <p role="alert" class="text-sm text-red-700">${NOT_SIGNED_TEXT}</p>
    }
    <button
      type="submit"
      [disabled]="saving()"
      class="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
    >
      {{ saving() ? 'Signing…' : 'Sign the guest book' }}
    </button>
  </form>
  @switch (status()) {
    @case ('loading') {
      <p class="mt-8 text-slate-500">Loading entries…</p>
    }
    @case ('unreachable') {
      <div role="status" class="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
        <p>${UNREACHABLE_TEXT}</p>
        <button type="button" class="mt-2 font-semibold underline" (click)="load()">Try again</button>
      </div>
    }
    @default {
      <ul class="mt-8 space-y-4">
        @for (entry of entries(); track entry.id) {
          <li class="rounded-xl border border-slate-200 bg-white p-4">
            <p class="font-semibold text-slate-900">{{ entry.name }}</p>
            <p class="mt-1 text-slate-700">{{ entry.message }}</p>
            <time class="mt-2 block text-xs text-slate-500" [attr.datetime]="entry.created_at">
              {{ when(entry.created_at) }}
            </time>
          </li>
        } @empty {
          <li class="text-slate-500">No entries yet. Be the first to sign.</li>
        }
      </ul>
    }
  }
</section>
`;

const APP = `import { Component } from '@angular/core';
import { GuestBook } from './guest-book/guest-book';

@Component({
  selector: 'app-root',
  imports: [GuestBook],
  templateUrl: './app.html',
})
export class App {}
`;

const APP_HTML = `<main class="min-h-screen bg-slate-50">
  <app-guest-book />
</main>
`;

/**
 * The template's other files as they are. With its own angular.json the project counts as
 * complete (spec §5 "Artifact completeness"), so no blank template is merged in at build time.
 */
function templateFiles(except: ReadonlySet<string>): DemoFile[] {
  const files: DemoFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      if (entry.isDirectory()) walk(full);
      const name = path.relative(TEMPLATE, full).split(path.sep).join('/');
      if (entry.isFile() && !except.has(name)) files.push({ name, content: fs.readFileSync(full, 'utf8') });
    }
  };
  walk(TEMPLATE);
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

/** Where the guest book's data goes: Supabase from the browser, or the project's `api/` handler. */
export type GuestBookStyle = 'supabase' | 'api';

/**
 * Angular's files: the whole project, with package.json (and, for Supabase, angular.json for
 * ngx-env's builder). The `api/` style's component fetches `/api/entries` instead.
 */
export function angularGuestBook(style: GuestBookStyle = 'supabase'): DemoFile[] {
  const supabaseFiles: DemoFile[] = [
    { name: 'angular.json', content: angularJson() },
    { name: 'src/env.d.ts', content: ENV_TYPES },
    { name: 'src/app/supabase.ts', content: CLIENT },
  ];
  const own: DemoFile[] = [
    { name: 'package.json', content: packageJson(style) },
    ...(style === 'supabase' ? supabaseFiles : []),
    {
      name: 'src/app/guest-book/guest-book.ts',
      content: style === 'api' ? withApiCalls(COMPONENT) : COMPONENT,
    },
    { name: 'src/app/guest-book/guest-book.html', content: TEMPLATE_HTML },
    { name: 'src/app/app.ts', content: APP },
    { name: 'src/app/app.html', content: APP_HTML },
  ];
  return [...templateFiles(new Set(own.map((file) => file.name))), ...own];
}
