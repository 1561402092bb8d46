import { Component, signal } from '@angular/core';

function validate(email: string, password: string) {
  const errors: { email?: string; password?: string } = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Enter a valid email address.';
  if (password.length < 8) errors.password = 'Password must be at least 8 characters.';
  return errors;
}

@Component({
  selector: 'app-login-form',
  templateUrl: './login-form.html',
})
export class LoginForm {
  protected readonly errors = signal<ReturnType<typeof validate>>({});
  protected readonly isSignedIn = signal(false);

  protected handleSubmit(event: Event, email: string, password: string): void {
    event.preventDefault();
    const found = validate(email.trim(), password);
    this.errors.set(found);
    this.isSignedIn.set(Object.keys(found).length === 0);
  }
}
