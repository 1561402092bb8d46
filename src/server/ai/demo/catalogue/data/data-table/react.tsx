import { useMemo, useState } from 'react';

interface Member {
  name: string;
  email: string;
  role: string;
  status: 'Active' | 'Invited' | 'Paused';
  projects: number;
}

type SortKey = keyof Member;

const MEMBERS: Member[] = [
  { name: 'Ava Martin', email: 'ava@northwind.dev', role: 'Designer', status: 'Active', projects: 12 },
  { name: 'Ben Okafor', email: 'ben@northwind.dev', role: 'Engineer', status: 'Active', projects: 27 },
  { name: 'Chloé Dubois', email: 'chloe@northwind.dev', role: 'Product', status: 'Invited', projects: 3 },
  { name: 'Diego Ruiz', email: 'diego@northwind.dev', role: 'Engineer', status: 'Active', projects: 41 },
  { name: 'Emma Schulz', email: 'emma@northwind.dev', role: 'Marketing', status: 'Paused', projects: 8 },
  { name: 'Farah Khan', email: 'farah@northwind.dev', role: 'Support', status: 'Active', projects: 19 },
];

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'role', label: 'Role' },
  { key: 'status', label: 'Status' },
  { key: 'projects', label: 'Projects' },
];

const STATUS_TONES: Record<Member['status'], string> = { Active: 'bg-emerald-50 text-emerald-700', Invited: 'bg-indigo-50 text-indigo-700', Paused: 'bg-amber-50 text-amber-700' };

function visibleRows(rows: Member[], query: string, sortKey: SortKey, isAscending: boolean): Member[] {
  const needle = query.trim().toLowerCase();
  const filtered = rows.filter((row) =>
    [row.name, row.email, row.role, row.status].some((value) => value.toLowerCase().includes(needle)),
  );
  return filtered.sort((a, b) => {
    const order = a[sortKey] < b[sortKey] ? -1 : a[sortKey] > b[sortKey] ? 1 : 0;
    return isAscending ? order : -order;
  });
}

export default function DataTable() {
  const [query, setQuery] = useState('');
  const [sortKey, setSortKey] = useState<SortKey>('name');
  const [isAscending, setIsAscending] = useState(true);
  const rows = useMemo(() => visibleRows(MEMBERS, query, sortKey, isAscending), [query, sortKey, isAscending]);

  function sortBy(key: SortKey) {
    setIsAscending(key === sortKey ? !isAscending : true);
    setSortKey(key);
  }

  return (
    <section className="mx-auto max-w-5xl px-6 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-gray-900">Team members</h1>
          <p className="mt-1 text-sm text-gray-500">Search by any field and click a column to sort.</p>
        </div>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search members…"
          className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 sm:w-64"
        />
      </div>
      <div className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm mt-6 overflow-x-auto">
        <table className="min-w-full divide-y divide-gray-200">
          <thead className="bg-gray-50">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column.key} className="px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-gray-500">
                  <button type="button" className="inline-flex items-center gap-1 hover:text-indigo-600" onClick={() => sortBy(column.key)}>
                    {column.label}
                    {column.key === sortKey && <span>{isAscending ? '▲' : '▼'}</span>}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((row) => (
              <tr key={row.email} className="hover:bg-gray-50">
                <td className="px-4 py-3 text-sm text-gray-700 font-medium text-gray-900">{row.name}</td>
                <td className="px-4 py-3 text-sm text-gray-700">{row.email}</td>
                <td className="px-4 py-3 text-sm text-gray-700">{row.role}</td>
                <td className="px-4 py-3 text-sm text-gray-700">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONES[row.status]}`}>{row.status}</span>
                </td>
                <td className="px-4 py-3 text-sm text-gray-700">{row.projects}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="px-4 py-6 text-center text-sm text-gray-500">No members match your search.</p>}
      </div>
    </section>
  );
}
