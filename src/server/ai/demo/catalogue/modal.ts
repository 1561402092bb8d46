import { interactiveEntry } from './load.ts';

export const modal = interactiveEntry({
  id: 'modal',
  title: 'Modal Dialog',
  componentName: 'ConfirmModal',
  keywords: [
    ['modal', 4],
    ['dialog', 4],
    ['popup', 3],
    ['pop up', 3],
    ['lightbox', 3],
    ['overlay', 2],
    ['confirmation', 2],
    ['confirm', 1],
  ],
  summary: 'a confirmation modal that opens from a button and closes with Cancel, Escape or a backdrop click',
  placement: 'bottom',
});
