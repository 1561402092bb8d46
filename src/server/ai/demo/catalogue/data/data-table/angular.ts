import { Component, computed, signal } from '@angular/core';

interface Member {
  name: string;
  email: string;
  role: string;
  status: 'Active' | 'Invited' | 'Paused';
  projects: number;
}

type SortKey = keyof Member;

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

@Component({
  selector: 'app-data-table',
  templateUrl: './data-table.html',
})
export class DataTable {
  protected readonly members: Member[] = [
    { name: 'Ava Martin', email: 'ava@northwind.dev', role: 'Designer', status: 'Active', projects: 12 },
    { name: 'Ben Okafor', email: 'ben@northwind.dev', role: 'Engineer', status: 'Active', projects: 27 },
    { name: 'Chloé Dubois', email: 'chloe@northwind.dev', role: 'Product', status: 'Invited', projects: 3 },
    { name: 'Diego Ruiz', email: 'diego@northwind.dev', role: 'Engineer', status: 'Active', projects: 41 },
    { name: 'Emma Schulz', email: 'emma@northwind.dev', role: 'Marketing', status: 'Paused', projects: 8 },
    { name: 'Farah Khan', email: 'farah@northwind.dev', role: 'Support', status: 'Active', projects: 19 },
  ];
  protected readonly columns: { key: SortKey; label: string }[] = [
    { key: 'name', label: 'Name' },
    { key: 'email', label: 'Email' },
    { key: 'role', label: 'Role' },
    { key: 'status', label: 'Status' },
    { key: 'projects', label: 'Projects' },
  ];
  protected readonly statusTones: Record<Member['status'], string> = { Active: 'bg-emerald-50 text-emerald-700', Invited: 'bg-indigo-50 text-indigo-700', Paused: 'bg-amber-50 text-amber-700' };
  protected readonly query = signal('');
  protected readonly sortKey = signal<SortKey>('name');
  protected readonly isAscending = signal(true);
  protected readonly rows = computed(() => visibleRows(this.members, this.query(), this.sortKey(), this.isAscending()));

  protected sortBy(key: SortKey): void {
    this.isAscending.set(key === this.sortKey() ? !this.isAscending() : true);
    this.sortKey.set(key);
  }
}
