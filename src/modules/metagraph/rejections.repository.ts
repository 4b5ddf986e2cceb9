// SQL for remembered rejections (table metagraph_rejections): written when a reviewer rejects
// proposals, read by the metagraph_update writer, forgotten all at once on request.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { chunks } from './entities.repository.js';
import { rejectionKey, type RejectionKind } from './proposals.rules.js';

export interface Rejection {
  kind: RejectionKind;
  key: string;
  jobRunId: string | null;
}

/** Remembers these; a key already remembered keeps its first rejection. */
export async function insertRejections(
  ex: Executor,
  systemId: string,
  by: string,
  rows: Rejection[],
): Promise<void> {
  for (const part of chunks(rows)) {
    await ex.execute(sql`
      INSERT INTO metagraph_rejections (system_id, kind, key, rejected_by, job_run_id)
      SELECT ${systemId}, u.kind, u.key, ${by}, u.job_run_id
      FROM unnest(${sql.param(part.map((r) => r.kind))}::text[], ${sql.param(part.map((r) => r.key))}::text[],
                  ${sql.param(part.map((r) => r.jobRunId))}::uuid[]) AS u(kind, key, job_run_id)
      ON CONFLICT (system_id, kind, key) DO NOTHING`);
  }
}

/** Every remembered rejection of the system, as rejectionKey strings. */
export async function rejectionSet(ex: Executor, systemId: string): Promise<Set<string>> {
  const rows = await queryRows<{ kind: RejectionKind; key: string }>(
    ex,
    sql`SELECT kind, key FROM metagraph_rejections WHERE system_id = ${systemId}`,
  );
  return new Set(rows.map((r) => rejectionKey(r.kind, r.key)));
}

export async function countRejections(ex: Executor, systemId: string): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    ex,
    sql`SELECT count(*) AS n FROM metagraph_rejections WHERE system_id = ${systemId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function deleteRejections(ex: Executor, systemId: string): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    ex,
    sql`DELETE FROM metagraph_rejections WHERE system_id = ${systemId} RETURNING key`,
  );
  return rows.length;
}

/** Names of these entities (deleted ones too: a rejected relationship's end may be rejected with it). */
export async function entityNames(ex: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(
    ex,
    sql`SELECT id, name FROM entities WHERE id = ANY(${sql.param(ids)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
