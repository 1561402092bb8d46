/** The guest book's migration, the same for every framework: one table under Row Level Security. */

export const GUEST_BOOK_MIGRATION = 'supabase/migrations/20260101000000_guest_book.sql';

export const GUEST_BOOK_SQL = `-- The guest book's entries: anyone may read them and sign the book.
create table guest_book (
  id bigint generated always as identity primary key,
  name text not null check (char_length(name) between 1 and 80),
  message text not null check (char_length(message) between 1 and 500),
  created_at timestamptz not null default now()
);

alter table guest_book enable row level security;

create policy "Anyone can read the guest book" on guest_book
  for select using (true);

create policy "Anyone can sign the guest book" on guest_book
  for insert with check (true);
`;

/** The Supabase client module (TypeScript, Vite's env): the same file in React, Vue and Svelte. */
export const SUPABASE_CLIENT = `import { createClient } from '@supabase/supabase-js';

// The project URL and anon key are public; Row Level Security decides what they may do.
export const supabase = createClient(
  import.meta.env.VITE_SUPABASE_URL as string,
  import.meta.env.VITE_SUPABASE_ANON_KEY as string,
);
`;

/**
 * What the page says when the project cannot be reached (a wrong URL, no network, the table
 * not created yet): a sentence for the visitor, not supabase-js's 'TypeError: Failed to fetch'.
 */
export const UNREACHABLE_TEXT = 'The guest book cannot be reached right now. Please try again in a moment.';
export const NOT_SIGNED_TEXT = 'Your entry could not be saved. Please try again in a moment.';
