// SQL for test-run analytics: every number is an aggregate computed by the database, so the answer is
// a few hundred grouped rows whatever the number of steps (2,000,000 in bench/test-runs.mjs); no step
// or measurement row reaches JavaScript. The rules these queries implement are documented on the
// response schemas (analytics.schemas.ts).
//
// Measured with EXPLAIN ANALYZE on the bench data (10,000 runs, 2,000,000 steps, PostgreSQL 15, load
// ~16 on 2 cores; bench/RESULTS.md): the first version found "the first step of a title in each run"
// by grouping steps per (run, card title, step title): 2,000,000 groups, a hash aggregate spilling
// 189 MB to disk, 19 s. Here the per-run work is done on cards (200,000 rows): the run's first card of
// each title is found once, and steps are then only counted into a few hundred groups: 3.0 s for the
// steps and 4.5 s for the cards on the same data and load, no spill of the aggregate.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

export interface RunScope {
  systemId: string;
  after?: Date;
  before?: Date;
}

export interface YieldRow {
  card_title?: string;
  title: string;
  runs: number;
  passed: number;
  passed_with_exception: number;
  failed: number;
  pending: number;
}

export interface MeasurementRow {
  name: string;
  units: string | null;
  count: number;
  mean: number;
  std: number | null;
  min: number;
  max: number;
  lsl: number | null;
  usl: number | null;
  limits_vary: boolean;
  cpk: number | null;
  pass: number;
  marginal: number;
  fail: number;
}

/** The ids of the live runs in scope, as a subquery. */
function scopedRuns(scope: RunScope): SQL {
  const after = scope.after ? sql` AND created_at >= ${scope.after.toISOString()}::timestamptz` : sql``;
  const before = scope.before ? sql` AND created_at < ${scope.before.toISOString()}::timestamptz` : sql``;
  return sql`SELECT id FROM test_runs WHERE system_id = ${scope.systemId} AND deleted_at IS NULL${after}${before}`;
}

/**
 * The run's first card of each title (the lowest order; later ones are retests), for the runs in scope.
 * NOT EXISTS rather than DISTINCT ON: the planner estimates an anti-join's rows well, and DISTINCT ON's
 * 10x too low, which made it hash the 2,000,000 steps instead of the 200,000 cards.
 */
const firstCards = (scope: RunScope) => sql`
  SELECT c.id, c.title FROM test_cards c
   WHERE c.run_id IN (${scopedRuns(scope)})
     AND NOT EXISTS (SELECT 1 FROM test_cards e
                      WHERE e.run_id = c.run_id AND e.title = c.title AND e.position < c.position)`;

/** Yield counts from `verdict` ('passed', 'passed_with_exception', 'failed' or 'pending') and `n`. */
const yieldCounts = sql.raw(`sum(n)::bigint AS runs,
  coalesce(sum(n) FILTER (WHERE verdict IN ('passed', 'passed_with_exception')), 0)::bigint AS passed,
  coalesce(sum(n) FILTER (WHERE verdict = 'passed_with_exception'), 0)::bigint AS passed_with_exception,
  coalesce(sum(n) FILTER (WHERE verdict = 'failed'), 0)::bigint AS failed,
  coalesce(sum(n) FILTER (WHERE verdict = 'pending'), 0)::bigint AS pending`);

/**
 * JIT compiling these plans cost 0.1-1.2 s per query in the measurements above, more than it saved:
 * each runs in its own transaction with JIT off (PGlite has no JIT; the setting is accepted).
 */
async function withoutJit<T>(ex: Executor, query: SQL): Promise<T[]> {
  return ex.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return queryRows<T>(tx, query);
  });
}

export async function countRuns(ex: Executor, scope: RunScope): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`SELECT count(*) AS n FROM (${scopedRuns(scope)}) AS r`,
  );
  return row?.n ?? 0;
}

/**
 * Per card title, from the run's first card of it. A card's verdict is the most severe of its steps'
 * statuses: failed > todo (pending) > passed_with_exception > passed; a card with only `done` steps,
 * or none, is pending. The severity is one integer per card, so the per-card aggregate stays small
 * (and runs in parallel workers on PostgreSQL).
 */
