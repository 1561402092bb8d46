/**
 * The demo model's one backend example (issue 16 item 3): with a Supabase database enabled, a
 * guest book in React that reads and writes a real table through `@supabase/supabase-js`, with
 * the migration that creates it under Row Level Security. Deterministic like the rest of the
 * demo, so the migration's timestamp is fixed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../paths.ts';
import type { DemoRequest, DemoFile } from '../types.ts';

/** The React template's package.json plus the Supabase client, so the preview installs it. */
function packageJson(): string {
  const template = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'templates', 'react', 'package.json'), 'utf8'),
  ) as { dependencies?: Record<string, string> };
  template.dependencies = { ...template.dependencies, '@supabase/supabase-js': '^2.49.0' };
  return `${JSON.stringify(template, null, 2)}\n`;
}

export const GUEST_BOOK_MIGRATION = 'supabase/migrations/20260101000000_guest_book.sql';

/** Whether this request gets the backend example: React, Supabase enabled, a guest book asked. */
export function wantsGuestBook(request: DemoRequest): boolean {
  return (
    request.snapshot === null &&
    request.framework === 'react' &&
    request.databaseProvider === 'supabase' &&
    /\bguest[\s-]?book\b/i.test(request.prompt)
  );
}

const MIGRATION = `-- The guest book's entries: anyone may read them and sign the book.
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

const CLIENT = `import { createClient } from '@supabase/supabase-js';

// The project URL and anon key are public; Row Level Security decides what they may do.
export const supabase = createClient(
  import.meta.env.VITE_SUPABASE_URL as string,
  import.meta.env.VITE_SUPABASE_ANON_KEY as string,
);
`;

const COMPONENT = `import { useEffect, useState, type FormEvent } from 'react';
import { supabase } from '../lib/supabase';

interface Entry {
  id: number;
  name: string;
  message: string;
  created_at: string;
}

export default function GuestBook() {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function load() {
    const { data, error: loadError } = await supabase
      .from('guest_book')
      .select('id, name, message, created_at')
      .order('created_at', { ascending: false });
    if (loadError) setError(loadError.message);
    else setEntries(data ?? []);
  }

  useEffect(() => {
    void load();
  }, []);

  async function sign(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || !message.trim()) return;
    setSaving(true);
    const { error: insertError } = await supabase
      .from('guest_book')
      .insert({ name: name.trim(), message: message.trim() });
    setSaving(false);
    if (insertError) {
      setError(insertError.message);
      return;
    }
    setName('');
    setMessage('');
    setError(null);
    await load();
  }

  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Guest book</h1>
      <p className="mt-2 text-slate-600">Leave a few words for the next visitor.</p>
      <form onSubmit={sign} className="mt-8 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <label className="block text-sm font-medium text-slate-700" htmlFor="guest-name">
          Name
        </label>
        <input
          id="guest-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={80}
          required
          className="w-full rounded-lg border border-slate-300 px-3 py-2"
        />
        <label className="block text-sm font-medium text-slate-700" htmlFor="guest-message">
          Message
        </label>
        <textarea
          id="guest-message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          maxLength={500}
          required
          rows={3}
          className="w-full rounded-lg border border-slate-300 px-3 py-2"
        />
        {error && <p className="text-sm text-red-700">{error}</p>}
        <button
          type="submit"
          disabled={saving}
          className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
        >
          {saving ? 'Signing…' : 'Sign the guest book'}
        </button>
      </form>
      <ul className="mt-8 space-y-4">
        {entries.length === 0 && <li className="text-slate-500">No entries yet. Be the first to sign.</li>}
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="font-semibold text-slate-900">{entry.name}</p>
            <p className="mt-1 text-slate-700">{entry.message}</p>
            <time className="mt-2 block text-xs text-slate-500" dateTime={entry.created_at}>
              {new Date(entry.created_at).toLocaleString()}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}
`;

const APP = `import GuestBook from './components/GuestBook';

export default function App() {
  return (
    <main className="min-h-screen bg-slate-50">
      <GuestBook />
    </main>
  );
}
`;

/** The files of the example: package.json, the Supabase client, the component, the app shell, the migration. */
export function guestBookFiles(): DemoFile[] {
  return [
    { name: 'package.json', content: packageJson() },
    { name: 'src/lib/supabase.ts', content: CLIENT },
    { name: 'src/components/GuestBook.tsx', content: COMPONENT },
    { name: 'src/App.tsx', content: APP },
    { name: GUEST_BOOK_MIGRATION, content: MIGRATION },
  ];
}
