import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  checkCredentials,
  findProvider,
  maskedCredentials,
  mergeCredentials,
  type IntegrationType,
  type ProviderDefinition,
  type StoredCredentials,
} from '../../core/integrations/index.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Database } from '../db/client.ts';
import { userIntegrations } from '../db/schema/index.ts';
import { ServiceError } from '../http/errors.ts';
import { unsafeEndpoint, type ResolveHost } from './address-guard.ts';
import { testConnection, type ConnectionTestResult } from './connection-test.ts';

/** An integration as the browser sees it (docs/api.md `Integration`): secrets masked. */
export interface IntegrationView {
  id: string;
  name: string;
  type: IntegrationType;
  provider: string;
  providerLabel: string;
  credentials: Record<string, string>;
  /** Why the stored keys cannot be read (sealed with a secret this server no longer has); null when fine. */
  problem: string | null;
  createdAt: string;
}

export interface IntegrationInput {
  name?: string | undefined;
  type: IntegrationType;
  provider: string;
  credentials: Record<string, unknown>;
}

export interface IntegrationDeps {
  db: Database;
  box: SecretBox;
  allowPrivateAddresses: boolean;
  resolve?: ResolveHost;
}

type Row = typeof userIntegrations.$inferSelect;

const UNREADABLE = 'Kiln can no longer read these keys (KILN_SECRET changed). Remove it and add it again.';

