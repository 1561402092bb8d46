import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { safeNextPath } from '../lib/safe-next.ts';
import {
  describeAuthError,
  validateAuthForm,
  type AuthClientError,
  type FieldErrors,
} from './auth-errors.ts';

export type AuthFormValues = { name?: string; email: string; password: string };

/**
 * The submit flow shared by sign-in and sign-up: validate on submit (and on every change after
 * the first submit), call Better Auth, show its error under the field it concerns or above the
 * form, then refresh every query and go to the `next` page.
 */
export function useAuthForm(mode: 'signin' | 'signup') {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [wasSubmitted, setWasSubmitted] = useState(false);

  const revalidate = (values: AuthFormValues) => {
    if (wasSubmitted) setFieldErrors(validateAuthForm(values, mode));
  };

  async function submit(
    values: AuthFormValues,
    call: () => Promise<{ error: AuthClientError | null }>,
    onSuccess?: () => void,
  ): Promise<void> {
    setWasSubmitted(true);
    setFormError(null);
    const errors = validateAuthForm(values, mode);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;

    setIsSubmitting(true);
    let isDone = false;
    try {
      const { error } = await call();
      if (error) {
        const failure = describeAuthError(error);
        if (failure.field) setFieldErrors({ [failure.field]: failure.message });
        else setFormError(failure.message);
        return;
      }
      await queryClient.invalidateQueries();
      onSuccess?.();
      void navigate(next, { replace: true });
      isDone = true;
    } catch {
      setFormError('Kiln could not be reached. Check your connection and try again.');
    } finally {
      // After success the form stays as it is ('Creating account…') until the next page has
      // loaded and replaces it: the page would otherwise redirect to itself and render nothing
      // while the next page's code loads (a blank main area).
      if (!isDone) setIsSubmitting(false);
    }
  }

  return { next, fieldErrors, formError, isSubmitting, revalidate, submit };
}
