// First-pass verdicts kept at write time (table test_yield_buckets, src/db/tables/test-runs.ts).
//
// Grouping 2,000,000 steps by (card title, step title, verdict) took 1.9 s and the per-card severity
// 1.6 s under EXPLAIN ANALYZE (10,000 runs, PostgreSQL 15, load ~10 on 2 cores), against 0.16-0.20 s
// for a bare count(*) of the steps: the cost is the grouping of every row, which no index removes. So
// each run's contribution (its first card of each title, by verdict, and that card's steps) is
// summed per system and UTC month when written, and the analytics read those sums; only runs of a
// month the time window cuts through are still read from the steps (analytics.repository.ts).
//
// `contributionOf` is the one definition of a run's contribution: used for the delta of every write
// (before and after, inside the run's lock), for those cut months, and for the backfill (migration
// 0011, bench/test-runs-data.mjs).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

/**
 * The contribution of the runs `runIds` (a subquery of run ids) in rows (system_id, month, level,
 * card_title, step_title, verdict, n). A run's first card of a title is the lowest-ordered one (later
 * ones are retests); its verdict is the most severe of its steps' statuses: failed > todo (pending) >
 * passed_with_exception > passed, and a card with only `done` steps, or none, is pending. A step's
 * verdict is its status, `todo` and `done` counting as pending.
 */
export const contributionOf = (runIds: SQL) => sql`
  WITH r AS (
    SELECT id, system_id, date_trunc('month', created_at, 'UTC') AS month FROM test_runs
     WHERE id IN (${runIds})),
  fc AS (
    SELECT c.id, c.run_id, c.title FROM test_cards c
     WHERE c.run_id IN (SELECT id FROM r)
       AND NOT EXISTS (SELECT 1 FROM test_cards e
                        WHERE e.run_id = c.run_id AND e.title = c.title AND e.position < c.position)),
  st AS (
    SELECT fc.id AS card_id, s.title, s.execution_status FROM fc JOIN test_steps s ON s.card_id = fc.id),
  sev AS (
    SELECT card_id, max(CASE execution_status WHEN 'failed' THEN 4 WHEN 'todo' THEN 3
                          WHEN 'passed_with_exception' THEN 2 WHEN 'passed' THEN 1 ELSE 0 END) AS sev
      FROM st GROUP BY card_id)
  SELECT r.system_id, r.month, 'card' AS level, fc.title AS card_title, '' AS step_title,
         CASE coalesce(sev.sev, 0) WHEN 4 THEN 'failed' WHEN 2 THEN 'passed_with_exception'
                                   WHEN 1 THEN 'passed' ELSE 'pending' END AS verdict,
         count(*)::int AS n
    FROM fc JOIN r ON r.id = fc.run_id LEFT JOIN sev ON sev.card_id = fc.id
   GROUP BY 1, 2, 3, 4, 5, 6
  UNION ALL
  SELECT r.system_id, r.month, 'step', fc.title, st.title,
         CASE WHEN st.execution_status IN ('passed', 'passed_with_exception', 'failed')
              THEN st.execution_status ELSE 'pending' END,
         count(*)::int
    FROM fc JOIN r ON r.id = fc.run_id JOIN st ON st.card_id = fc.id
   GROUP BY 1, 2, 3, 4, 5, 6`;

const COLUMNS = sql.raw('system_id, month, level, card_title, step_title, verdict, n');

/** Fills the buckets from the runs `runIds` (default every live run): a migration's or a bulk load's backfill. */
export const backfill = (runIds: SQL = sql`SELECT id FROM test_runs WHERE deleted_at IS NULL`) =>
  sql`INSERT INTO test_yield_buckets (${COLUMNS})
      SELECT ${COLUMNS} FROM (${contributionOf(runIds)}) AS x`;

export interface Contribution {
  system_id: string;
  /** ISO 8601 UTC, the first instant of the month. */
  month: string;
  level: string;
  card_title: string;
  step_title: string;
  verdict: string;
  n: number;
}

/** One run's contribution now (whether or not it is live: the caller decides). */
export async function runContribution(ex: Executor, runId: string): Promise<Contribution[]> {
  const rows = await queryRows<Contribution>(
    ex,
    sql`SELECT system_id, to_char(month AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS month,
               level, card_title, step_title, verdict, n
          FROM (${contributionOf(sql`SELECT ${runId}::uuid`)}) AS x`,
  );
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

const keyOf = (c: Contribution) =>
  JSON.stringify([c.system_id, c.month, c.level, c.card_title, c.step_title, c.verdict]);

/**
 * Adds `after` and takes away `before` (one run's contributions around a write). Only the keys that
 * changed are written, in key order so concurrent writers lock shared rows in the same order; rows
 * that reach 0 are removed, so a title no live run has is no group.
 */
export async function applyChange(ex: Executor, before: Contribution[], after: Contribution[]) {
  const delta = new Map<string, Contribution>();
  for (const [rows, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    for (const c of rows) {
      const key = keyOf(c);
      const d = delta.get(key) ?? { ...c, n: 0 };
      d.n += sign * c.n;
      delta.set(key, d);
    }
  }
  const changed = [...delta.entries()]
    .filter(([, d]) => d.n !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => d);
  if (changed.length === 0) return;
  const values = changed.map(
    (d) =>
      sql`(${d.system_id}::uuid, ${d.month}::timestamptz, ${d.level}, ${d.card_title}, ${d.step_title}, ${d.verdict}, ${d.n}::int)`,
  );
  await ex.execute(
    sql`INSERT INTO test_yield_buckets (${COLUMNS}) VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (system_id, month, level, card_title, step_title, verdict)
        DO UPDATE SET n = test_yield_buckets.n + excluded.n`,
  );
  // A run lies in one (system, month): the zeros can only be there.
  if (changed.some((d) => d.n < 0)) {
    await ex.execute(
      sql`DELETE FROM test_yield_buckets
           WHERE system_id = ${changed[0]!.system_id}::uuid AND month = ${changed[0]!.month}::timestamptz AND n = 0`,
    );
  }
}

/** Runs `write` between two readings of the run's contribution and applies the difference. */
export async function tracking<T>(ex: Executor, runId: string, write: () => Promise<T>): Promise<T> {
  const before = await runContribution(ex, runId);
  const result = await write();
  await applyChange(ex, before, await runContribution(ex, runId));
  return result;
}
