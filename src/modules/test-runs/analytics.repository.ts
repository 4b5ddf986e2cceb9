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
// steps and 4.5 s for the cards on the same data and load, no spill of the aggregate. Still over the
// 1 s target: the yields now sum per-month counts kept at write time (yield-buckets.repository.ts)
// and group steps only for the runs of a month the time window cuts through.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { contributionOf } from './yield-buckets.repository.js';

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

const MONTH_END = (m: SQL) => sql`((${m} AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC'`;

/** True of a month (a timestamptz at its first instant, UTC) that lies wholly inside the window. */
function wholeMonth(scope: RunScope, month: SQL): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (scope.after) parts.push(sql`${month} >= ${scope.after.toISOString()}::timestamptz`);
  if (scope.before) parts.push(sql`${MONTH_END(month)} <= ${scope.before.toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

/**
 * Verdict rows (card_title, step_title, verdict, n) of `level` for the runs in scope: the kept sums of
 * the months wholly inside the window, plus the runs of the (at most two) months it cuts through,
 * computed from their steps by the same definition (yield-buckets.repository.ts).
 */
function verdictRows(scope: RunScope, level: 'card' | 'step'): SQL {
  const cutRuns = sql`SELECT id FROM test_runs
    WHERE id IN (${scopedRuns(scope)}) AND NOT (${wholeMonth(scope, sql`date_trunc('month', created_at, 'UTC')`)})`;
  return sql`
    SELECT card_title, step_title, verdict, n FROM test_yield_buckets b
     WHERE b.system_id = ${scope.systemId} AND b.level = ${level} AND ${wholeMonth(scope, sql`b.month`)}
    UNION ALL
    SELECT card_title, step_title, verdict, n FROM (${contributionOf(cutRuns)}) AS cut
     WHERE cut.level = ${level}`;
}

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
 * Per card title, from each run's first card of it (the verdict rules: yield-buckets.repository.ts,
 * documented on the response schema).
 */
export async function cardYields(ex: Executor, scope: RunScope): Promise<YieldRow[]> {
  return withoutJit<YieldRow>(
    ex,
    sql`SELECT card_title AS title, ${yieldCounts} FROM (${verdictRows(scope, 'card')}) AS v
         GROUP BY card_title ORDER BY title`,
  );
}

/**
 * Per (card title, step title), over the steps of each run's first card of that title: a retest card
 * changes nothing. Each step row counts: a title repeated inside one card is counted each time.
 */
export async function stepYields(ex: Executor, scope: RunScope): Promise<YieldRow[]> {
  return withoutJit<YieldRow>(
    ex,
    sql`SELECT card_title, step_title AS title, ${yieldCounts} FROM (${verdictRows(scope, 'step')}) AS v
         GROUP BY card_title, step_title ORDER BY card_title, title`,
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
