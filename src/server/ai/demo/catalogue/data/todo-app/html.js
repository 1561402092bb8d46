let tasks = [
  { id: 1, text: 'Sketch the onboarding flow', isDone: true },
  { id: 2, text: 'Write the release notes', isDone: false },
  { id: 3, text: 'Book the team retro', isDone: false },
];
let filter = 'all';
const list = document.getElementById('todo-list');
const remaining = document.getElementById('todo-remaining');
const input = document.getElementById('todo-input');

function render() {
  const visible = tasks.filter((task) => filter === 'all' || (filter === 'done' ? task.isDone : !task.isDone));
  list.replaceChildren(
    ...visible.map((task) => {
      const item = document.createElement('li');
      item.className = 'flex items-center gap-3 py-3';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = task.isDone;
      box.className = 'h-4 w-4 rounded border-gray-300 accent-indigo-600';
      box.addEventListener('change', () => { task.isDone = !task.isDone; render(); });
      const text = document.createElement('span');
      text.textContent = task.text;
      text.className = task.isDone ? 'flex-1 text-sm text-gray-400 line-through' : 'flex-1 text-sm text-gray-900';
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = 'Remove';
      remove.className = 'text-xs font-medium text-gray-400 hover:text-rose-600';
      remove.addEventListener('click', () => { tasks = tasks.filter((t) => t.id !== task.id); render(); });
      item.append(box, text, remove);
      return item;
    }),
  );
  const left = tasks.filter((task) => !task.isDone).length;
  remaining.textContent = left + (left === 1 ? ' task' : ' tasks') + ' left';
  document.querySelectorAll('[data-filter]').forEach((button) => {
    button.className = 'rounded-md px-2 py-1 text-xs font-medium ' + (button.dataset.filter === filter ? 'bg-indigo-50 text-indigo-700' : 'text-gray-500 hover:text-gray-900');
  });
}

document.getElementById('todo-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const text = input.value.trim();
  if (!text) return;
  tasks.push({ id: Date.now(), text, isDone: false });
  input.value = '';
  render();
});
document.querySelectorAll('[data-filter]').forEach((button) => {
  button.addEventListener('click', () => { filter = button.dataset.filter; render(); });
});
render();
