/**
 * The schema the model is told about (issue 16 item 3): tables and their columns after a chat's
 * executed migrations, read with PostgreSQL's own parser (libpg-query) as core/sql/migration.ts
 * does. Covers what migrations commonly do to columns: create table, add/drop/rename column.
 */
import { parse } from 'libpg-query';
import type { ExistingTable } from './model-guidance.ts';

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null;
}

/** `public` is the default schema, so `public.t` and `t` are the same table. */
function tableName(relation: unknown): string | null {
  if (!isNode(relation) || typeof relation.relname !== 'string') return null;
  const schema = typeof relation.schemaname === 'string' ? relation.schemaname : 'public';
  return schema === 'public' ? relation.relname : `${schema}.${relation.relname}`;
}

function columnName(element: unknown): string | null {
  const def = isNode(element) && isNode(element.ColumnDef) ? element.ColumnDef : null;
  return def && typeof def.colname === 'string' ? def.colname : null;
}

/**
 * The schema after one more migration; tables in creation order. SQL that does not parse
 * leaves it as it was (it cannot have run).
 */
export async function applyMigrationToSchema(
  before: readonly ExistingTable[],
  sql: string,
): Promise<ExistingTable[]> {
  let tree: unknown;
  try {
    tree = await parse(sql);
  } catch {
    return [...before];
  }
  const tables = before.map((table) => ({ name: table.name, columns: [...table.columns] }));
  const find = (name: string | null) => tables.find((table) => table.name === name);
  const statements = isNode(tree) && Array.isArray(tree.stmts) ? (tree.stmts as unknown[]) : [];
  for (const raw of statements) {
    const statement = isNode(raw) && isNode(raw.stmt) ? raw.stmt : {};
    if (isNode(statement.CreateStmt)) {
      const name = tableName(statement.CreateStmt.relation);
      const elements = Array.isArray(statement.CreateStmt.tableElts) ? statement.CreateStmt.tableElts : [];
      const columns = elements.map(columnName).filter((column): column is string => column !== null);
      if (name !== null && !find(name)) tables.push({ name, columns });
    } else if (isNode(statement.AlterTableStmt)) {
      const table = find(tableName(statement.AlterTableStmt.relation));
      const commands = Array.isArray(statement.AlterTableStmt.cmds) ? statement.AlterTableStmt.cmds : [];
      for (const item of commands) {
        const command = isNode(item) && isNode(item.AlterTableCmd) ? item.AlterTableCmd : {};
        if (!table) break;
        const added = command.subtype === 'AT_AddColumn' ? columnName(command.def) : null;
        if (added !== null && !table.columns.includes(added)) table.columns.push(added);
        if (command.subtype === 'AT_DropColumn')
          table.columns = table.columns.filter((column) => column !== command.name);
      }
    } else if (isNode(statement.RenameStmt) && statement.RenameStmt.renameType === 'OBJECT_COLUMN') {
      const rename = statement.RenameStmt;
      const table = find(tableName(rename.relation));
      if (table && typeof rename.newname === 'string')
        table.columns = table.columns.map((column) =>
          column === rename.subname ? String(rename.newname) : column,
        );
    }
  }
  return tables;
}
