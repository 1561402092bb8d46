import type { Plan } from '../../core/plans/index.ts';

const numberFormat = new Intl.NumberFormat('en');

/** The plan limits people care about, from the shared plan catalogue. */
export function PlanSummary({ plan }: { plan: Plan }) {
  const rows: Array<[string, string]> = [
    [
      'Versions',
      `${numberFormat.format(plan.versionsPerWindow)} per ${plan.id === 'free' ? 'month' : 'billing period'}`,
    ],
    ['Prompt length', `${numberFormat.format(plan.promptMaxChars)} characters`],
    ['Versions per component', numberFormat.format(plan.maxVersionsPerComponent)],
    ['Image uploads', plan.canUploadImages ? 'Included' : 'Premium only'],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term} className="flex items-baseline justify-between gap-4 border-b border-dashed pb-2">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
