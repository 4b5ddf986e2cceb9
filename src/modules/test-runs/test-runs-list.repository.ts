// The run list: a page of ids newest first with the total, then every summary number of the page in
// ONE query (correlated subqueries per run, each an index range: test_steps_run_status_idx,
// test_cards_run_idx, …), so a page costs three queries whatever its size.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import type { StepExecutionStatus } from './test-runs.schemas.js';

export interface RunFilter {
  systemId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  hasReports?: boolean;
  limit: number;
  offset: number;
}

/** The WHERE of runs (alias `r`) live and matching the filter; search filters its runs by it too. */
export function conditions(f: Omit<RunFilter, 'limit' | 'offset'>): SQL {
  const parts: SQL[] = [sql`r.deleted_at IS NULL`];
  if (f.systemId !== undefined) parts.push(sql`r.system_id = ${f.systemId}`);
  if (f.createdAfter) parts.push(sql`r.created_at >= ${f.createdAfter.toISOString()}::timestamptz`);
  if (f.createdBefore) parts.push(sql`r.created_at < ${f.createdBefore.toISOString()}::timestamptz`);
  if (f.hasReports !== undefined) {
    const exists = sql`EXISTS (SELECT 1 FROM test_run_reports p WHERE p.run_id = r.id)`;
    parts.push(f.hasReports ? exists : sql`NOT ${exists}`);
  }
  return sql.join(parts, sql` AND `);
}

export async function listRunIds(ex: Executor, f: RunFilter): Promise<{ ids: string[]; count: number }> {
  const where = conditions(f);
  const [rows, total] = await Promise.all([
    queryRows<{ id: string }>(
      ex,
      sql`SELECT r.id FROM test_runs r WHERE ${where}
          ORDER BY r.created_at DESC, r.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
    ),
    queryRows<{ n: number }>(ex, sql`SELECT count(*) AS n FROM test_runs r WHERE ${where}`),
  ]);
  return { ids: rows.map((r) => r.id), count: Number(total[0]?.n ?? 0) };
}

export interface SummaryRow {
  id: string;
  run_number: number;
  title: string;
  system_id: string;
  system_name: string;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  status_counts: Partial<Record<StepExecutionStatus, number>> | null;
  card_count: number;
  file_count: number;
  report_count: number;
  issue_count: number;
  asset_names: string[] | null;
  contributors: string[] | null;
}

/** The summary numbers of `ids` (live or not: the caller asked for them), in no particular order. */
export async function summaries(ex: Executor, ids: string[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return queryRows<SummaryRow>(
    ex,
    sql`SELECT r.id, r.run_number, r.title, r.system_id, s.name AS system_name, r.created_by,
          r.created_at, r.updated_at,
          (SELECT json_object_agg(g.status, g.n) FROM (
             SELECT execution_status AS status, count(*) AS n FROM test_steps t
              WHERE t.run_id = r.id GROUP BY execution_status) g) AS status_counts,
          (SELECT count(*) FROM test_cards c WHERE c.run_id = r.id) AS card_count,
          (SELECT count(*) FROM test_data_files f WHERE f.run_id = r.id) AS file_count,
          (SELECT count(*) FROM test_run_reports p WHERE p.run_id = r.id) AS report_count,
          (SELECT count(DISTINCT i.issue_id) FROM test_run_issues i JOIN issues x ON x.id = i.issue_id
            WHERE i.run_id = r.id AND x.deleted_at IS NULL) AS issue_count,
          (SELECT array_agg(e.name ORDER BY a.position) FROM test_run_assets a
             JOIN entities e ON e.id = a.entity_id WHERE a.run_id = r.id) AS asset_names,
          (SELECT array_agg(c.email ORDER BY c.first_at, c.email) FROM test_run_contributors c
            WHERE c.run_id = r.id) AS contributors
        FROM test_runs r JOIN systems s ON s.id = r.system_id
        WHERE r.id IN (${list})`,
  );
}
