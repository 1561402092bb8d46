/**
 * The demo model's guest book (issue 16 item 3, issue 22 item 2): with a hosted database enabled,
 * a guest book in React, Vue, Svelte or Angular backed by a real table, with the migration that
 * creates it. Two styles: with Supabase, the browser reads and writes through
 * `@supabase/supabase-js` under Row Level Security; with a plain PostgreSQL, the browser calls
 * `/api/entries` and the project's `api/index.ts` (Hono + `pg`) validates and writes.
 * Deterministic like the rest of the demo, so the migration's timestamp is fixed.
 */
import type { DemoRequest, DemoFile } from '../types.ts';
import { angularGuestBook, type GuestBookStyle } from './guest-book-angular.ts';
import {
  GUEST_BOOK_API,
  GUEST_BOOK_API_DEPENDENCIES,
  GUEST_BOOK_API_DEV_DEPENDENCIES,
  GUEST_BOOK_API_SQL,
} from './guest-book-api.ts';
import { REACT_API_GUEST_BOOK, REACT_GUEST_BOOK } from './guest-book-react.ts';
import { SVELTE_API_GUEST_BOOK, SVELTE_GUEST_BOOK } from './guest-book-svelte.ts';
import { VUE_API_GUEST_BOOK, VUE_GUEST_BOOK } from './guest-book-vue.ts';
import { GUEST_BOOK_MIGRATION, GUEST_BOOK_SQL } from './migration.ts';
import { packageJsonWithSupabase, templatePackageJson } from './package-json.ts';

export { GUEST_BOOK_MIGRATION } from './migration.ts';
export type { GuestBookStyle } from './guest-book-angular.ts';

type ViteFramework = 'react' | 'vue' | 'svelte';

const VITE_FILES: Record<ViteFramework, Record<GuestBookStyle, DemoFile[]>> = {
  react: { supabase: REACT_GUEST_BOOK, api: REACT_API_GUEST_BOOK },
  vue: { supabase: VUE_GUEST_BOOK, api: VUE_API_GUEST_BOOK },
  svelte: { supabase: SVELTE_GUEST_BOOK, api: SVELTE_API_GUEST_BOOK },
};

/** Each Vite framework's package.json for a style (Vite's `VITE_` variables, or the handler's packages). */
function vitePackageJson(framework: ViteFramework, style: GuestBookStyle): string {
  return style === 'supabase'
    ? packageJsonWithSupabase(framework)
    : templatePackageJson(framework, GUEST_BOOK_API_DEPENDENCIES, GUEST_BOOK_API_DEV_DEPENDENCIES);
}

/** Each framework's app files, package.json included. */
const APP_FILES = {
  react: (style: GuestBookStyle) => viteFiles('react', style),
  vue: (style: GuestBookStyle) => viteFiles('vue', style),
  svelte: (style: GuestBookStyle) => viteFiles('svelte', style),
  angular: angularGuestBook,
} satisfies Record<string, (style: GuestBookStyle) => DemoFile[]>;
export type GuestBookFramework = keyof typeof APP_FILES;

function viteFiles(framework: ViteFramework, style: GuestBookStyle): DemoFile[] {
  return [
    { name: 'package.json', content: vitePackageJson(framework, style) },
    ...VITE_FILES[framework][style],
  ];
}

const hasGuestBook = (framework: string): framework is GuestBookFramework => framework in APP_FILES;

/** The style a database provider gets; null for a provider the example does not cover. */
export function guestBookStyle(databaseProvider: string | null | undefined): GuestBookStyle | null {
  if (databaseProvider === 'supabase') return 'supabase';
  if (databaseProvider === 'postgres') return 'api';
  return null;
}

/**
 * Whether this request gets the backend example: a framework above, a hosted database enabled, a
 * guest book asked. A follow-up too (the Integrations tab exists only once the chat has a version),
 * unless the project already has the guest book: then 'make the guest book dark' is a change.
 */
export function wantsGuestBook(
  request: DemoRequest,
): request is DemoRequest & { framework: GuestBookFramework } {
  return (
    hasGuestBook(request.framework) &&
    guestBookStyle(request.databaseProvider) !== null &&
    /\bguest[\s-]?book\b/i.test(request.prompt) &&
    !request.snapshot?.files.some((file) => file.name === GUEST_BOOK_MIGRATION)
  );
}

/**
 * The files of the example: package.json, the component, the app shell, the migration; with
 * Supabase the browser client, with the `api/` style the handler.
 */
export function guestBookFiles(
  framework: GuestBookFramework,
  style: GuestBookStyle = 'supabase',
): DemoFile[] {
  if (style === 'supabase')
    return [...APP_FILES[framework](style), { name: GUEST_BOOK_MIGRATION, content: GUEST_BOOK_SQL }];
  return [
    ...APP_FILES[framework](style),
    { name: 'api/index.ts', content: GUEST_BOOK_API },
    { name: GUEST_BOOK_MIGRATION, content: GUEST_BOOK_API_SQL },
  ];
}