export async function cardYields(ex: Executor, scope: RunScope): Promise<YieldRow[]> {
  return withoutJit<YieldRow>(
    ex,
    sql`WITH severity AS (
          SELECT card_id, max(CASE execution_status WHEN 'failed' THEN 4 WHEN 'todo' THEN 3
                                 WHEN 'passed_with_exception' THEN 2 WHEN 'passed' THEN 1 ELSE 0 END) AS sev
            FROM test_steps WHERE run_id IN (${scopedRuns(scope)}) GROUP BY card_id),
        verdicts AS (
          SELECT fc.title, CASE coalesce(sv.sev, 0) WHEN 4 THEN 'failed' WHEN 2 THEN 'passed_with_exception'
                                 WHEN 1 THEN 'passed' ELSE 'pending' END AS verdict, count(*) AS n
            FROM (${firstCards(scope)}) AS fc LEFT JOIN severity sv ON sv.card_id = fc.id
           GROUP BY 1, 2)
        SELECT title, ${yieldCounts} FROM verdicts GROUP BY title ORDER BY title`,
  );
}

/**
 * Per (card title, step title), over the steps of each run's first card of that title: a retest card
 * changes nothing. Each step row counts: a title repeated inside one card is counted each time.
 */
export async function stepYields(ex: Executor, scope: RunScope): Promise<YieldRow[]> {
  return withoutJit<YieldRow>(
    ex,
    sql`WITH verdicts AS (
          SELECT fc.title AS card_title, s.title,
                 CASE WHEN s.execution_status IN ('passed', 'passed_with_exception', 'failed')
                      THEN s.execution_status ELSE 'pending' END AS verdict, count(*) AS n
            FROM (${firstCards(scope)}) AS fc JOIN test_steps s ON s.card_id = fc.id
           GROUP BY 1, 2, 3)
        SELECT card_title, title, ${yieldCounts} FROM verdicts
         GROUP BY card_title, title ORDER BY card_title, title`,
  );
}

/**
 * Per measurement name: moments and extremes in one pass, the most common (low, high) pair as the
 * specification limits, and Cpk against them (one-sided with one limit; null without spread).
 */
export async function measurementStats(ex: Executor, scope: RunScope): Promise<MeasurementRow[]> {
  return queryRows<MeasurementRow>(
    ex,
    sql`WITH m AS (
          SELECT name, units, value, low, high, outcome FROM test_measurements
           WHERE run_id IN (${scopedRuns(scope)})),
        stats AS (
          SELECT name, count(*) AS count, avg(value) AS mean, stddev_samp(value) AS std,
                 min(value) AS min, max(value) AS max, mode() WITHIN GROUP (ORDER BY units) AS units,
                 count(*) FILTER (WHERE outcome = 'pass') AS pass,
                 count(*) FILTER (WHERE outcome = 'marginal') AS marginal,
                 count(*) FILTER (WHERE outcome = 'fail') AS fail
            FROM m GROUP BY name),
        pairs AS (SELECT name, low, high, count(*) AS n FROM m GROUP BY name, low, high),
        limits AS (
          SELECT DISTINCT ON (name) name, low AS lsl, high AS usl, count(*) OVER (PARTITION BY name) > 1 AS limits_vary
            FROM pairs ORDER BY name, n DESC, low NULLS LAST, high NULLS LAST)
        SELECT s.name, s.units, s.count, s.mean, s.std, s.min, s.max, l.lsl, l.usl, l.limits_vary,
               CASE WHEN s.std IS NULL OR s.std = 0 THEN NULL
                    WHEN l.lsl IS NOT NULL AND l.usl IS NOT NULL
                      THEN least(l.usl - s.mean, s.mean - l.lsl) / (3 * s.std)
                    WHEN l.usl IS NOT NULL THEN (l.usl - s.mean) / (3 * s.std)
                    WHEN l.lsl IS NOT NULL THEN (s.mean - l.lsl) / (3 * s.std) END AS cpk,
               s.pass, s.marginal, s.fail
          FROM stats s JOIN limits l USING (name) ORDER BY s.name`,
  );
}
