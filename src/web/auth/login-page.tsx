import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../components/ui/button.tsx';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { FormField, describedBy } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { PasswordInput } from '../components/ui/password-input.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { authClient } from '../lib/auth-client.ts';
import { safeNextPath } from '../lib/safe-next.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { AuthLayout } from './auth-layout.tsx';
import { describeAuthError, validateAuthForm, type FieldErrors } from './auth-errors.ts';
import { useSession } from './use-session.ts';

export default function LoginPage() {
  useDocumentTitle('Sign in');
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [wasSubmitted, setWasSubmitted] = useState(false);

  if (user && !isSubmitting) return <Navigate to={next} replace />;

  const revalidate = (values: { email: string; password: string }) => {
    if (wasSubmitted) setFieldErrors(validateAuthForm(values, 'signin'));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setWasSubmitted(true);
    setFormError(null);
    const errors = validateAuthForm({ email, password }, 'signin');
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;

    setIsSubmitting(true);
    try {
      const { error } = await authClient.signIn.email({ email: email.trim(), password });
      if (error) {
        const failure = describeAuthError(error);
        if (failure.field) setFieldErrors({ [failure.field]: failure.message });
        else setFormError(failure.message);
        return;
      }
      await queryClient.invalidateQueries();
      void navigate(next, { replace: true });
    } catch {
      setFormError('Kiln could not be reached. Check your connection and try again.');
    } finally {
      setIsSubmitting(false);
    }
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
