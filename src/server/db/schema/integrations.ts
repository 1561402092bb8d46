import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { chats } from './chats.ts';

/** Spec §3 "Code-hosting connection". The token is encrypted at rest (AES-256-GCM, KILN_SECRET). */
export const githubConnections = pgTable('github_connections', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  githubUsername: text('github_username').notNull(),
  accessTokenEncrypted: text('access_token_encrypted'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
