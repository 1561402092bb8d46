import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; omit when a visible label already says what is loading. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <>
      <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}
