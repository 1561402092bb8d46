import { and, eq, sql } from 'drizzle-orm';
import { parseSnapshot } from '../../core/artifact/index.ts';
import { categorizeFile } from '../../core/artifact/categories.ts';
import { findProvider } from '../../core/integrations/index.ts';
import { inspectMigrationSql } from '../../core/sql/index.ts';
import { validateMigrationRun } from '../../core/validation/migration-run.ts';
import { requireChat } from '../chats/access.ts';
import type { Database } from '../db/client.ts';
import { messages, type MigrationExecuted } from '../db/schema/index.ts';
import { ServiceError } from '../http/errors.ts';
import type { RequestViewer } from '../http/viewer.ts';
import { unsafeEndpoint, type ResolveHost } from './address-guard.ts';
import type { ChatIntegrationService } from './chat-integrations.ts';
import {
  pinnedPostgresConfig,
  RefusedConnectionStringError,
  UnsafeEndpointError,
} from './pinned-endpoints.ts';

export interface RunMigrationInput {
  chatId?: string | null;
  sql?: string | null;
  migrationName: string;
  messageId: string;
}

const STATEMENT_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 10_000;
const FAILED = 'Migration Failed';

/**
 * `POST /api/integrations/run-migration` (spec §7, issue 16 item 5): runs a migration exactly as
 * the model wrote it into that version's snapshot — the SQL in the request must equal the file's,
 * so Kiln never runs SQL a browser made up — against the chat's hosted database, in one
 * transaction with a statement timeout, once; records `{name, executed_at}` on the message.
 */
export function createMigrationRunner(deps: {
  db: Database;
  chatIntegrations: ChatIntegrationService;
  allowPrivateAddresses: boolean;
  resolve?: ResolveHost;
}) {
  const { db } = deps;
  const policy = { allowPrivate: deps.allowPrivateAddresses, resolve: deps.resolve };
  const running = new Set<string>();

  return async function runMigration(viewer: RequestViewer, input: RunMigrationInput) {
    const checked = validateMigrationRun({ chatId: input.chatId, sql: input.sql });
    if (!checked.ok) throw ServiceError.fromUserError(checked.error);
    const chat = await requireChat(db, viewer, checked.value.chatId, 'runMigration');
    const [message] = await db
      .select()
      .from(messages)
      .where(
        and(eq(messages.id, input.messageId), eq(messages.chatId, chat.id), eq(messages.role, 'assistant')),
      )
      .limit(1);
    if (!message) throw new ServiceError(404, 'version-not-found', 'Version not found');
    const file = parseSnapshot(message.artifactCode).files.find(
      (candidate) => candidate.name === input.migrationName && categorizeFile(candidate.name) === 'migration',
    );
    if (!file || file.content.trim() !== checked.value.sql.trim()) {
      throw new ServiceError(
        400,
        'migration-not-in-version',
        'This migration is not the one in this version.',
        {
          title: FAILED,
        },
      );
    }
    const key = `${message.id}\0${file.name}`;
    if (running.has(key) || message.migrationsExecuted.some((done) => done.name === file.name)) {
      throw new ServiceError(409, 'migration-already-run', 'This migration has already been run.', {
        title: FAILED,
      });
    }
    const database = await deps.chatIntegrations.database(chat.id);
    const provider = database ? findProvider(database.stored.provider) : undefined;
    const connectionString =
      database?.stored.values.databaseUrl ?? database?.stored.values.connectionString ?? null;
    if (!database || !provider || typeof connectionString !== 'string') {
      throw new ServiceError(409, 'no-integration', 'Please configure an integration in settings first', {
        title: 'No integration available',
      });
    }
    const unsafe = await unsafeEndpoint(provider, database.stored.values, policy);
    if (unsafe) throw new ServiceError(400, 'unsafe-address', unsafe, { title: FAILED });
    // The client connects to the address checked now, never to a later DNS answer (rebinding).
    const label =
      provider.fields.find((field) => field.endpoint === 'postgres')?.label ?? 'Connection string';
    const config = await pinnedPostgresConfig(label, connectionString, policy).catch((error: unknown) => {
      if (error instanceof UnsafeEndpointError)
        throw new ServiceError(400, 'unsafe-address', error.message, { title: FAILED });
      // A row stored before the connection-string rule existed: the save-time refusal, never pg.
      if (error instanceof RefusedConnectionStringError)
        throw new ServiceError(400, 'invalid-credentials', error.message, { title: FAILED });
      throw error;
    });

    running.add(key);
    try {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      try {
        await client.connect();
        await client.query('begin');
        await client.query(`set local statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
        await client.query(file.content);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        const pgError = error as { message?: string; position?: string };
        const position = pgError.position ? ` (at character ${pgError.position})` : '';
        throw new ServiceError(
          422,
          'migration-failed',
          `${pgError.message ?? 'The database refused the migration.'}${position}`,
          {
            title: FAILED,
            position: pgError.position ? Number(pgError.position) : null,
          },
        );
      } finally {
        await client.end().catch(() => undefined);
      }
      const executed: MigrationExecuted = { name: file.name, executed_at: new Date().toISOString() };
      const [updated] = await db
        .update(messages)
        .set({
          migrationsExecuted: sql`${messages.migrationsExecuted} || ${JSON.stringify([executed])}::jsonb`,
        })
        .where(eq(messages.id, message.id))
        .returning({ migrationsExecuted: messages.migrationsExecuted });
      const inspection = await inspectMigrationSql(file.content);
      const tables = inspection.ok ? inspection.tables.length : 0;
      return {
        migrationsExecuted: updated?.migrationsExecuted ?? [executed],
        error: null,
        message: `Successfully created ${tables} table(s) in your ${provider.label} database`,
      };
    } finally {
      running.delete(key);
    }
  };
}
