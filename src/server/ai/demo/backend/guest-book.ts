/**
 * The demo model's one backend example (issue 16 item 3): with a Supabase database enabled, a
 * guest book in React, Vue, Svelte or Angular that reads and writes a real table through
 * `@supabase/supabase-js`, with the migration that creates it under Row Level Security.
 * Deterministic like the rest of the demo, so the migration's timestamp is fixed.
 */
import type { DemoRequest, DemoFile } from '../types.ts';
import { angularGuestBook } from './guest-book-angular.ts';
import { REACT_GUEST_BOOK } from './guest-book-react.ts';
import { SVELTE_GUEST_BOOK } from './guest-book-svelte.ts';
import { VUE_GUEST_BOOK } from './guest-book-vue.ts';
import { GUEST_BOOK_MIGRATION, GUEST_BOOK_SQL } from './migration.ts';
import { packageJsonWithSupabase } from './package-json.ts';

export { GUEST_BOOK_MIGRATION } from './migration.ts';

/** Each framework's app files, package.json included (Vite's `VITE_` or ngx-env's `NG_APP_` variables). */
const APP_FILES = {
  react: () => [{ name: 'package.json', content: packageJsonWithSupabase('react') }, ...REACT_GUEST_BOOK],
  vue: () => [{ name: 'package.json', content: packageJsonWithSupabase('vue') }, ...VUE_GUEST_BOOK],
  svelte: () => [{ name: 'package.json', content: packageJsonWithSupabase('svelte') }, ...SVELTE_GUEST_BOOK],
  angular: angularGuestBook,
} satisfies Record<string, () => DemoFile[]>;
export type GuestBookFramework = keyof typeof APP_FILES;

const hasGuestBook = (framework: string): framework is GuestBookFramework => framework in APP_FILES;

/**
 * Whether this request gets the backend example: a framework above, Supabase enabled, a guest
 * book asked. A follow-up too (the Integrations tab exists only once the chat has a version),
 * unless the project already has the guest book: then 'make the guest book dark' is a change.
 */
export function wantsGuestBook(
  request: DemoRequest,
): request is DemoRequest & { framework: GuestBookFramework } {
  return (
    hasGuestBook(request.framework) &&
    request.databaseProvider === 'supabase' &&
    /\bguest[\s-]?book\b/i.test(request.prompt) &&
    !request.snapshot?.files.some((file) => file.name === GUEST_BOOK_MIGRATION)
  );
}

/** The files of the example: package.json, the Supabase client, the component, the app shell, the migration. */
export function guestBookFiles(framework: GuestBookFramework): DemoFile[] {
  return [...APP_FILES[framework](), { name: GUEST_BOOK_MIGRATION, content: GUEST_BOOK_SQL }];
}
