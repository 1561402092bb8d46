import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AutofixMark } from '../../../core/autofix/index.ts';
import type { RuntimeCheckError } from '../../../core/preview/runtime-errors.ts';
import { users } from './auth.ts';

/** Spec §3 "Chat / component". */
export const chats = pgTable(
  'chats',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    slug: text('slug').notNull(),
    framework: text('framework').notNull().default('react'),
    artifactCode: text('artifact_code'),
    isPrivate: boolean('is_private').notNull().default(false),
    isDeployed: boolean('is_deployed').notNull().default(false),
    deploySubdomain: text('deploy_subdomain'),
    deployedVersion: integer('deployed_version'),
    /** The deployed files' manifest in the blob store (`sites/{hash}.json`), pinned (issue 14). */
    deployedSite: text('deployed_site'),
    deployedAt: timestamp('deployed_at', { withTimezone: true }),
    githubRepoUrl: text('github_repo_url'),
    githubRepoName: text('github_repo_name'),
    lastGithubSync: timestamp('last_github_sync', { withTimezone: true }),
    /** The branch Kiln syncs (the repository's default when linked). */
    githubBranch: text('github_branch'),
    /** The branch head Kiln last pushed or pulled: a different head on GitHub means commits made there. */
    githubHeadSha: text('github_head_sha'),
    /** The version that head holds (a push of an older or equal version is 'already up-to-date'). */
    githubSyncedVersion: integer('github_synced_version'),
    remixChatId: text('remix_chat_id').references((): AnyPgColumn => chats.id, { onDelete: 'set null' }),
    cloneUrl: text('clone_url'),
    /**
     * Bumped when the chat's visibility or owner changes: a private preview token names the epoch
     * it was issued in, so every earlier token stops opening the chat's previews (issue 21 item 8).
     */
    previewTokenEpoch: integer('preview_token_epoch').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chats_slug_idx').on(t.slug),
    // The host router finds a deployment by its subdomain on every request.
    uniqueIndex('chats_deploy_subdomain_idx').on(t.deploySubdomain),
    index('chats_user_id_created_at_idx').on(t.userId, t.createdAt),
    // Explore / profile listings show public components, newest first.
    index('chats_public_created_at_idx')
      .on(t.createdAt)
      .where(sql`${t.isPrivate} = false`),
    check('chats_framework_check', sql`${t.framework} in ('html', 'react', 'svelte', 'vue', 'angular')`),
  ],
);

export interface MessageFile {
  url: string;
  order: number;
  name?: string;
  contentType?: string;
  size?: number;
}

export interface MigrationExecuted {
  name: string;
  executed_at: string;
}

/** Spec §3 "Message": a version is a user message plus an assistant message with the same number. */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** The author: counted against this user's quota. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    role: text('role').notNull(),
    version: integer('version').notNull(),
    content: text('content').notNull().default(''),
    files: jsonb('files').$type<MessageFile[]>().notNull().default([]),
    promptImage: text('prompt_image'),
    artifactCode: text('artifact_code'),
    isBuilt: boolean('is_built').notNull().default(false),
    isGithubPull: boolean('is_github_pull').notNull().default(false),
    screenshot: text('screenshot'),
    /**
     * What the server's browser hit when it loaded the built version (issue 19 item 4): null until
     * it was checked, then the errors found (none: an empty list).
     */
    runtimeErrors: jsonb('runtime_errors').$type<RuntimeCheckError[]>(),
    /**
     * Kiln's repair rounds (issue 33 item 4): on a model-written answer, its round (0: the
     * person's prompt) and how many it may take; on a round's prompt, the error's title too.
     */
    autofix: jsonb('autofix').$type<AutofixMark>(),
    migrationsExecuted: jsonb('migrations_executed').$type<MigrationExecuted[]>().notNull().default([]),
    /** 'stop' | 'length' | 'error' once the generation ended; null while streaming. */
    finishReason: text('finish_reason'),
    /** What the answer cost as the provider reported it (issue 17 item 3); null when unknown. */
    modelId: text('model_id'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    /** Input tokens read from the provider's prompt cache (part of input_tokens). */
    cachedInputTokens: integer('cached_input_tokens'),
    /** Dollars at KILN_MODEL_PRICES when the answer ended; null when the model has no price. */
    costUsd: doublePrecision('cost_usd'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // §7: artifact_code where chat_id, role = assistant and version; latest by version desc.
    uniqueIndex('messages_chat_role_version_idx').on(t.chatId, t.role, t.version),
    // Quota: versions a user created in the current window.
    index('messages_user_created_at_idx').on(t.userId, t.createdAt),
    check('messages_role_check', sql`${t.role} in ('user', 'assistant')`),
  ],
);

export const likes = pgTable(
  'likes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chatId] }), index('likes_chat_id_idx').on(t.chatId)],
);

/** Spec §3 "Custom domain": one per project; a name is held by the project that verified it. */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: text('id').primaryKey(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    sslStatus: text('ssl_status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_domains_chat_id_idx').on(t.chatId),
    // Any number of projects may claim a name while they prove it; once one verifies it, it is
    // that project's alone (issue 31 item 6: a claim never removes another one).
    uniqueIndex('custom_domains_verified_domain_idx')
      .on(t.domain)
      .where(sql`${t.isVerified}`),
    index('custom_domains_domain_idx').on(t.domain),
    check(
      'custom_domains_ssl_status_check',
      sql`${t.sslStatus} in ('pending', 'active', 'expired', 'failed')`,
    ),
  ],
);

/** Spec §3 "Marketplace listing": a listed component must stay private. */
export const marketplaceListings = pgTable(
  'marketplace_listings',
  {
    id: text('id').primaryKey(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    /** The listed version: what a buyer's copy holds (the latest when listed). */
    version: integer('version').notNull().default(1),
    /** Price in US cents. */
    priceCents: integer('price_cents').notNull().default(100),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketplace_listings_chat_seller_active_idx').on(t.chatId, t.sellerId, t.isActive)],
);

/** A bought listing: the buyer's own private copy of the listed version (a remix they own). */
export const marketplacePurchases = pgTable(
  'marketplace_purchases',
  {
    id: text('id').primaryKey(),
    listingId: text('listing_id')
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The buyer's copy (null once they delete it; the sale stays on record). */
    copyChatId: text('copy_chat_id').references(() => chats.id, { onDelete: 'set null' }),
    version: integer('version').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** One copy per Checkout session, however often the webhook comes. */
    checkoutSessionId: text('checkout_session_id').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketplace_purchases_seller_idx').on(t.sellerId),
    index('marketplace_purchases_buyer_idx').on(t.buyerId),
  ],
);
