import { renderMarkup } from '../markup/render.ts';
import type { CatalogueEntry, EntrySources } from './entry.ts';

const ROWS = [
  ['Ava Martin', 'ava@northwind.dev', 'Designer', 'Active', 12],
  ['Ben Okafor', 'ben@northwind.dev', 'Engineer', 'Active', 27],
  ['Chloé Dubois', 'chloe@northwind.dev', 'Product', 'Invited', 3],
  ['Diego Ruiz', 'diego@northwind.dev', 'Engineer', 'Active', 41],
  ['Emma Schulz', 'emma@northwind.dev', 'Marketing', 'Paused', 8],
  ['Farah Khan', 'farah@northwind.dev', 'Support', 'Active', 19],
] as const;

const CARD = 'overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm';
const SEARCH =
  'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 sm:w-64';
const TH = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-gray-500';
const SORT = 'inline-flex items-center gap-1 hover:text-indigo-600';
const TD = 'px-4 py-3 text-sm text-gray-700';
const BADGE = 'rounded-full px-2 py-0.5 text-xs font-medium';
const STATUS_TONES = `{ Active: 'bg-emerald-50 text-emerald-700', Invited: 'bg-indigo-50 text-indigo-700', Paused: 'bg-amber-50 text-amber-700' }`;
const COLUMNS = `[
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'role', label: 'Role' },
  { key: 'status', label: 'Status' },
  { key: 'projects', label: 'Projects' },
]`;

const TS_ROWS = ROWS.map(
  ([name, email, role, status, projects]) =>
    `  { name: '${name}', email: '${email}', role: '${role}', status: '${status}', projects: ${projects} },`,
).join('\n');

const MEMBER_TYPE = `interface Member {
  name: string;
  email: string;
  role: string;
  status: 'Active' | 'Invited' | 'Paused';
  projects: number;
}

type SortKey = keyof Member;`;

/** Filter by any text column, then sort by one column in either direction. */
const VISIBLE_ROWS = `function visibleRows(rows: Member[], query: string, sortKey: SortKey, isAscending: boolean): Member[] {
  const needle = query.trim().toLowerCase();
  const filtered = rows.filter((row) =>
    [row.name, row.email, row.role, row.status].some((value) => value.toLowerCase().includes(needle)),
  );
  return filtered.sort((a, b) => {
    const order = a[sortKey] < b[sortKey] ? -1 : a[sortKey] > b[sortKey] ? 1 : 0;
    return isAscending ? order : -order;
  });
}`;

const HEADING = 'Team members';
const SUBHEADING = 'Search by any field and click a column to sort.';

const HTML_MARKUP = `
<section class="mx-auto max-w-5xl px-6 py-12">
  <div class="flex flex-wrap items-end justify-between gap-4">
    <div>
      <h1 class="text-2xl font-semibold text-gray-900">${HEADING}</h1>
      <p class="mt-1 text-sm text-gray-500">${SUBHEADING}</p>
    </div>
    <input id="table-search" type="search" placeholder="Search members…" class="${SEARCH}" />
  </div>
  <div class="${CARD} mt-6 overflow-x-auto">
    <table class="min-w-full divide-y divide-gray-200">
      <thead class="bg-gray-50">
        <tr id="table-head"></tr>
      </thead>
      <tbody id="table-body" class="divide-y divide-gray-200"></tbody>
    </table>
    <p id="table-empty" class="hidden px-4 py-6 text-center text-sm text-gray-500">No members match your search.</p>
  </div>
</section>
`;

const HTML_SCRIPT = `
const rows = [
${TS_ROWS}
];
const columns = ${COLUMNS};
const tones = ${STATUS_TONES};
let query = '';
let sortKey = 'name';
let isAscending = true;

function render() {
  const needle = query.trim().toLowerCase();
  const visible = rows
    .filter((row) => [row.name, row.email, row.role, row.status].some((value) => value.toLowerCase().includes(needle)))
    .sort((a, b) => {
      const order = a[sortKey] < b[sortKey] ? -1 : a[sortKey] > b[sortKey] ? 1 : 0;
      return isAscending ? order : -order;
    });
  document.getElementById('table-head').replaceChildren(
    ...columns.map((column) => {
      const th = document.createElement('th');
      th.className = '${TH}';
      const button = document.createElement('button');
      button.type = 'button';
      button.className = '${SORT}';
      button.textContent = column.label + (column.key === sortKey ? (isAscending ? ' ▲' : ' ▼') : '');
      button.addEventListener('click', () => {
        isAscending = column.key === sortKey ? !isAscending : true;
        sortKey = column.key;
        render();
      });
      th.append(button);
      return th;
    }),
  );
  document.getElementById('table-body').replaceChildren(
    ...visible.map((row) => {
      const tr = document.createElement('tr');
      tr.className = 'hover:bg-gray-50';
      for (const column of columns) {
        const td = document.createElement('td');
        td.className = '${TD}';
        if (column.key === 'status') {
          const badge = document.createElement('span');
          badge.className = '${BADGE} ' + tones[row.status];
          badge.textContent = row.status;
          td.append(badge);
        } else {
          td.textContent = String(row[column.key]);
        }
        tr.append(td);
      }
      return tr;
    }),
  );
  document.getElementById('table-empty').classList.toggle('hidden', visible.length > 0);
}

document.getElementById('table-search').addEventListener('input', (event) => {
  query = event.target.value;
  render();
});
render();
`;

