import { Component, signal } from '@angular/core';

@Component({
  selector: 'app-confirm-modal',
  templateUrl: './confirm-modal.html',
  host: { '(document:keydown.escape)': 'isOpen.set(false)' },
})
export class ConfirmModal {
  protected readonly isOpen = signal(false);
  protected readonly isPublished = signal(false);

  protected onBackdrop(event: MouseEvent): void {
    if (event.target === event.currentTarget) this.isOpen.set(false);
  }

  protected publish(): void {
    this.isPublished.set(true);
    this.isOpen.set(false);
  }
}
