import { interactiveEntry } from './load.ts';

export const counter = interactiveEntry({
  id: 'counter',
  title: 'Counter',
  componentName: 'Counter',
  keywords: [
    ['counter', 4],
    ['count', 2],
    ['increment', 3],
    ['decrement', 3],
    ['clicker', 3],
    ['tally', 3],
    ['click counter', 4],
  ],
  summary: 'a counter with increase, decrease and reset buttons and an even/odd hint',
  placement: 'bottom',
});
