import type { ReactNode } from 'react';
import { Label } from './label.tsx';

interface FormFieldProps {
  id: string;
  label: string;
  /** A permanent hint under the field (replaced by the error while there is one). */
  hint?: ReactNode;
  error?: string | null;
  /** Something placed at the right of the label row, e.g. a 'Forgot password?' link. */
  labelAside?: ReactNode;
  children: ReactNode;
}

/**
 * A label, a control and its hint or error. The control must use `id`, and
 * `aria-describedby={describedBy(id, …)}` so the hint or error is read with it.
 */
export function FormField({ id, label, hint, error, labelAside, children }: FormFieldProps) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-[13px] leading-snug text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-[13px] leading-snug text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The aria-describedby value matching what FormField renders under the control. */
export function describedBy(
  id: string,
  error: string | null | undefined,
  hasHint: boolean,
): string | undefined {
  if (error) return `${id}-error`;
  return hasHint ? `${id}-hint` : undefined;
}
