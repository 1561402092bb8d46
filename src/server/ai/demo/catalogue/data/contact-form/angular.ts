import { Component, signal } from '@angular/core';

interface ContactDetails {
  name: string;
  email: string;
  topic: string;
  message: string;
}

function validate(form: ContactDetails) {
  const errors: { name?: string; email?: string; message?: string } = {};
  if (form.name.trim().length < 2) errors.name = 'Please tell us your name.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = 'Enter a valid email address.';
  if (form.message.trim().length < 10) errors.message = 'Your message needs at least 10 characters.';
  return errors;
}

@Component({
  selector: 'app-contact-form',
  templateUrl: './contact-form.html',
})
export class ContactForm {
  protected readonly topics = ['General question', 'Sales', 'Support', 'Partnership'];
  protected readonly errors = signal<ReturnType<typeof validate>>({});
  protected readonly sentTo = signal<string | null>(null);

  protected handleSubmit(event: Event, form: HTMLFormElement, details: ContactDetails): void {
    event.preventDefault();
    const found = validate(details);
    this.errors.set(found);
    if (Object.keys(found).length > 0) return;
    this.sentTo.set(`Thanks, ${details.name.trim()}! We will reply to ${details.email.trim()} soon.`);
    form.reset();
  }
}
