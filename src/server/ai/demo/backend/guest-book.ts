/**
 * The demo model's one backend example (issue 16 item 3): with a Supabase database enabled, a
 * guest book in React, Vue or Svelte that reads and writes a real table through
 * `@supabase/supabase-js`, with the migration that creates it under Row Level Security.
 * Deterministic like the rest of the demo, so the migration's timestamp is fixed.
 */
import type { DemoRequest, DemoFile } from '../types.ts';
import { REACT_GUEST_BOOK } from './guest-book-react.ts';
import { SVELTE_GUEST_BOOK } from './guest-book-svelte.ts';
import { VUE_GUEST_BOOK } from './guest-book-vue.ts';
import { GUEST_BOOK_MIGRATION, GUEST_BOOK_SQL } from './migration.ts';
import { packageJsonWithSupabase } from './package-json.ts';

export { GUEST_BOOK_MIGRATION } from './migration.ts';

/** The frameworks with a guest book: Vite's `VITE_` variables reach their bundles. */
const APP_FILES = { react: REACT_GUEST_BOOK, vue: VUE_GUEST_BOOK, svelte: SVELTE_GUEST_BOOK } as const;
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
  return [
    { name: 'package.json', content: packageJsonWithSupabase(framework) },
    ...APP_FILES[framework],
    { name: GUEST_BOOK_MIGRATION, content: GUEST_BOOK_SQL },
  ];
}
