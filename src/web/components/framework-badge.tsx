import { cn } from '../lib/cn.ts';
import { FRAMEWORK_DOT_CLASSES, FRAMEWORK_LABELS, type Framework } from '../lib/frameworks.ts';

export function FrameworkBadge({ framework, className }: { framework: Framework; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border bg-background px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground/80',
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', FRAMEWORK_DOT_CLASSES[framework])} />
      {FRAMEWORK_LABELS[framework]}
    </span>
  );
}
