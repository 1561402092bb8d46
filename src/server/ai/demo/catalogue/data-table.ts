import { interactiveEntry } from './load.ts';

export const dataTable = interactiveEntry({
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
});
