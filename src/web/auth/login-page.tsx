import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { FormField, describedBy } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { PasswordInput } from '../components/ui/password-input.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { authClient } from '../lib/auth-client.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useAuthForm } from './use-auth-form.ts';
import { useSession } from './use-session.ts';

export default function LoginPage() {
  useDocumentTitle('Sign in');
  const { user } = useSession();
  const { next, fieldErrors, formError, isSubmitting, revalidate, submit } = useAuthForm('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (user && !isSubmitting) return <Navigate to={next} replace />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ email, password }, () => authClient.signIn.email({ email: email.trim(), password }));
  }

  const signupHref = next === '/' ? '/signup' : `/signup?next=${encodeURIComponent(next)}`;

  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to keep building with Kiln."
      footer={
        <>
          New to Kiln?{' '}
          <Link to={signupHref} className="font-medium text-foreground underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="grid gap-5" aria-busy={isSubmitting}>
        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
        <FormField id="email" label="Email" error={fieldErrors.email}>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            autoFocus
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              revalidate({ email: event.target.value, password });
            }}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={describedBy('email', fieldErrors.email, false)}
          />
        </FormField>
        <FormField id="password" label="Password" error={fieldErrors.password}>
          <PasswordInput
            id="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              revalidate({ email, password: event.target.value });
            }}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={describedBy('password', fieldErrors.password, false)}
          />
        </FormField>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <Spinner /> Signing in…
            </>
          ) : (
            'Sign in'
          )}
        </Button>
      </form>
    </AuthLayout>
  );
}
