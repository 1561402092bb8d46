import { getTableColumns, isNotNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { accounts, githubConnections, githubDeviceFlows, userIntegrations } from '../db/schema/index.ts';

/**
 * Every column holding a credential sealed by the secret box, with the box's purpose (the HKDF
 * label its key is derived with) and the column naming the row. `secrets rotate` walks this list:
 * a new credential column belongs here, or rotation leaves it behind.
 */
export interface SealedColumn {
  label: string;
  table: PgTable;
  /** Property names (Drizzle's), not SQL names. */
  key: string;
  column: string;
  purpose: string;
}

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  // codehost/index.ts
  {
    label: 'GitHub tokens',
    table: githubConnections,
    key: 'userId',
    column: 'accessTokenEncrypted',
    purpose: 'github-token',
  },
  {
    label: 'GitHub device codes',
    table: githubDeviceFlows,
    key: 'userId',
    column: 'deviceCodeEncrypted',
    purpose: 'github-token',
  },
  // integrations/credentials.ts
  {
    label: 'integration credentials',
    table: userIntegrations,
    key: 'id',
    column: 'credentialsEncrypted',
    purpose: 'integration-credentials',
  },
  // crypto/oauth-tokens.ts (Better Auth's accounts: GitHub sign-in)
  {
    label: 'OAuth access tokens',
    table: accounts,
    key: 'id',
    column: 'accessToken',
    purpose: 'oauth-tokens',
  },
  {
    label: 'OAuth refresh tokens',
    table: accounts,
    key: 'id',
    column: 'refreshToken',
    purpose: 'oauth-tokens',
  },
  { label: 'OAuth id tokens', table: accounts, key: 'id', column: 'idToken', purpose: 'oauth-tokens' },
];

export function columnsOf(entry: SealedColumn) {
  const columns = getTableColumns(entry.table);
  const key = columns[entry.key];
  const column = columns[entry.column];
  if (!key || !column) throw new Error(`No column ${entry.key} or ${entry.column} for ${entry.label}`);
  return { key, column, present: isNotNull(column) };
}
