import { useMemo } from 'react';
import { toast } from 'sonner';
import { useMigrationInspection } from '../../../data/migration-inspect-query.ts';
import { useRunMigration } from '../../../data/use-run-migration.ts';
import { useEditor } from '../../../state/editor-context.ts';
import { MigrationCard, migrationErrorToast } from './migration-card.tsx';
import { versionMigrations } from './migration-status.ts';

interface MigrationCardsProps {
  messageId: string;
  version: number;
  files: readonly { name: string; content: string }[];
  executed: readonly { name: string; executed_at: string }[];
  isGenerating: boolean;
}

/** One card per migration file of the version, below its artifact (spec §2). */
export function MigrationCards({ messageId, version, files, executed, isGenerating }: MigrationCardsProps) {
  const { slug, data, permissions } = useEditor();
  const run = useRunMigration(slug);
  const migrations = useMemo(() => versionMigrations(files, executed), [files, executed]);
  const inspection = useMigrationInspection(data.chat.id, version, migrations.length > 0);
  if (migrations.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {migrations.map((migration) => (
        <MigrationCard
          key={migration.name}
          migration={migration}
          inspection={inspection.data?.migrations.find((item) => item.name === migration.name) ?? null}
          canRun={permissions.edit}
          disabled={isGenerating || run.isPending}
          isRunning={run.isPending && run.variables.migrationName === migration.name}
          onRun={() =>
            run.mutate(
              { chatId: data.chat.id, sql: migration.sql, migrationName: migration.name, messageId },
              {
                onSuccess: (result) => toast.success(result.message),
                onError: migrationErrorToast,
              },
            )
          }
        />
      ))}
    </div>
  );
}
