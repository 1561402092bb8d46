import { CircleCheck, CircleX } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';

/** The answer of the last Check, for the subdomain it was asked about. */
export interface SubdomainAvailability {
  subdomain: string;
  available: boolean;
  reason: string | null;
}

interface SubdomainFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The host deployments live under, with its port ('.{host}' suffix). */
  host: string;
  /** Spec §2: the Check button only before the first deployment. */
  canCheck: boolean;
  onCheck: () => void;
  isChecking: boolean;
  availability: SubdomainAvailability | null;
  disabled?: boolean;
}

/** Spec §2: 'Subdomain input with a .{host} suffix and a Check button, with availability text'. */
export function SubdomainField({
  id,
  value,
  onChange,
  host,
  canCheck,
  onCheck,
  isChecking,
  availability,
  disabled,
}: SubdomainFieldProps) {
  const result = availability?.subdomain === value ? availability : null;
  const statusId = `${id}-status`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Subdomain</Label>
      <div className="flex gap-2">
        <div
          className={cn(
            'flex h-10 min-w-0 flex-1 items-center rounded-lg border border-input bg-background shadow-xs transition-[box-shadow,border-color]',
            'focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/25',
            result && !result.available && 'border-destructive focus-within:ring-destructive/20',
            // Not faded with opacity: the suffix must stay readable (contrast) while disabled.
            disabled && 'cursor-not-allowed bg-muted/60 text-muted-foreground',
          )}
        >
          <input
            id={id}
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && canCheck) {
                event.preventDefault();
                onCheck();
              }
            }}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            maxLength={63}
            aria-describedby={statusId}
            aria-invalid={result && !result.available ? true : undefined}
            className="h-full min-w-0 flex-1 bg-transparent pl-3 text-[15px] outline-none disabled:cursor-not-allowed sm:text-sm"
          />
          <span
            className="max-w-[55%] shrink-0 truncate pr-3 text-[15px] text-muted-foreground sm:text-sm"
            title={`.${host}`}
          >
            .{host}
          </span>
        </div>
        {canCheck ? (
          <Button variant="outline" className="h-10" onClick={onCheck} disabled={disabled || isChecking}>
            {isChecking ? <Spinner /> : null}
            Check
          </Button>
        ) : null}
      </div>
      <p id={statusId} aria-live="polite" className="min-h-4 text-[13px] leading-snug">
        {isChecking ? (
          <span className="text-muted-foreground">Checking availability…</span>
        ) : result ? (
          result.available ? (
            <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
              <CircleCheck aria-hidden="true" className="size-3.5 shrink-0" />
              {result.subdomain}.{host} is available
            </span>
          ) : (
            <span className="inline-flex items-center gap-1.5 text-destructive">
              <CircleX aria-hidden="true" className="size-3.5 shrink-0" />
              {result.reason ?? `${result.subdomain}.${host} is not available`}
            </span>
          )
        ) : (
          <span className="text-muted-foreground">
            Lowercase letters, numbers and hyphens; 3 to 63 characters.
          </span>
        )}
      </p>
    </div>
  );
}
