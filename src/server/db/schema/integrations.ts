import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { chats } from './chats.ts';

/** Spec §3 "Code-hosting connection". The token is encrypted at rest (AES-256-GCM, KILN_SECRET). */
export const githubConnections = pgTable('github_connections', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  githubUsername: text('github_username').notNull(),
  accessTokenEncrypted: text('access_token_encrypted'),
  /** How the token was obtained: 'device' | 'web' | 'token' (a personal access token). */
  method: text('method').notNull().default('token'),
  /** The scopes GitHub reported for the token (X-OAuth-Scopes); empty for fine-grained tokens. */
  scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
  /** Why GitHub refused the token on its last use (revoked, under-scoped); null while it works. */
  problem: text('problem'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A GitHub device flow in progress (issue 15): the device code is a credential until it expires,
 * so it is sealed like a token, and kept in the database so any web process can poll it.
 */
export const githubDeviceFlows = pgTable('github_device_flows', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  deviceCodeEncrypted: text('device_code_encrypted').notNull(),
  intervalSeconds: integer('interval_seconds').notNull(),
  nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Spec §3 "User integration": hosted database, card payments, blob storage, e-mail sending, AUTH. */
export const INTEGRATION_TYPES = ['database', 'payments', 'storage', 'email', 'auth'] as const;

export const userIntegrations = pgTable(
  'user_integrations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    integrationType: text('integration_type').notNull(),
    /** JSON credentials, encrypted at rest. */
    credentialsEncrypted: text('credentials_encrypted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_integrations_user_type_idx').on(t.userId, t.integrationType),
    check(
      'user_integrations_type_check',
      sql`${t.integrationType} in ('database', 'payments', 'storage', 'email', 'auth')`,
    ),
  ],
);

export const chatIntegrations = pgTable(
  'chat_integrations',
  {
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    integrationId: text('integration_id')
      .notNull()
      .references(() => userIntegrations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.integrationId] })],
);
