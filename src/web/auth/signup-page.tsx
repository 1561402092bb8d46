import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../components/ui/button.tsx';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { FormField, describedBy } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { PasswordInput } from '../components/ui/password-input.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { authClient } from '../lib/auth-client.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { AuthLayout } from './auth-layout.tsx';
import { MIN_PASSWORD_LENGTH } from './auth-errors.ts';
import { useAuthForm } from './use-auth-form.ts';
import { useSession } from './use-session.ts';

const passwordHint = `At least ${MIN_PASSWORD_LENGTH} characters.`;

/**
 * Sign-up answers a taken address exactly as a new one and signs nobody in (so it tells nobody
 * who has an account, issue 21 item 2); signing in with the password just chosen is what makes
 * the session. If that password does not open the account, the address was already taken: the
 * person is told so, as before.
 */
async function createAccount(values: { name: string; email: string; password: string }) {
  const email = values.email.trim();
  const created = await authClient.signUp.email({
    name: values.name.trim(),
    email,
    password: values.password,
  });
  if (created.error) return created;
  const signedIn = await authClient.signIn.email({ email, password: values.password });
  if (signedIn.error?.code === 'INVALID_EMAIL_OR_PASSWORD') {
    return { error: { ...signedIn.error, code: 'USER_ALREADY_EXISTS' } };
  }
  return signedIn;
}

export default function SignupPage() {
  useDocumentTitle('Create your account');
  const { user } = useSession();
  const { next, fieldErrors, formError, isSubmitting, revalidate, submit } = useAuthForm('signup');
  const [values, setValues] = useState({ name: '', email: '', password: '' });

  if (user && !isSubmitting) return <Navigate to={next} replace />;

  const update = (field: keyof typeof values, value: string) => {
    const nextValues = { ...values, [field]: value };
    setValues(nextValues);
    revalidate(nextValues);
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(
      values,
      () => createAccount(values),
      () => toast.success('Welcome to Kiln', { description: 'Your account is ready.' }),
    );
  }

  const loginHref = next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`;

  return (
    <AuthLayout
      title="Create your account"
      description="Describe what you want; Kiln builds it. Free to start."
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginHref} className="font-medium text-foreground underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="grid gap-5" aria-busy={isSubmitting}>
        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
        <FormField id="name" label="Full name" error={fieldErrors.name}>
          <Input
            id="name"
            name="name"
            autoComplete="name"
            placeholder="Ada Lovelace"
            autoFocus
            value={values.name}
            onChange={(event) => update('name', event.target.value)}
            aria-invalid={fieldErrors.name ? true : undefined}
            aria-describedby={describedBy('name', fieldErrors.name, false)}
          />
        </FormField>
        <FormField id="email" label="Email" error={fieldErrors.email}>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={values.email}
            onChange={(event) => update('email', event.target.value)}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={describedBy('email', fieldErrors.email, false)}
          />
        </FormField>
        <FormField id="password" label="Password" hint={passwordHint} error={fieldErrors.password}>
          <PasswordInput
            id="password"
            name="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            value={values.password}
            onChange={(event) => update('password', event.target.value)}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={describedBy('password', fieldErrors.password, true)}
          />
        </FormField>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <Spinner /> Creating account…
            </>
          ) : (
            'Create account'
          )}
        </Button>
      </form>
    </AuthLayout>
  );
}
