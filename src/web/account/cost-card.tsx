import { useQuery } from '@tanstack/react-query';
import { formatTokens, formatUsd, type UsageTotal } from '../../core/costs/index.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { apiFetch } from '../lib/api.ts';

interface UsageResponse {
  month: UsageTotal & { start: string; end: string; budgetUsd: number | null };
}

const monthFormat = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** /account: tokens and dollars of this month's answers, and the plan's budget (GET /api/me/usage). */
export function CostCard({ userId }: { userId: string }) {
  const query = useQuery({
    queryKey: ['me', userId, 'usage'],
    queryFn: ({ signal }) => apiFetch<UsageResponse>('/api/me/usage', { signal }),
  });
  const month = query.data?.month;
  return (
    <Card>
      <CardHeader>
        <CardTitle>AI usage</CardTitle>
        <CardDescription>
          {month
            ? `Tokens of the versions generated in ${monthFormat.format(new Date(month.start))}.`
            : 'Tokens of the versions generated this month.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {month ? (
          <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4" data-testid="month-usage">
            <Figure label="Input tokens" value={formatTokens(month.inputTokens)} />
            <Figure label="Cached input" value={formatTokens(month.cachedInputTokens)} />
            <Figure label="Output tokens" value={formatTokens(month.outputTokens)} />
            <Figure
              label={month.budgetUsd === null ? 'Cost' : `Cost of ${formatUsd(month.budgetUsd)} budget`}
              value={month.isPriced || month.budgetUsd !== null ? formatUsd(month.costUsd) : '—'}
            />
          </dl>
        ) : query.isError ? (
          <p className="text-sm text-destructive">Usage could not be loaded: {query.error.message}</p>
        ) : (
          <Skeleton className="h-12" />
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
