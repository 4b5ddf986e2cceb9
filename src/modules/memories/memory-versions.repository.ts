// SQL for memory histories. User and entity memories keep the same kind of history (numbered from 1,
// append-only); only the table and its owner column differ, so one set of queries serves both.
// Callers lock the owner row first, which makes "max(version) + 1" safe under concurrent writes.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

export type MemoryKind = 'user' | 'entity';

const TABLES = {
  user: { table: sql.identifier('user_memory_versions'), owner: sql.identifier('user_id') },
  entity: { table: sql.identifier('entity_memory_versions'), owner: sql.identifier('entity_id') },
};

export interface MemoryVersionRow {
  id: string;
  version: number;
  content: string;
  created_at: Date;
  restored_from_version: number | null;
}

const COLUMNS = sql`id, version, content, created_at, restored_from_version`;

/** Holds the user's row for the transaction, so their versions are numbered one after another. */
export async function lockUser(ex: Executor, userId: string): Promise<void> {
  await ex.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

export async function history(ex: Executor, kind: MemoryKind, ownerId: string): Promise<MemoryVersionRow[]> {
  const { table, owner } = TABLES[kind];
  return queryRows(ex, sql`SELECT ${COLUMNS} FROM ${table} WHERE ${owner} = ${ownerId} ORDER BY version`);
}

export async function findVersion(
  ex: Executor,
  kind: MemoryKind,
  ownerId: string,
  version: number,
): Promise<MemoryVersionRow | undefined> {
  const { table, owner } = TABLES[kind];
  const rows = await queryRows<MemoryVersionRow>(
    ex,
    sql`SELECT ${COLUMNS} FROM ${table} WHERE ${owner} = ${ownerId} AND version = ${version}`,
  );
  return rows[0];
}

export async function latest(
  ex: Executor,
  kind: MemoryKind,
  ownerId: string,
): Promise<MemoryVersionRow | undefined> {
  const { table, owner } = TABLES[kind];
  const rows = await queryRows<MemoryVersionRow>(
    ex,
    sql`SELECT ${COLUMNS} FROM ${table} WHERE ${owner} = ${ownerId} ORDER BY version DESC LIMIT 1`,
  );
  return rows[0];
}

export async function append(
  ex: Executor,
  kind: MemoryKind,
  ownerId: string,
  entry: { id: string; content: string; author: string; restoredFromVersion: number | null },
): Promise<MemoryVersionRow> {
  const { table, owner } = TABLES[kind];
  const authorColumn = kind === 'entity' ? sql`, author` : sql``;
  const authorValue = kind === 'entity' ? sql`, ${entry.author}` : sql``;
  const rows = await queryRows<MemoryVersionRow>(
    ex,
    sql`INSERT INTO ${table} (id, ${owner}, version, content, restored_from_version${authorColumn})
        SELECT ${entry.id}, ${ownerId}, COALESCE(MAX(version), 0) + 1, ${entry.content},
               ${entry.restoredFromVersion}${authorValue}
        FROM ${table} WHERE ${owner} = ${ownerId}
        RETURNING ${COLUMNS}`,
  );
  return rows[0]!;
}
