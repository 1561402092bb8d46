import { useState, type FormEvent } from 'react';

interface Task {
  id: number;
  text: string;
  isDone: boolean;
}

type Filter = 'all' | 'active' | 'done';

const FILTERS: Filter[] = ['all', 'active', 'done'];

const INITIAL_TASKS: Task[] = [
  { id: 1, text: 'Sketch the onboarding flow', isDone: true },
  { id: 2, text: 'Write the release notes', isDone: false },
  { id: 3, text: 'Book the team retro', isDone: false },
];

export default function TodoApp() {
  const [tasks, setTasks] = useState<Task[]>(INITIAL_TASKS);
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState<Filter>('all');

  const visible = tasks.filter((task) => filter === 'all' || (filter === 'done' ? task.isDone : !task.isDone));
  const remaining = tasks.filter((task) => !task.isDone).length;

  function addTask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setTasks((current) => [...current, { id: Date.now(), text, isDone: false }]);
    setDraft('');
  }

  function toggleTask(id: number) {
    setTasks((current) => current.map((task) => (task.id === id ? { ...task, isDone: !task.isDone } : task)));
  }

  function removeTask(id: number) {
    setTasks((current) => current.filter((task) => task.id !== id));
  }

  return (
    <section className="flex justify-center px-6 py-16">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-lg">
        <h1 className="text-xl font-semibold text-gray-900">My tasks</h1>
        <p className="mt-1 text-sm text-gray-500">
          {remaining} {remaining === 1 ? 'task' : 'tasks'} left
        </p>
        <form onSubmit={addTask} className="mt-4 flex gap-2">
          <input
            type="text"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="What needs doing?"
            className="flex-1 rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
          />
          <button type="submit" className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
            Add
          </button>
        </form>
        <div className="mt-4 flex gap-2">
          {FILTERS.map((name) => (
            <button
              key={name}
              type="button"
              onClick={() => setFilter(name)}
              className={`rounded-md px-2 py-1 text-xs font-medium ${filter === name ? 'bg-indigo-50 text-indigo-700' : 'text-gray-500 hover:text-gray-900'}`}
            >
              {name[0].toUpperCase() + name.slice(1)}
            </button>
          ))}
        </div>
        <ul className="mt-2 divide-y divide-gray-200">
          {visible.map((task) => (
            <li key={task.id} className="flex items-center gap-3 py-3">
              <input type="checkbox" checked={task.isDone} onChange={() => toggleTask(task.id)} className="h-4 w-4 rounded border-gray-300 accent-indigo-600" />
              <span className={task.isDone ? 'flex-1 text-sm text-gray-400 line-through' : 'flex-1 text-sm text-gray-900'}>
                {task.text}
              </span>
              <button type="button" onClick={() => removeTask(task.id)} className="text-xs font-medium text-gray-400 hover:text-rose-600">
                Remove
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
