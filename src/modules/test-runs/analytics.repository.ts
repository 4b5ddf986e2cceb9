// SQL for test-run analytics: every number is an aggregate computed by the database, so the answer is
// a few hundred grouped rows whatever the number of steps (2,000,000 in bench/test-runs.mjs); no step
// or measurement row reaches JavaScript. The rules these queries implement are documented on the
// response schemas (analytics.schemas.ts).
//
// "The first card (step) of a title in a run" without sorting: each candidate is encoded as one bigint
// ordered by its position with its verdict in the two low bits, and min() of that per group gives the
// first one's verdict. A DISTINCT ON or window would sort every step; min() is a plain hash aggregate.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

/** Verdict codes in the two low bits of the encoded keys. */
const PENDING = 0;
const PASSED = 1;
const PASSED_WITH_EXCEPTION = 2;
const FAILED = 3;

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

/** The same codes as SQL literals (a bound parameter would be text, and bigint + text fails). */
const code = {
  PENDING: sql.raw(String(PENDING)),
  PASSED: sql.raw(String(PASSED)),
  PASSED_WITH_EXCEPTION: sql.raw(String(PASSED_WITH_EXCEPTION)),
  FAILED: sql.raw(String(FAILED)),
};

/** The ids of the live runs in scope, as a subquery. */
function scopedRuns(scope: RunScope): SQL {
  const after = scope.after ? sql` AND created_at >= ${scope.after.toISOString()}::timestamptz` : sql``;
  const before = scope.before ? sql` AND created_at < ${scope.before.toISOString()}::timestamptz` : sql``;
  return sql`SELECT id FROM test_runs WHERE system_id = ${scope.systemId} AND deleted_at IS NULL${after}${before}`;
}

/** Counts per group from the encoded first verdicts `k` of `firsts` (one row per run and group). */
const yieldCounts = sql.raw(`count(*) AS runs,
  count(*) FILTER (WHERE k % 4 IN (${PASSED}, ${PASSED_WITH_EXCEPTION})) AS passed,
  count(*) FILTER (WHERE k % 4 = ${PASSED_WITH_EXCEPTION}) AS passed_with_exception,
  count(*) FILTER (WHERE k % 4 = ${FAILED}) AS failed,
  count(*) FILTER (WHERE k % 4 = ${PENDING}) AS pending`);

export async function countRuns(ex: Executor, scope: RunScope): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`SELECT count(*) AS n FROM (${scopedRuns(scope)}) AS r`,
  );
  return row?.n ?? 0;
}

/**
 * Per card title. A card's verdict comes from its steps, aggregated per card first (200,000 cards for
 * 2,000,000 steps); a card without steps is pending.
 */
export async function cardYields(ex: Executor, scope: RunScope): Promise<YieldRow[]> {
  return queryRows<YieldRow>(
    ex,
    sql`WITH card_steps AS (
          SELECT card_id,
                 bool_or(execution_status = 'failed') AS any_failed,
                 bool_or(execution_status = 'todo') AS any_todo,
                 bool_or(execution_status IN ('passed', 'passed_with_exception')) AS any_pass,
                 bool_or(execution_status = 'passed_with_exception') AS any_exception
            FROM test_steps WHERE run_id IN (${scopedRuns(scope)})
           GROUP BY card_id),
        firsts AS (
          SELECT c.run_id, c.title, min(c.position::bigint * 4 + CASE
                   WHEN s.card_id IS NULL THEN ${code.PENDING}
                   WHEN s.any_failed THEN ${code.FAILED}
                   WHEN s.any_todo OR NOT s.any_pass THEN ${code.PENDING}
                   WHEN s.any_exception THEN ${code.PASSED_WITH_EXCEPTION}
                   ELSE ${code.PASSED} END) AS k
            FROM test_cards c LEFT JOIN card_steps s ON s.card_id = c.id
           WHERE c.run_id IN (${scopedRuns(scope)})
           GROUP BY c.run_id, c.title)
        SELECT title, ${yieldCounts} FROM firsts GROUP BY title ORDER BY title`,
  );
}

/**
 * Per (card title, step title). The key orders by card position (bits 33-62, capped at 2^30 - 1:
 * a run with more cards than that compares the rest as equal), then step position (bits 2-32).
 */
export async function stepYields(ex: Executor, scope: RunScope): Promise<YieldRow[]> {
  return queryRows<YieldRow>(
    ex,
    sql`WITH firsts AS (
          SELECT s.run_id, c.title AS card_title, s.title,
                 min((least(c.position, 1073741823)::bigint << 33) | (s.position::bigint << 2) | CASE s.execution_status
                       WHEN 'failed' THEN ${code.FAILED}
                       WHEN 'passed_with_exception' THEN ${code.PASSED_WITH_EXCEPTION}
                       WHEN 'passed' THEN ${code.PASSED}
                       ELSE ${code.PENDING} END) AS k
            FROM test_steps s JOIN test_cards c ON c.id = s.card_id
           WHERE s.run_id IN (${scopedRuns(scope)})
           GROUP BY s.run_id, c.title, s.title)
        SELECT card_title, title, ${yieldCounts} FROM firsts GROUP BY card_title, title ORDER BY card_title, title`,
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
