import type { ReactNode } from 'react';
import { ToggleGroup } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
}

interface SegmentedControlProps<T extends string> {
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange: (value: T) => void;
  label: string;
  className?: string;
  /** Show only the icons (the label stays for screen readers) below the sm breakpoint. */
  compact?: boolean;
}

/** Two or three mutually exclusive choices in one pill (Preview / Code). */
export function SegmentedControl<T extends string>({
  value,
  options,
  onChange,
  label,
  className,
  compact = false,
}: SegmentedControlProps<T>) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      aria-label={label}
      onValueChange={(next) => {
        if (next) onChange(next as T);
      }}
      className={cn('inline-flex items-center gap-0.5 rounded-lg bg-muted p-0.5', className)}
    >
      {options.map((option) => (
        <ToggleGroup.Item
          key={option.value}
          value={option.value}
          aria-label={option.label}
          className="inline-flex h-7 items-center gap-1.5 rounded-md px-2.5 text-[13px] font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-xs [&_svg]:size-3.5"
        >
          {option.icon}
          <span className={compact ? 'hidden sm:inline' : undefined}>{option.label}</span>
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
