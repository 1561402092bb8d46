import { Globe, Lock } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

const OPTIONS = [
  { value: true, label: 'Private', hint: 'Only you and the people you invite can see it.', icon: Lock },
  { value: false, label: 'Public', hint: 'Anyone on the internet can see it.', icon: Globe },
] as const;

interface VisibilityChoiceProps {
  name: string;
  isPrivate: boolean;
  onChange: (isPrivate: boolean) => void;
  disabled?: boolean;
}

/** The new repository's visibility: two radio cards, private first (the default, issue 15). */
export function VisibilityChoice({ name, isPrivate, onChange, disabled }: VisibilityChoiceProps) {
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm leading-none font-medium">Visibility</legend>
      <div className="grid gap-2 min-[420px]:grid-cols-2">
        {OPTIONS.map((option) => {
          const isChecked = option.value === isPrivate;
          return (
            <label
              key={option.label}
              className={cn(
                'flex cursor-pointer items-start gap-2.5 rounded-xl border p-3 transition-colors has-[:focus-visible]:border-ring has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/25',
                isChecked ? 'border-foreground/30 bg-accent/60' : 'hover:bg-accent/40',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name={name}
                checked={isChecked}
                onChange={() => onChange(option.value)}
                className="mt-0.5 size-4 shrink-0 accent-foreground"
              />
              <span className="grid gap-0.5">
                <span className="flex items-center gap-1.5 text-sm font-medium">
                  <option.icon aria-hidden="true" className="size-3.5 text-muted-foreground" />
                  {option.label}
                </span>
                <span className="text-[13px] leading-snug text-muted-foreground">{option.hint}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
