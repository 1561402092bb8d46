import { and, asc, eq, sql } from 'drizzle-orm';
import { parseSnapshot } from '../../core/artifact/index.ts';
import type { IntegrationType } from '../../core/integrations/index.ts';
import {
  buildModelGuidance,
  type ExistingTable,
  type GuidanceIntegration,
} from '../../core/integrations/model-guidance.ts';
import { applyMigrationToSchema } from '../../core/integrations/model-guidance-schema.ts';
import type { PublicEnvFramework } from '../../core/integrations/public-env.ts';
import type { Config } from '../config.ts';
import { integrationCredentialsBox, openCredentials } from './credentials.ts';
import type { Database } from '../db/client.ts';
import { chatIntegrations, messages, userIntegrations } from '../db/schema/index.ts';
import type { ChatIntegrationService } from './chat-integrations.ts';

/**
 * Issue 16 item 3: the system prompt's integrations section for one chat. Only provider ids,
 * variable NAMES and table names reach the text (core/integrations/model-guidance.ts).
 */
export function createIntegrationGuidance(deps: {
  config: Config;
  db: Database;
  secret: string;
  chatIntegrations: ChatIntegrationService;
}) {
  const { db } = deps;
  // The same sealing key as the person's integrations: only the provider id is read here.
  const box = integrationCredentialsBox(deps);

  async function enabled(chatId: string): Promise<GuidanceIntegration[]> {
    const rows = await db
      .select({ type: userIntegrations.integrationType, sealed: userIntegrations.credentialsEncrypted })
      .from(chatIntegrations)
      .innerJoin(userIntegrations, eq(chatIntegrations.integrationId, userIntegrations.id))
      .where(eq(chatIntegrations.chatId, chatId))
      .orderBy(asc(userIntegrations.integrationType));
    const out: GuidanceIntegration[] = [];
    for (const row of rows) {
      // Keys that no longer open (KILN_SECRET changed): the integration cannot be used.
      const stored = openCredentials(box, row.sealed);
      if (stored) out.push({ type: row.type as IntegrationType, provider: stored.provider });
    }
    return out;
  }

  /** Tables and columns after the migrations this chat has run, read from each version's snapshot. */
  async function existingTables(chatId: string): Promise<ExistingTable[]> {
    const rows = await db
      .select({ code: messages.artifactCode, executed: messages.migrationsExecuted })
      .from(messages)
      .where(
        and(
          eq(messages.chatId, chatId),
          eq(messages.role, 'assistant'),
          sql`jsonb_array_length(${messages.migrationsExecuted}) > 0`,
        ),
      )
      .orderBy(asc(messages.version));
    // Applied in the order they ran, whichever version each belongs to.
    const runs: { at: string; sql: string }[] = [];
    for (const row of rows) {
      const files = row.code ? parseSnapshot(row.code).files : [];
      for (const run of row.executed) {
        const file = files.find((candidate) => candidate.name === run.name);
        if (file && typeof file.content === 'string') runs.push({ at: run.executed_at, sql: file.content });
      }
    }
    runs.sort((a, b) => a.at.localeCompare(b.at));
    let tables: ExistingTable[] = [];
    for (const run of runs) tables = await applyMigrationToSchema(tables, run.sql);
    return tables;
  }

  return async function guidance(chatId: string, framework: PublicEnvFramework): Promise<string> {
    const integrations = await enabled(chatId);
    if (integrations.length === 0) return '';
    const publicEnvNames = Object.keys(await deps.chatIntegrations.publicEnv(chatId));
    return buildModelGuidance({
      framework,
      integrations,
      publicEnvNames,
      existingTables: await existingTables(chatId),
    });
  };
}
