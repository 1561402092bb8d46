import { ChevronDown } from 'lucide-react';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import type { DeployVersionOption } from './deploy-versions.ts';

interface VersionSelectProps {
  id: string;
  options: readonly DeployVersionOption[];
  value: number | null;
  onChange: (version: number) => void;
  disabled?: boolean;
  describedBy?: string;
}

/** Spec §2: the version selector, labelled '(Latest)' and '(Currently Deployed)'. */
export function VersionSelect({ id, options, value, onChange, disabled, describedBy }: VersionSelectProps) {
  const isEmpty = options.length === 0;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Version</Label>
      <div className="relative">
        <select
          id={id}
          value={value ?? ''}
          disabled={disabled || isEmpty}
          aria-describedby={describedBy}
          onChange={(event) => onChange(Number(event.target.value))}
          className={cn(
            'flex h-10 w-full min-w-0 appearance-none rounded-lg border border-input bg-background py-0 pr-9 pl-3 text-[15px] shadow-xs sm:text-sm',
            'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none',
            'disabled:cursor-not-allowed disabled:opacity-60',
          )}
        >
          {isEmpty ? (
            <option value="">No finished version yet</option>
          ) : (
            options.map((option) => (
              <option key={option.version} value={option.version}>
                {option.label}
              </option>
            ))
          )}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </div>
  );
}