const REACT = `import { useMemo, useState } from 'react';

${MEMBER_TYPE}

const MEMBERS: Member[] = [
${TS_ROWS}
];

const COLUMNS: { key: SortKey; label: string }[] = ${COLUMNS};

const STATUS_TONES: Record<Member['status'], string> = ${STATUS_TONES};

${VISIBLE_ROWS}

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
          <h1 className="text-2xl font-semibold text-gray-900">${HEADING}</h1>
          <p className="mt-1 text-sm text-gray-500">${SUBHEADING}</p>
        </div>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search members…"
          className="${SEARCH}"
        />
      </div>
      <div className="${CARD} mt-6 overflow-x-auto">
        <table className="min-w-full divide-y divide-gray-200">
          <thead className="bg-gray-50">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column.key} className="${TH}">
                  <button type="button" className="${SORT}" onClick={() => sortBy(column.key)}>
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
                <td className="${TD} font-medium text-gray-900">{row.name}</td>
                <td className="${TD}">{row.email}</td>
                <td className="${TD}">{row.role}</td>
                <td className="${TD}">
                  <span className={\`${BADGE} \${STATUS_TONES[row.status]}\`}>{row.status}</span>
                </td>
                <td className="${TD}">{row.projects}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="px-4 py-6 text-center text-sm text-gray-500">No members match your search.</p>}
      </div>
    </section>
  );
}
`;

const VUE = `<script setup lang="ts">
import { computed, ref } from 'vue';

${MEMBER_TYPE}

const members: Member[] = [
${TS_ROWS}
];

const columns: { key: SortKey; label: string }[] = ${COLUMNS};

const statusTones: Record<Member['status'], string> = ${STATUS_TONES};

${VISIBLE_ROWS}

const query = ref('');
const sortKey = ref<SortKey>('name');
const isAscending = ref(true);
const rows = computed(() => visibleRows(members, query.value, sortKey.value, isAscending.value));

function sortBy(key: SortKey) {
  isAscending.value = key === sortKey.value ? !isAscending.value : true;
  sortKey.value = key;
}
</script>

<template>
  <section class="mx-auto max-w-5xl px-6 py-12">
    <div class="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 class="text-2xl font-semibold text-gray-900">${HEADING}</h1>
        <p class="mt-1 text-sm text-gray-500">${SUBHEADING}</p>
      </div>
      <input v-model="query" type="search" placeholder="Search members…" class="${SEARCH}" />
    </div>
    <div class="${CARD} mt-6 overflow-x-auto">
      <table class="min-w-full divide-y divide-gray-200">
        <thead class="bg-gray-50">
          <tr>
            <th v-for="column in columns" :key="column.key" class="${TH}">
              <button type="button" class="${SORT}" @click="sortBy(column.key)">
                {{ column.label }}
                <span v-if="column.key === sortKey">{{ isAscending ? '▲' : '▼' }}</span>
              </button>
            </th>
          </tr>
        </thead>
        <tbody class="divide-y divide-gray-200">
          <tr v-for="row in rows" :key="row.email" class="hover:bg-gray-50">
            <td class="${TD} font-medium text-gray-900">{{ row.name }}</td>
            <td class="${TD}">{{ row.email }}</td>
            <td class="${TD}">{{ row.role }}</td>
            <td class="${TD}">
              <span :class="['${BADGE}', statusTones[row.status]]">{{ row.status }}</span>
            </td>
            <td class="${TD}">{{ row.projects }}</td>
          </tr>
        </tbody>
      </table>
      <p v-if="rows.length === 0" class="px-4 py-6 text-center text-sm text-gray-500">No members match your search.</p>
    </div>
  </section>
</template>
`;

