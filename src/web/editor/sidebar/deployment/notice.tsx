import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

const TONES = {
  info: 'border-border bg-muted/60 text-foreground [&>svg]:text-muted-foreground',
  brand: 'border-brand/20 bg-brand-soft text-brand-foreground [&>svg]:text-brand',
  warning:
    'border-amber-300/60 bg-amber-50 text-amber-950 dark:border-amber-400/25 dark:bg-amber-950/40 dark:text-amber-100 [&>svg]:text-amber-600 dark:[&>svg]:text-amber-400',
  success:
    'border-emerald-600/20 bg-emerald-50 text-emerald-950 dark:border-emerald-400/20 dark:bg-emerald-950/50 dark:text-emerald-50 [&>svg]:text-emerald-600 dark:[&>svg]:text-emerald-400',
} as const;

interface NoticeProps extends Omit<ComponentProps<'div'>, 'title'> {
  tone?: keyof typeof TONES;
  icon: ReactNode;
  title: ReactNode;
}

/** A titled note in the Deployment tab (View Only, premium upsell, Deployment Required…). */
export function Notice({ tone = 'info', icon, title, className, children, ...props }: NoticeProps) {
  return (
    <div
      className={cn(
        'flex items-start gap-2.5 rounded-xl border px-3 py-2.5 text-[13px] leading-snug [&>svg]:mt-px [&>svg]:size-4 [&>svg]:shrink-0',
        TONES[tone],
        className,
      )}
      {...props}
    >
      {icon}
      <div className="grid min-w-0 gap-0.5">
        <p className="font-semibold">{title}</p>
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
