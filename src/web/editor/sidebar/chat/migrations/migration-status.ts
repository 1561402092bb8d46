import { categorizeFile } from '../../../../../core/artifact/categories.ts';

/** One migration file of a version, with whether it has been run (spec §3, `migrations_executed`). */
export interface VersionMigration {
  name: string;
  sql: string;
  /** When it ran (ISO), or null while pending. */
  appliedAt: string | null;
}

/**
 * The version's migration files in snapshot order. A file is applied when the message's
 * `migrationsExecuted` names it — the server records exactly the file name it ran.
 */
export function versionMigrations(
  files: readonly { name: string; content: string }[],
  executed: readonly { name: string; executed_at: string }[],
): VersionMigration[] {
  return files
    .filter((file) => categorizeFile(file.name) === 'migration')
    .map((file) => ({
      name: file.name,
      sql: file.content,
      appliedAt: executed.find((done) => done.name === file.name)?.executed_at ?? null,
    }));
}

export function pendingMigrations(migrations: readonly VersionMigration[]): VersionMigration[] {
  return migrations.filter((migration) => migration.appliedAt === null);
}

/** The DOM id of a migration card, so 'Run Migration' can scroll to the first pending one. */
export function migrationCardId(name: string): string {
  return `migration-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
