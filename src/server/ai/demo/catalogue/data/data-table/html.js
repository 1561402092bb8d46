const rows = [
  { name: 'Ava Martin', email: 'ava@northwind.dev', role: 'Designer', status: 'Active', projects: 12 },
  { name: 'Ben Okafor', email: 'ben@northwind.dev', role: 'Engineer', status: 'Active', projects: 27 },
  { name: 'Chloé Dubois', email: 'chloe@northwind.dev', role: 'Product', status: 'Invited', projects: 3 },
  { name: 'Diego Ruiz', email: 'diego@northwind.dev', role: 'Engineer', status: 'Active', projects: 41 },
  { name: 'Emma Schulz', email: 'emma@northwind.dev', role: 'Marketing', status: 'Paused', projects: 8 },
  { name: 'Farah Khan', email: 'farah@northwind.dev', role: 'Support', status: 'Active', projects: 19 },
];
const columns = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'role', label: 'Role' },
  { key: 'status', label: 'Status' },
  { key: 'projects', label: 'Projects' },
];
const tones = { Active: 'bg-emerald-50 text-emerald-700', Invited: 'bg-indigo-50 text-indigo-700', Paused: 'bg-amber-50 text-amber-700' };
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
      th.className = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-gray-500';
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'inline-flex items-center gap-1 hover:text-indigo-600';
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
        td.className = 'px-4 py-3 text-sm text-gray-700';
        if (column.key === 'status') {
          const badge = document.createElement('span');
          badge.className = 'rounded-full px-2 py-0.5 text-xs font-medium ' + tones[row.status];
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
