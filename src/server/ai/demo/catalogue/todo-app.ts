import { interactiveEntry } from './load.ts';

export const todoApp = interactiveEntry({
  id: 'todo-app',
  title: 'Todo App',
  componentName: 'TodoApp',
  keywords: [
    ['todo', 4],
    ['todos', 4],
    ['to do', 4],
    ['task', 3],
    ['tasks', 3],
    ['task list', 4],
    ['checklist', 3],
    ['reminders', 2],
    ['shopping list', 3],
  ],
  summary: 'a todo app where you can add, complete, remove and filter tasks',
  placement: 'bottom',
});