/** A person's integrations (issue 16 item 1): credentials sealed at rest, never sent back whole. */
export function createIntegrationService(deps: IntegrationDeps) {
  const { db, box } = deps;

  function open(row: Row): { provider: ProviderDefinition; values: Record<string, unknown> } {
    let stored: StoredCredentials;
    try {
      stored = JSON.parse(box.open(row.credentialsEncrypted ?? '')) as StoredCredentials;
    } catch {
      throw new ServiceError(409, 'integration-unreadable', UNREADABLE);
    }
    const provider = findProvider(stored.provider);
    if (!provider) throw new ServiceError(500, 'unknown-provider', 'This integration’s provider is unknown.');
    return { provider, values: stored.values };
  }

  function view(row: Row): IntegrationView {
    let opened: ReturnType<typeof open>;
    try {
      opened = open(row);
    } catch {
      // One unreadable row must not hide the others: it is listed so that it can be removed.
      return {
        id: row.id,
        name: row.name,
        type: row.integrationType as IntegrationType,
        provider: '',
        providerLabel: 'Unknown',
        credentials: {},
        problem: UNREADABLE,
        createdAt: row.createdAt.toISOString(),
      };
    }
    const { provider, values } = opened;
    return {
      id: row.id,
      name: row.name,
      type: provider.type,
      provider: provider.id,
      providerLabel: provider.label,
      credentials: maskedCredentials(provider, values),
      problem: null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Whether a sealed value opens with this server's keys. */
  function opens(sealed: string): boolean {
    try {
      box.open(sealed);
      return true;
    } catch {
      return false;
    }
  }

  async function own(userId: string, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(userIntegrations)
      .where(and(eq(userIntegrations.id, id), eq(userIntegrations.userId, userId)))
      .limit(1);
    // Someone else's integration and a missing one are the same 404.
    if (!row) throw new ServiceError(404, 'not-found', 'Integration not found');
    return row;
  }

  /** The provider's schema, then the linked integration (auth), then the address-safety rule. */
  async function checked(
    userId: string,
    providerId: string,
    type: IntegrationType,
    values: Record<string, unknown>,
  ): Promise<{ provider: ProviderDefinition; values: Record<string, unknown> }> {
    const check = checkCredentials(providerId, values);
    if (!check.ok)
      throw new ServiceError(
        400,
        'invalid-credentials',
        check.message,
        check.field ? { field: check.field } : {},
      );
    if (check.provider.type !== type)
      throw new ServiceError(400, 'invalid-credentials', `${check.provider.label} is not a ${type} provider`);
    if (check.provider.id === 'supabase-auth')
      await supabaseDatabase(userId, String(check.values.databaseIntegrationId));
    const refusal = await unsafeEndpoint(check.provider, check.values, {
      allowPrivate: deps.allowPrivateAddresses,
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
    });
    if (refusal) throw new ServiceError(400, 'unsafe-address', refusal);
    return { provider: check.provider, values: check.values };
  }

  /** Supabase Auth uses one of the person's own Supabase database integrations. */
  async function supabaseDatabase(userId: string, id: string) {
    const [row] = await db
      .select()
      .from(userIntegrations)
      .where(and(eq(userIntegrations.id, id), eq(userIntegrations.userId, userId)))
      .limit(1);
    const linked = row && opens(row.credentialsEncrypted ?? '') ? open(row) : null;
    if (!row || linked?.provider.id !== 'supabase')
      throw new ServiceError(
        400,
        'invalid-credentials',
        'Supabase Auth needs one of your Supabase database integrations',
      );
    return { row, ...linked };
  }

  const seal = (provider: ProviderDefinition, values: Record<string, unknown>) =>
    box.seal(JSON.stringify({ provider: provider.id, values } satisfies StoredCredentials));

  return {
    async list(userId: string): Promise<IntegrationView[]> {
      const rows = await db
        .select()
        .from(userIntegrations)
        .where(eq(userIntegrations.userId, userId))
        .orderBy(asc(userIntegrations.createdAt), asc(userIntegrations.id));
      // After KILN_SECRET changed, values sealed with a previous secret are sealed again with the new one.
      for (const row of rows) {
        if (
          !row.credentialsEncrypted ||
          !box.isStale(row.credentialsEncrypted) ||
          !opens(row.credentialsEncrypted)
        )
          continue;
        row.credentialsEncrypted = box.seal(box.open(row.credentialsEncrypted));
        await db
          .update(userIntegrations)
          .set({ credentialsEncrypted: row.credentialsEncrypted })
          .where(eq(userIntegrations.id, row.id));
      }
      return rows.map(view);
    },

    async create(userId: string, input: IntegrationInput): Promise<IntegrationView> {
      const { provider, values } = await checked(userId, input.provider, input.type, input.credentials);
      const [row] = await db
        .insert(userIntegrations)
        .values({
          id: randomUUID(),
          userId,
          name: input.name?.trim() || provider.label,
          integrationType: provider.type,
          credentialsEncrypted: seal(provider, values),
        })
        .returning();
      return view(row!);
    },

    /** A secret sent back masked or empty keeps its stored value; the provider never changes. */
    async update(
      userId: string,
      id: string,
      input: { name?: string | undefined; credentials?: Record<string, unknown> | undefined },
    ): Promise<IntegrationView> {
      const row = await own(userId, id);
      const stored = open(row);
      const merged = mergeCredentials(stored.provider, stored.values, input.credentials ?? stored.values);
      const { provider, values } = await checked(userId, stored.provider.id, stored.provider.type, merged);
      const [updated] = await db
        .update(userIntegrations)
        .set({ name: input.name?.trim() || row.name, credentialsEncrypted: seal(provider, values) })
        .where(eq(userIntegrations.id, row.id))
        .returning();
      return view(updated!);
    },

    async remove(userId: string, id: string): Promise<{ success: true }> {
      const row = await own(userId, id);
      await db.delete(userIntegrations).where(eq(userIntegrations.id, row.id));
      return { success: true };
    },

    /** 'Test connection': the address rule again (DNS may have changed), then the real call. */
    async test(userId: string, id: string): Promise<ConnectionTestResult> {
      let { provider, values } = open(await own(userId, id));
      if (provider.id === 'supabase-auth') {
        ({ provider, values } = await supabaseDatabase(userId, String(values.databaseIntegrationId)).catch(
          () => {
            throw new ServiceError(
              409,
              'integration-missing',
              'The Supabase database integration it uses was removed',
            );
          },
        ));
      }
      const refusal = await unsafeEndpoint(provider, values, {
        allowPrivate: deps.allowPrivateAddresses,
        ...(deps.resolve ? { resolve: deps.resolve } : {}),
      });
      if (refusal) return { ok: false, message: refusal };
      const result = await testConnection(provider, values, {
        allowPrivate: deps.allowPrivateAddresses,
        resolve: deps.resolve,
      });
      return { ok: result.ok, message: redact(result.message, provider, values) };
    },
  };
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;

/** A driver's error text must not carry a secret back (a connection string, a password). */
function redact(message: string, provider: ProviderDefinition, values: Record<string, unknown>): string {
  let text = message;
  for (const field of provider.fields) {
    const value = values[field.name];
    if (!field.secret || typeof value !== 'string' || value.length < 4) continue;
    text = text.split(value).join('••••');
    if (URL.canParse(value)) {
      const password = decodeURIComponent(new URL(value).password);
      if (password.length >= 4) text = text.split(password).join('••••');
    }
  }
  return text;
}
