import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  findProvider,
  INTEGRATION_TYPE_IDS,
  type IntegrationType,
  type StoredCredentials,
} from '../../core/integrations/index.ts';
import { publicEnv, type PublicEnvFramework } from '../../core/integrations/public-env.ts';
import type { EnabledIntegrationValues } from '../../core/integrations/server-env.ts';
import { findChatById, requireChat } from '../chats/access.ts';
import type { Config } from '../config.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import { integrationCredentialsBox, openCredentials } from './credentials.ts';
import type { Database } from '../db/client.ts';
import { chatIntegrations, userIntegrations } from '../db/schema/index.ts';
import { ServiceError } from '../http/errors.ts';
import type { RequestViewer } from '../http/viewer.ts';

/** One type's state in a chat (docs/api.md `ChatIntegrations`). */
export interface ChatIntegrationType {
  type: IntegrationType;
  enabledIntegrationId: string | null;
  integrations: { id: string; name: string; provider: string }[];
}

type Row = typeof userIntegrations.$inferSelect;

/**
 * The integrations enabled on a chat (issue 16 item 2): at most one per type, always one of the
 * chat owner's own; and the public variables they give the chat's previews (item 4).
 */
export function createChatIntegrationService(deps: { db: Database; box: SecretBox }) {
  const { db, box } = deps;

  const open = (row: Row) => openCredentials(box, row.credentialsEncrypted);

  async function enabledRows(chatId: string): Promise<Row[]> {
    const rows = await db
      .select({ integration: userIntegrations })
      .from(chatIntegrations)
      .innerJoin(userIntegrations, eq(chatIntegrations.integrationId, userIntegrations.id))
      .where(eq(chatIntegrations.chatId, chatId))
      .orderBy(asc(userIntegrations.integrationType));
    return rows.map((r) => r.integration);
  }

  async function disableType(chatId: string, type: IntegrationType, tx: Pick<Database, 'delete' | 'select'>) {
    const ofType = await tx
      .select({ id: userIntegrations.id })
      .from(chatIntegrations)
      .innerJoin(userIntegrations, eq(chatIntegrations.integrationId, userIntegrations.id))
      .where(and(eq(chatIntegrations.chatId, chatId), eq(userIntegrations.integrationType, type)));
    if (ofType.length === 0) return;
    await tx.delete(chatIntegrations).where(
      and(
        eq(chatIntegrations.chatId, chatId),
        inArray(
          chatIntegrations.integrationId,
          ofType.map((r) => r.id),
        ),
      ),
    );
  }

  const service = {
    async list(viewer: RequestViewer, chatId: string): Promise<{ types: ChatIntegrationType[] }> {
      const chat = await requireChat(db, viewer, chatId, 'manageIntegrations');
      const mine = await db
        .select()
        .from(userIntegrations)
        .where(eq(userIntegrations.userId, chat.userId))
        .orderBy(asc(userIntegrations.createdAt), asc(userIntegrations.id));
      const enabled = new Set((await enabledRows(chat.id)).map((row) => row.id));
      return {
        types: INTEGRATION_TYPE_IDS.map((type) => {
          const ofType = mine.filter((row) => row.integrationType === type);
          return {
            type,
            enabledIntegrationId: ofType.find((row) => enabled.has(row.id))?.id ?? null,
            integrations: ofType.map((row) => ({
              id: row.id,
              name: row.name,
              provider: open(row)?.provider ?? '',
            })),
          };
        }),
      };
    },

    /** Enables one of the owner's integrations of `type`, replacing the one enabled before. */
    async enable(viewer: RequestViewer, chatId: string, type: IntegrationType, integrationId: string) {
      const chat = await requireChat(db, viewer, chatId, 'manageIntegrations');
      const [row] = await db
        .select()
        .from(userIntegrations)
        .where(and(eq(userIntegrations.id, integrationId), eq(userIntegrations.userId, chat.userId)))
        .limit(1);
      // Someone else's integration and a missing one are the same 404.
      if (!row) throw new ServiceError(404, 'not-found', 'Integration not found');
      if (row.integrationType !== type)
        throw new ServiceError(
          400,
          'wrong-integration-type',
          `This integration is not a ${type} integration`,
        );
      await db.transaction(async (tx) => {
        await disableType(chat.id, type, tx);
        await tx.insert(chatIntegrations).values({ chatId: chat.id, integrationId: row.id });
      });
      return service.list(viewer, chat.id);
    },

    async disable(viewer: RequestViewer, chatId: string, type: IntegrationType) {
      const chat = await requireChat(db, viewer, chatId, 'manageIntegrations');
      await disableType(chat.id, type, db);
      return service.list(viewer, chat.id);
    },

    /** The chat's enabled hosted-database integration, opened (null when none, or unreadable). */
    async database(chatId: string): Promise<{ name: string; stored: StoredCredentials } | null> {
      const row = (await enabledRows(chatId)).find((candidate) => candidate.integrationType === 'database');
      const stored = row ? open(row) : null;
      return row && stored ? { name: row.name, stored } : null;
    },

    /**
     * The chat's enabled integrations, opened (provider and decrypted values), for its app
     * server's environment (issue 22 item 4, core `serverEnv`) and the egress rule's endpoints.
     * Held only while a server starts; never written anywhere.
     */
    async serverValues(chatId: string): Promise<EnabledIntegrationValues[]> {
      const enabled: EnabledIntegrationValues[] = [];
      for (const row of await enabledRows(chatId)) {
        const stored = open(row);
        if (stored && findProvider(stored.provider))
          enabled.push({ providerId: stored.provider, values: stored.values });
      }
      return enabled;
    },

    /**
     * `getIntegrationsForWebcontainer` (spec §7): the public variables of the chat's enabled
     * integrations, for the preview's `.env.local`. Secrets never appear (core/public-env).
     */
    async publicEnv(chatId: string): Promise<Record<string, string>> {
      const chat = await findChatById(db, chatId);
      if (!chat) return {};
      const env: Record<string, string> = {};
      for (const row of await enabledRows(chat.id)) {
        let stored = open(row);
        // Supabase Auth uses the project of one of the owner's Supabase database integrations.
        if (stored?.provider === 'supabase-auth') {
          const [linked] = await db
            .select()
            .from(userIntegrations)
            .where(
              and(
                eq(userIntegrations.id, String(stored.values.databaseIntegrationId)),
                eq(userIntegrations.userId, chat.userId),
              ),
            )
            .limit(1);
          stored = linked ? open(linked) : null;
        }
        if (!stored || !findProvider(stored.provider)) continue;
        Object.assign(env, publicEnv(chat.framework as PublicEnvFramework, stored.provider, stored.values));
      }
      return env;
    },
  };
  return service;
}

export type ChatIntegrationService = ReturnType<typeof createChatIntegrationService>;

/** Built once by the composition root, with the same sealing key as the person's integrations. */
export function createChatIntegrations(deps: {
  config: Config;
  db: Database;
  secret: string;
}): ChatIntegrationService {
  return createChatIntegrationService({ db: deps.db, box: integrationCredentialsBox(deps) });
}
