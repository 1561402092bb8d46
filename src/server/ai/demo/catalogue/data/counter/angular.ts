import { Component, computed, signal } from '@angular/core';

@Component({
  selector: 'app-counter',
  templateUrl: './counter.html',
})
export class Counter {
  protected readonly count = signal(0);
  protected readonly parity = computed(() => (this.count() % 2 === 0 ? 'Even' : 'Odd'));

  protected change(by: number): void {
    this.count.update((value) => value + by);
  }
}
