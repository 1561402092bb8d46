import { useId } from 'react';
import { CircleCheck, CircleX, Pencil, PlugZap } from 'lucide-react';
import { findProvider } from '../../../core/integrations/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { RemoveIntegrationButton } from './remove-integration-button.tsx';
import { useTestIntegration, type Integration } from './queries.ts';

interface IntegrationItemProps {
  userId: string;
  integration: Integration;
  onEdit: () => void;
}

/** One configured integration: what it is (secrets masked), Test connection with its result, Edit, Remove. */
export function IntegrationItem({ userId, integration, onEdit }: IntegrationItemProps) {
  const id = useId();
  const test = useTestIntegration();
  const provider = findProvider(integration.provider);
  const shown = (provider?.fields ?? []).filter(
    (field) => field.kind !== 'integration' && integration.credentials[field.name],
  );
  const result = test.data ?? (test.error ? { ok: false, message: test.error.message } : null);

  return (
    <li aria-labelledby={`${id}-name`} className="grid gap-3 rounded-xl border bg-background p-3.5">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1">
          <p id={`${id}-name`} className="truncate text-sm font-medium">
            {integration.name}
          </p>
          {integration.name !== integration.providerLabel ? (
            <p className="text-[13px] text-muted-foreground">{integration.providerLabel}</p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {integration.problem ? null : (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => test.mutate(integration.id)}
                disabled={test.isPending}
                aria-busy={test.isPending || undefined}
                aria-label={`Test connection to ${integration.name}`}
                aria-describedby={result ? `${id}-result` : undefined}
              >
                {test.isPending ? <Spinner /> : <PlugZap aria-hidden="true" />}
                {test.isPending ? 'Testing...' : 'Test connection'}
              </Button>
              <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${integration.name}`}>
                <Pencil aria-hidden="true" />
                <span className="max-sm:sr-only">Edit</span>
              </Button>
            </>
          )}
          <RemoveIntegrationButton userId={userId} integration={integration} />
        </div>
      </div>
      {integration.problem ? (
        <p className="rounded-lg border border-destructive/30 bg-destructive/5 p-2.5 text-[13px] text-destructive">
          {integration.problem}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <dl className="grid gap-x-4 gap-y-1 text-[13px] sm:grid-cols-[max-content_1fr]">
          {shown.map((field) => (
            <div key={field.name} className="contents">
              <dt className="text-muted-foreground">{field.label}</dt>
              <dd className="min-w-0 truncate font-mono text-xs leading-5">
                {integration.credentials[field.name]}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div role="status" aria-live="polite">
        {result && !test.isPending ? (
          <p
            id={`${id}-result`}
            className={cn(
              'flex items-start gap-2 rounded-lg border p-2.5 text-[13px] leading-snug',
              result.ok
                ? 'border-emerald-600/25 bg-emerald-600/5 text-emerald-800 dark:text-emerald-300'
                : 'border-destructive/30 bg-destructive/5 text-destructive',
            )}
          >
            {result.ok ? (
              <CircleCheck aria-hidden="true" className="mt-px size-4 shrink-0" />
            ) : (
              <CircleX aria-hidden="true" className="mt-px size-4 shrink-0" />
            )}
            <span>
              <span className="font-medium">{result.ok ? 'Connection works. ' : 'Connection failed. '}</span>
              {result.message}
            </span>
          </p>
        ) : null}
      </div>
    </li>
  );
}
