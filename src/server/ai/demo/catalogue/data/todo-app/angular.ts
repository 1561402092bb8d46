import { Component, computed, signal } from '@angular/core';

interface Task {
  id: number;
  text: string;
  isDone: boolean;
}

type Filter = 'all' | 'active' | 'done';

@Component({
  selector: 'app-todo-app',
  templateUrl: './todo-app.html',
})
export class TodoApp {
  protected readonly filters: Filter[] = ['all', 'active', 'done'];
  protected readonly tasks = signal<Task[]>([
    { id: 1, text: 'Sketch the onboarding flow', isDone: true },
    { id: 2, text: 'Write the release notes', isDone: false },
    { id: 3, text: 'Book the team retro', isDone: false },
  ]);
  protected readonly filter = signal<Filter>('all');
  protected readonly visible = computed(() =>
    this.tasks().filter((task) => this.filter() === 'all' || (this.filter() === 'done' ? task.isDone : !task.isDone)),
  );
  protected readonly remaining = computed(() => this.tasks().filter((task) => !task.isDone).length);

  protected addTask(input: HTMLInputElement, event: Event): void {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    this.tasks.update((tasks) => [...tasks, { id: Date.now(), text, isDone: false }]);
    input.value = '';
  }

  protected toggleTask(id: number): void {
    this.tasks.update((tasks) => tasks.map((task) => (task.id === id ? { ...task, isDone: !task.isDone } : task)));
  }

  protected removeTask(id: number): void {
    this.tasks.update((tasks) => tasks.filter((task) => task.id !== id));
  }

  protected label(name: Filter): string {
    return name[0].toUpperCase() + name.slice(1);
  }
}
