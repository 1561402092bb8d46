import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import type { Plan } from '../../core/plans/index.ts';
import { formatFileSize } from '../../core/display/index.ts';
import { cn } from '../lib/cn.ts';

const numberFormat = new Intl.NumberFormat('en');

/** What a plan includes, from the shared catalogue (the server enforces the same numbers). */
export function planFeatures(plan: Plan): string[] {
  return [
    `${numberFormat.format(plan.versionsPerWindow)} versions per ${plan.id === 'free' ? 'month' : 'billing period'}`,
    `Prompts up to ${numberFormat.format(plan.promptMaxChars)} characters`,
    `Up to ${numberFormat.format(plan.maxVersionsPerComponent)} versions per component`,
    `${plan.maxAttachments} attachments per prompt (PDF up to ${formatFileSize(plan.maxPdfBytes)})`,
    plan.canUploadImages ? `Image uploads up to ${formatFileSize(plan.maxImageBytes)}` : 'PDF attachments',
    'Live preview, code view, zip download',
  ];
}

const PREMIUM_EXTRAS = [
  'Private components',
  'Remix any public component',
  'Improve prompt, delete versions',
  'Deploy to a subdomain or your own domain',
  'Sync with GitHub',
];

interface PlanCardProps {
  plan: Plan;
  /** The price line; a plan without a public price says how it is obtained instead. */
  price: ReactNode;
  tagline: string;
  isHighlighted?: boolean;
  isCurrent?: boolean;
  action: ReactNode;
}

export function PlanCard({ plan, price, tagline, isHighlighted, isCurrent, action }: PlanCardProps) {
  const features = [...planFeatures(plan), ...(plan.id === 'premium' ? PREMIUM_EXTRAS : [])];
  return (
    <section
      aria-labelledby={`plan-${plan.id}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8',
        isHighlighted && 'border-brand/50 shadow-lg shadow-orange-900/5 ring-1 ring-brand/30',
      )}
    >
      {isHighlighted ? (
        <span className="absolute -top-3 left-6 rounded-full bg-brand-foreground px-2.5 py-0.5 text-xs font-semibold text-background">
          For builders
        </span>
      ) : null}
      <div className="flex items-center gap-2">
        <h2 id={`plan-${plan.id}`} className="text-lg font-semibold tracking-tight">
          {plan.name}
        </h2>
        {isCurrent ? (
          <span className="rounded-full border px-2 py-0.5 text-xs font-medium text-muted-foreground">
            Your plan
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{tagline}</p>
      <div className="mt-6 flex min-h-10 items-baseline gap-1">{price}</div>
      <div className="mt-6">{action}</div>
      <ul className="mt-8 flex flex-col gap-3 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}