const SVELTE = `<script lang="ts">
${MEMBER_TYPE.replace(/^/gm, '  ')}

  const members: Member[] = [
${TS_ROWS.replace(/^/gm, '  ')}
  ];

  const columns: { key: SortKey; label: string }[] = ${COLUMNS.replace(/\n/g, '\n  ')};

  const statusTones: Record<Member['status'], string> = ${STATUS_TONES};

${VISIBLE_ROWS.replace(/^/gm, '  ')}

  let query = $state('');
  let sortKey = $state<SortKey>('name');
  let isAscending = $state(true);
  const rows = $derived(visibleRows(members, query, sortKey, isAscending));

  function sortBy(key: SortKey) {
    isAscending = key === sortKey ? !isAscending : true;
    sortKey = key;
  }
</script>

<section class="mx-auto max-w-5xl px-6 py-12">
  <div class="flex flex-wrap items-end justify-between gap-4">
    <div>
      <h1 class="text-2xl font-semibold text-gray-900">${HEADING}</h1>
      <p class="mt-1 text-sm text-gray-500">${SUBHEADING}</p>
    </div>
    <input bind:value={query} type="search" placeholder="Search members…" class="${SEARCH}" />
  </div>
  <div class="${CARD} mt-6 overflow-x-auto">
    <table class="min-w-full divide-y divide-gray-200">
      <thead class="bg-gray-50">
        <tr>
          {#each columns as column (column.key)}
            <th class="${TH}">
              <button type="button" class="${SORT}" onclick={() => sortBy(column.key)}>
                {column.label}
                {#if column.key === sortKey}<span>{isAscending ? '▲' : '▼'}</span>{/if}
              </button>
            </th>
          {/each}
        </tr>
      </thead>
      <tbody class="divide-y divide-gray-200">
        {#each rows as row (row.email)}
          <tr class="hover:bg-gray-50">
            <td class="${TD} font-medium text-gray-900">{row.name}</td>
            <td class="${TD}">{row.email}</td>
            <td class="${TD}">{row.role}</td>
            <td class="${TD}"><span class="${BADGE} {statusTones[row.status]}">{row.status}</span></td>
            <td class="${TD}">{row.projects}</td>
          </tr>
        {/each}
      </tbody>
    </table>
    {#if rows.length === 0}
      <p class="px-4 py-6 text-center text-sm text-gray-500">No members match your search.</p>
    {/if}
  </div>
</section>
`;

const ANGULAR_TS = `import { Component, computed, signal } from '@angular/core';

${MEMBER_TYPE}

${VISIBLE_ROWS}

@Component({
  selector: 'app-data-table',
  templateUrl: './data-table.html',
})
export class DataTable {
  protected readonly members: Member[] = [
${TS_ROWS.replace(/^/gm, '  ')}
  ];
  protected readonly columns: { key: SortKey; label: string }[] = ${COLUMNS.replace(/\n/g, '\n  ')};
  protected readonly statusTones: Record<Member['status'], string> = ${STATUS_TONES};
  protected readonly query = signal('');
  protected readonly sortKey = signal<SortKey>('name');
  protected readonly isAscending = signal(true);
  protected readonly rows = computed(() => visibleRows(this.members, this.query(), this.sortKey(), this.isAscending()));

  protected sortBy(key: SortKey): void {
    this.isAscending.set(key === this.sortKey() ? !this.isAscending() : true);
    this.sortKey.set(key);
  }
}
`;

const ANGULAR_TEMPLATE = `<section class="mx-auto max-w-5xl px-6 py-12">
  <div class="flex flex-wrap items-end justify-between gap-4">
    <div>
      <h1 class="text-2xl font-semibold text-gray-900">${HEADING}</h1>
      <p class="mt-1 text-sm text-gray-500">${SUBHEADING}</p>
    </div>
    <input #search type="search" placeholder="Search members…" class="${SEARCH}" (input)="query.set(search.value)" />
  </div>
  <div class="${CARD} mt-6 overflow-x-auto">
    <table class="min-w-full divide-y divide-gray-200">
      <thead class="bg-gray-50">
        <tr>
          @for (column of columns; track column.key) {
            <th class="${TH}">
              <button type="button" class="${SORT}" (click)="sortBy(column.key)">
                {{ column.label }}
                @if (column.key === sortKey()) {
                  <span>{{ isAscending() ? '▲' : '▼' }}</span>
                }
              </button>
            </th>
          }
        </tr>
      </thead>
      <tbody class="divide-y divide-gray-200">
        @for (row of rows(); track row.email) {
          <tr class="hover:bg-gray-50">
            <td class="${TD} font-medium text-gray-900">{{ row.name }}</td>
            <td class="${TD}">{{ row.email }}</td>
            <td class="${TD}">{{ row.role }}</td>
            <td class="${TD}">
              <span [class]="'${BADGE} ' + statusTones[row.status]">{{ row.status }}</span>
            </td>
            <td class="${TD}">{{ row.projects }}</td>
          </tr>
        }
      </tbody>
    </table>
    @if (rows().length === 0) {
      <p class="px-4 py-6 text-center text-sm text-gray-500">No members match your search.</p>
    }
  </div>
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

export const dataTable: CatalogueEntry = {
  id: 'data-table',
  title: 'Data Table',
  componentName: 'DataTable',
  keywords: [
    ['table', 3],
    ['data table', 5],
    ['datatable', 5],
    ['grid', 2],
    ['spreadsheet', 3],
    ['sortable', 3],
    ['sort', 2],
    ['filter', 2],
    ['records', 2],
    ['rows', 2],
    ['users list', 3],
    ['list of users', 3],
  ],
  summary: 'a data table of team members with a search box, sortable columns and status badges',
  placement: 'bottom',
  sources,
};
