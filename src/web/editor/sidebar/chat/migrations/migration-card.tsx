import { useState } from 'react';
import { CheckCircle2, ChevronDown, Copy, Database, Play } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { ApiError } from '../../../../lib/api.ts';
import type { MigrationInspectionView } from '../../../data/migration-inspect-query.ts';
import { RelativeDate } from '../../../../profile/relative-date.tsx';
import { cn } from '../../../../lib/cn.ts';
import { migrationCardId, type VersionMigration } from './migration-status.ts';

interface MigrationCardProps {
  migration: VersionMigration;
  /** Created tables and policies (spec §3), once the server has parsed the SQL. */
  inspection: MigrationInspectionView | null;
  /** Authorized users see 'Run' on a pending migration. */
  canRun: boolean;
  /** Spec §5: 'Running is disabled while generating'. */
  disabled: boolean;
  isRunning: boolean;
  onRun: () => void;
}

/** Spec §2 "Migration cards": name, 'View SQL', copy, applied (with its date) or pending with 'Run'. */
export function MigrationCard({
  migration,
  inspection,
  canRun,
  disabled,
  isRunning,
  onRun,
}: MigrationCardProps) {
  const [open, setOpen] = useState(false);
  const applied = migration.appliedAt !== null;
  const sqlId = `${migrationCardId(migration.name)}-sql`;
  return (
    <section
      id={migrationCardId(migration.name)}
      aria-label={`Migration ${migration.name}`}
      className="scroll-mt-4 overflow-hidden rounded-xl border bg-card shadow-xs"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2">
        <Database aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
        {/* The file name tells migrations apart: shown whole (the status wraps below it), its folder in the title. */}
        <span className="min-w-0 flex-auto font-mono text-xs break-all" title={migration.name}>
          {migration.name.split('/').pop()}
        </span>
        {applied ? (
          <Badge className="shrink-0 gap-1 text-emerald-700 dark:text-emerald-400">
            <CheckCircle2 aria-hidden="true" /> Applied <RelativeDate date={migration.appliedAt ?? ''} />
          </Badge>
        ) : (
          <Badge className="shrink-0 text-amber-700 dark:text-amber-400">Pending</Badge>
        )}
      </div>
      {inspection && (inspection.tables.length > 0 || inspection.policies.length > 0) ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 px-3 pb-2 text-xs">
          {inspection.tables.length > 0 ? (
            <>
              <dt className="text-muted-foreground">Tables</dt>
              <dd className="min-w-0 font-mono break-words">{inspection.tables.join(', ')}</dd>
            </>
          ) : null}
          {inspection.policies.length > 0 ? (
            <>
              <dt className="text-muted-foreground">Policies</dt>
              <dd className="min-w-0 break-words">
                {inspection.policies.map((policy) => `${policy.name} (${policy.table})`).join(', ')}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <div className="flex items-center gap-1 border-t bg-surface px-2 py-1">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={sqlId}
          onClick={() => setOpen((value) => !value)}
        >
          <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
          {open ? 'Hide SQL' : 'View SQL'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Copy the SQL of ${migration.name}`}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(migration.sql);
              toast.success('Successfully copied');
            } catch {
              toast.error('Copy Failed', {
                description: 'Your browser did not allow access to the clipboard.',
              });
            }
          }}
        >
          <Copy aria-hidden="true" /> Copy
        </Button>
        {!applied && canRun ? (
          <Button size="sm" className="ml-auto" disabled={disabled || isRunning} onClick={onRun}>
            {isRunning ? <Spinner className="size-3.5" label="Running" /> : <Play aria-hidden="true" />} Run
          </Button>
        ) : null}
      </div>
      {open ? (
        <pre
          id={sqlId}
          aria-label={`SQL of ${migration.name}`}
          className="max-h-72 overflow-auto border-t bg-background px-3 py-2 font-mono text-xs whitespace-pre"
        >
          {migration.sql}
        </pre>
      ) : null}
    </section>
  );
}

/** The toast for a refused run: the premium notice on 402, else the server's title and message. */
export function migrationErrorToast(error: Error): void {
  if (error instanceof ApiError && error.status === 402) {
    toast.error('Premium account required', { description: error.message });
    return;
  }
  const title = error instanceof ApiError && error.title ? error.title : 'Migration Failed';
  toast.error(title, { description: error.message });
}
