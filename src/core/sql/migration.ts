/**
 * Spec §3 "Migration file": the interface extracts created table names and policy names from
 * the SQL. A real PostgreSQL parser (libpg-query, the server's own grammar compiled to WASM)
 * reads it, so comments, quoting and dollar-quoted bodies cannot fool it as regexes would.
 */
import { parse } from 'libpg-query';

/** Spec §3: 'name (default 'migration_{n}.sql')', n counted from 1. */
export function defaultMigrationName(n: number): string {
  return `migration_${n}.sql`;
}

export interface MigrationPolicy {
  name: string;
  table: string;
}

export type MigrationInspection =
  | { ok: true; tables: string[]; policies: MigrationPolicy[] }
  | { ok: false; error: 'could-not-parse'; message: string; position: number | null };

interface RangeVarLike {
  schemaname?: string;
  relname?: string;
}

function qualifiedName(relation: RangeVarLike | undefined): string | null {
  if (relation?.relname === undefined) return null;
  return relation.schemaname === undefined ? relation.relname : `${relation.schemaname}.${relation.relname}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Created tables (CREATE TABLE, CREATE TABLE AS) and created policies, in statement order,
 * each once; schema-qualified when the SQL qualifies them. Invalid SQL → 'could-not-parse'.
 */
export async function inspectMigrationSql(sql: string): Promise<MigrationInspection> {
  // libpg-query refuses blank text ('Query cannot be empty') yet reads a lone comment as no
  // statements: both are an empty migration (issue 21 fuzzing).
  if (sql.trim() === '') return { ok: true, tables: [], policies: [] };
  let tree: unknown;
  try {
    tree = await parse(sql);
  } catch (error) {
    const details = isRecord(error) && isRecord(error.sqlDetails) ? error.sqlDetails : null;
    const position =
      details !== null && typeof details.cursorPosition === 'number' ? details.cursorPosition : null;
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: 'could-not-parse',
      message: `Could not parse the migration SQL: ${message}`,
      position,
    };
  }
  const tables: string[] = [];
  const policies: MigrationPolicy[] = [];
  const statements = isRecord(tree) && Array.isArray(tree.stmts) ? (tree.stmts as unknown[]) : [];
  for (const raw of statements) {
    const statement = isRecord(raw) && isRecord(raw.stmt) ? raw.stmt : null;
    if (statement === null) continue;
    if (isRecord(statement.CreateStmt)) {
      const name = qualifiedName(statement.CreateStmt.relation as RangeVarLike | undefined);
      if (name !== null && !tables.includes(name)) tables.push(name);
    } else if (isRecord(statement.CreateTableAsStmt)) {
      const createAs = statement.CreateTableAsStmt;
      if (createAs.objtype !== 'OBJECT_TABLE') continue;
      const into = isRecord(createAs.into) ? createAs.into : null;
      const name = qualifiedName(into?.rel as RangeVarLike | undefined);
      if (name !== null && !tables.includes(name)) tables.push(name);
    } else if (isRecord(statement.CreatePolicyStmt)) {
      const policy = statement.CreatePolicyStmt;
      const table = qualifiedName(policy.table as RangeVarLike | undefined);
      if (typeof policy.policy_name === 'string' && table !== null) {
        if (!policies.some((p) => p.name === policy.policy_name && p.table === table)) {
          policies.push({ name: policy.policy_name, table });
        }
      }
    }
  }
  return { ok: true, tables, policies };
}
