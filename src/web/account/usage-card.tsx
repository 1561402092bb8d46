import type { MeResponse } from '../auth/use-me.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { cn } from '../lib/cn.ts';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/** Versions used in the current window, when it resets, and extra versions left. */
export function UsageCard({
  quota,
  isPremium,
}: {
  quota: NonNullable<MeResponse['quota']>;
  isPremium: boolean;
}) {
  const share = quota.versionLimit > 0 ? Math.min(1, quota.versionsUsed / quota.versionLimit) : 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage</CardTitle>
        <CardDescription>
          {isPremium ? 'Versions this billing period.' : 'Versions this month, counted from the 1st.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-baseline justify-between text-sm">
          <span>
            <span className="text-2xl font-semibold tabular-nums">{quota.versionsUsed}</span>
            <span className="text-muted-foreground"> / {quota.versionLimit} versions</span>
          </span>
          <span className="text-muted-foreground">
            Version limit resets on {dateFormat.format(new Date(quota.resetsAt))}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Versions used"
          aria-valuemin={0}
          aria-valuemax={quota.versionLimit}
          aria-valuenow={quota.versionsUsed}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full bg-brand transition-[width]', share >= 1 && 'bg-destructive')}
            style={{ width: `${share * 100}%` }}
          />
        </div>
        <p className="text-sm text-muted-foreground">
          {quota.credits > 0
            ? `${quota.credits} extra ${quota.credits === 1 ? 'version' : 'versions'} left after that.`
            : 'No extra versions bought.'}
        </p>
      </CardContent>
    </Card>
  );
}
