import { ChevronDown } from 'lucide-react';
import { FRAMEWORKS, type Framework } from '../../core/frameworks/index.ts';
import { Button } from '../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.tsx';
import { cn } from '../lib/cn.ts';
import { FRAMEWORK_DOT_CLASSES, FRAMEWORK_LABELS } from '../lib/frameworks.ts';

interface FrameworkPickerProps {
  value: Framework;
  onChange: (framework: Framework) => void;
}

/** Which framework the new component is written in (spec §9: html, react, svelte, vue, angular). */
export function FrameworkPicker({ value, onChange }: FrameworkPickerProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="gap-1.5 px-2.5"
          aria-label={`Framework: ${FRAMEWORK_LABELS[value]}. Change framework`}
        >
          <span aria-hidden="true" className={cn('size-2 rounded-full', FRAMEWORK_DOT_CLASSES[value])} />
          {FRAMEWORK_LABELS[value]}
          <ChevronDown aria-hidden="true" className="size-3.5 text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-44">
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">Framework</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={value} onValueChange={(next) => onChange(next as Framework)}>
          {FRAMEWORKS.map((framework) => (
            <DropdownMenuRadioItem key={framework} value={framework}>
              <span
                aria-hidden="true"
                className={cn('size-2 rounded-full', FRAMEWORK_DOT_CLASSES[framework])}
              />
              {FRAMEWORK_LABELS[framework]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
