/** The guest book in React (issue 16 item 3): the component reads and signs through supabase-js. */
import type { DemoFile } from '../types.ts';
import { withApiCalls } from './api-calls.ts';
import { NOT_SIGNED_TEXT, SUPABASE_CLIENT, UNREACHABLE_TEXT } from './migration.ts';

const COMPONENT = `import { useEffect, useState, type FormEvent } from 'react';
import { supabase } from '../lib/supabase';

interface Entry {
  id: number;
  name: string;
  message: string;
  created_at: string;
}

type Status = 'loading' | 'ready' | 'unreachable';

export default function GuestBook() {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [saveError, setSaveError] = useState(false);
  const [saving, setSaving] = useState(false);

  async function load() {
    setStatus('loading');
    try {
      const { data, error } = await supabase
        .from('guest_book')
        .select('id, name, message, created_at')
        .order('created_at', { ascending: false });
      if (error) throw error;
      setEntries(data ?? []);
      setStatus('ready');
    } catch {
      // No project at that address, no network or no table yet: say so kindly.
      setStatus('unreachable');
    }
  }

  useEffect(() => {
    void load();
  }, []);

  async function sign(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || !message.trim()) return;
    setSaving(true);
    try {
      const { error } = await supabase
        .from('guest_book')
        .insert({ name: name.trim(), message: message.trim() });
      if (error) throw error;
      setName('');
      setMessage('');
      setSaveError(false);
      await load();
    } catch {
      setSaveError(true);
    } finally {
      setSaving(false);
    }
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
        {saveError && (
          <p role="alert" className="text-sm text-red-700">
            ${NOT_SIGNED_TEXT}
          </p>
        )}
        <button
          type="submit"
          disabled={saving}
          className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
        >
          {saving ? 'Signing…' : 'Sign the guest book'}
        </button>
      </form>
      {status === 'loading' && <p className="mt-8 text-slate-500">Loading entries…</p>}
      {status === 'unreachable' && (
        <div role="status" className="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <p>${UNREACHABLE_TEXT}</p>
          <button type="button" onClick={() => void load()} className="mt-2 font-semibold underline">
            Try again
          </button>
        </div>
      )}
      {status === 'ready' && (
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
      )}
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

export const REACT_GUEST_BOOK: DemoFile[] = [
  { name: 'src/lib/supabase.ts', content: SUPABASE_CLIENT },
  { name: 'src/components/GuestBook.tsx', content: COMPONENT },
  { name: 'src/App.tsx', content: APP },
];

/** The same UI calling the project's own `api/` handler (issue 22): no client library in the browser. */
export const REACT_API_GUEST_BOOK: DemoFile[] = [
  { name: 'src/components/GuestBook.tsx', content: withApiCalls(COMPONENT) },
  { name: 'src/App.tsx', content: APP },
];
