// The test-runs benchmark's data (bench/test-runs.mjs): one system with N runs x 20 cards x 10 steps,
// generated inside the database by INSERT … SELECT … FROM generate_series (no row crosses the wire,
// nothing goes through the API), with the secondary indexes of the four tables dropped during the
// load and rebuilt from their own definitions afterwards, so whatever the migrations declare is what
// is measured.
//
// The analytics' first-pass sums (test_yield_buckets) are filled after the load by the service's own
// backfill statement.
//
// Shape: runs spread over the last year; card titles `Card 01`..`Card 20` and step titles
// `Step 01`..`Step 10`, the same procedure in every run (so yields group into 20 cards and 200 steps).
// Step statuses: 90% passed, 3% passed_with_exception, 4% failed, 2% todo, 1% done. Steps 3 and 8 of
// every card carry a measurement (1 in 5 steps): names `m01_3`..`m20_8` (40 names, N values each),
// values around 5.0 with limits (4.5, 5.5) and marginal limits (4.7, 5.3).

import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { backfill } from '../dist/modules/test-runs/yield-buckets.repository.js';

export const CARDS = 20;
export const STEPS = 10;

/** A pseudo-random number in [0, 1) from an integer SQL expression, spread by hashint4. */
const hash01 = (expr) =>
  `((hashint4(((${expr})::bigint % 2147483647)::int) & 2147483647)::float8 / 2147483648.0)`;

/** $1: N runs, $2: system id, $3: creator e-mail. Run numbers 1..N. */
const INSERT_RUNS = `
  INSERT INTO test_runs (id, system_id, run_number, title, created_by, created_at, updated_at)
  SELECT gen_random_uuid(), $2, i, 'Thermal-vacuum campaign ' || i, $3,
         now() - interval '365 days' * (1 - i::float8 / $1::int), now() - interval '365 days' * (1 - i::float8 / $1::int)
    FROM generate_series(1, $1::int) AS i`;

const INSERT_CARDS = `
  INSERT INTO test_cards (id, run_id, title, position, created_at, updated_at)
  SELECT gen_random_uuid(), r.id, 'Card ' || lpad(c::text, 2, '0'), c, r.created_at, r.created_at
    FROM test_runs r, generate_series(1, ${CARDS}) AS c`;

const STATUS = (u) => `CASE WHEN ${u} < 0.90 THEN 'passed' WHEN ${u} < 0.93 THEN 'passed_with_exception'
  WHEN ${u} < 0.97 THEN 'failed' WHEN ${u} < 0.99 THEN 'todo' ELSE 'done' END`;

const INSERT_STEPS = `
  INSERT INTO test_steps (id, card_id, run_id, title, position, step_type, execution_status, exception,
                          created_at, updated_at)
  SELECT gen_random_uuid(), x.id, x.run_id, 'Step ' || lpad(s::text, 2, '0'), s,
         CASE WHEN s IN (3, 8) THEN 'measurement' ELSE 'passfail' END, x.status,
         CASE WHEN x.status = 'failed' THEN 'reading out of limits' END, x.created_at, x.created_at
    FROM (SELECT c.id, c.run_id, c.created_at, s,
                 ${STATUS(hash01('hashtext(c.id::text)::bigint + s * 104729'))} AS status
            FROM test_cards c, generate_series(1, ${STEPS}) AS s) AS x`;

/** The value: the mean of three uniforms (a rough bell) scaled to 5.0 +- 0.45. */
const INSERT_MEASUREMENTS = `
  INSERT INTO test_measurements (id, step_id, run_id, position, name, value, units, low, high,
                                 marginal_low, marginal_high, outcome, created_at)
  SELECT gen_random_uuid(), v.id, v.run_id, 1, v.name, v.value, 'V', 4.5, 5.5, 4.7, 5.3,
         CASE WHEN v.value < 4.5 OR v.value > 5.5 THEN 'fail'
              WHEN v.value < 4.7 OR v.value > 5.3 THEN 'marginal' ELSE 'pass' END, v.created_at
    FROM (SELECT s.id, s.run_id, s.created_at,
                 'm' || lpad(c.position::text, 2, '0') || '_' || s.position AS name,
                 5.0 + 0.9 * ((${hash01('hashtext(s.id::text)::bigint + 1')}
                             + ${hash01('hashtext(s.id::text)::bigint + 7')} + ${hash01('hashtext(s.id::text)::bigint + 13')}) / 3 - 0.5) AS value
            FROM test_steps s JOIN test_cards c ON c.id = s.card_id
           WHERE s.position IN (3, 8)) AS v`;

const TABLES = ['test_runs', 'test_cards', 'test_steps', 'test_measurements'];
const INDEXES = `SELECT indexname, indexdef FROM pg_indexes
  WHERE tablename IN (${TABLES.map((t) => `'${t}'`).join(', ')}) AND indexname NOT LIKE '%_pkey'`;

/**
 * Loads a system and its runs with `query(text, values)` (pg's client or PGlite's); answers the
 * system id and the seconds each step took.
 */
export async function loadTestRuns(query, { n, email }) {
  const timings = {};
  const timed = async (name, work) => {
    const t0 = process.hrtime.bigint();
    await work();
    timings[name] = Number(process.hrtime.bigint() - t0) / 1e9;
  };
  const system = (
    await query(
      `INSERT INTO systems (id, name, created_by) VALUES (gen_random_uuid(), 'Bench rover', $1) RETURNING id`,
      [email],
    )
  ).rows[0].id;
  await query('INSERT INTO test_run_counters (system_id, last_number) VALUES ($1, $2)', [system, n]);
  const indexes = (await query(INDEXES)).rows;
  for (const ix of indexes) await query(`DROP INDEX ${ix.indexname}`);
  await timed('runs', () => query(INSERT_RUNS, [n, system, email]));
  await timed('cards', () => query(INSERT_CARDS));
  await timed('steps', () => query(INSERT_STEPS));
  await timed('measurements', () => query(INSERT_MEASUREMENTS));
  await timed('indexes', async () => {
    for (const ix of indexes) await query(ix.indexdef);
  });
  // The analytics' first-pass sums, from the same definition the service keeps them by.
  const yields = new PgDialect().sqlToQuery(
    backfill(sql`SELECT id FROM test_runs WHERE system_id = ${system}`),
  );
  await timed('yields', () => query(yields.sql, yields.params));
  await timed('vacuum', () => query(`VACUUM ANALYZE ${TABLES.join(', ')}, test_yield_buckets`));
  const counts = {};
  for (const t of TABLES) counts[t] = Number((await query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n);
  return { system, timings, counts };
}
