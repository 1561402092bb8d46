import { Hono } from 'hono';
import { parseSnapshot } from '../../core/artifact/index.ts';
import { categorizeFile } from '../../core/artifact/categories.ts';
import { inspectMigrationSql } from '../../core/sql/index.ts';
import { requireChat } from '../chats/access.ts';
import { findAssistantMessage } from '../chats/versions.ts';
import type { Database } from '../db/client.ts';
import { ServiceError } from '../http/errors.ts';
import { requireVersionNumber } from '../http/validate.ts';
import type { AppEnv } from '../http/viewer.ts';

/**
 * Spec §3 "Migration file": the created tables and policies of each migration of a version.
 * The parser is libpg-query's WASM build of PostgreSQL's grammar, which stays on the server
 * rather than growing the editor's bundle by megabytes.
 */
export function migrationInspectRoutes(db: Database) {
  return new Hono<AppEnv>().get('/chats/:id/versions/:version/migrations', async (c) => {
    const number = requireVersionNumber(c.req.param('version'));
    const chat = await requireChat(db, c.var.viewer, c.req.param('id'), 'view');
    const message = await findAssistantMessage(db, chat.id, number);
    if (!message) throw new ServiceError(404, 'version-not-found', 'Version not found');
    const files = parseSnapshot(message.artifactCode).files.filter(
      (file) => categorizeFile(file.name) === 'migration',
    );
    const migrations = [];
    for (const file of files) {
      const inspection = await inspectMigrationSql(file.content);
      migrations.push(
        inspection.ok
          ? { name: file.name, tables: inspection.tables, policies: inspection.policies, error: null }
          : { name: file.name, tables: [], policies: [], error: inspection.message },
      );
    }
    return c.json({ migrations });
  });
}
