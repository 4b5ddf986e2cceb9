// Part of `npm run bench` (bench/run.mjs): test runs at scale. PostgreSQL with 10,000 runs x 20 cards x
// 10 steps (2,000,000 steps, 400,000 measurements), PGlite with 500 runs (100,000 steps), loaded inside
// the database (bench/test-runs-data.mjs), then timed through the built server over HTTP one request
// at a time (latency, not throughput): the runs list's first page of 100 summaries, one run's detail
// (200 steps), and the analytics over every run of the system. Returns its section of RESULTS.md.
//
// The list and detail routes are built in another branch: a route the server's OpenAPI document does
// not declare is reported as "route missing" instead of timed, so this part runs before and after the
// merge.
//
// Env: BENCH_TEST_RUNS (PostgreSQL runs, default 10000), BENCH_TEST_RUNS_PGLITE (default 500),
// BENCH_TEST_RUN_REQUESTS (timed requests for list and detail, default 100; analytics a tenth, after
// one warm-up request instead of five: each takes seconds),
// BENCH_TEST_RUNS_DB (postgres, pglite or both, the default), BENCH_DATABASE_URL (as get-system),
// BENCH_TEST_RUNS_KEEP=1: load PostgreSQL's data into the database `hwa_bench_test_runs_<N>` and keep
// it; a later run with the flag finds the N runs there and times them without loading again (the
// server's start applies any newer migration to it first). Drop it by hand when done.
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '../dist/db/client.js';
import { CARDS, STEPS, loadTestRuns } from './test-runs-data.mjs';
import {
  EMAIL,
  childEnv,
  conditionLines,
  createScratchDatabase,
  keptDatabase,
  envNumber,
  fmt,
  loadText,
  log,
  machineConditions,
  request,
  runCli,
  srcFingerprint,
  startHwa,
  startReal,
  stopChild,
  tempDir,
} from './lib.mjs';

const PG_N = envNumber('BENCH_TEST_RUNS', 10_000, 100, 50_000);
const PGLITE_N = envNumber('BENCH_TEST_RUNS_PGLITE', 500, 10, 5_000);
const REQUESTS = envNumber('BENCH_TEST_RUN_REQUESTS', 100, 10, 10_000);
const WARMUP = 5;
const KEEP = process.env.BENCH_TEST_RUNS_KEEP?.trim() === '1';
const DATABASES = (process.env.BENCH_TEST_RUNS_DB?.trim() || 'both').toLowerCase();
if (!['postgres', 'pglite', 'both'].includes(DATABASES)) {
  process.stderr.write(`bench: BENCH_TEST_RUNS_DB must be postgres, pglite or both, got "${DATABASES}"\n`);
  process.exit(2);
}

/** Loading 2M steps is a few minutes here under load; analytics requests up to a few seconds each. */
export const budgetMs = (900 + (PG_N + PGLITE_N) / 20 + 10 * REQUESTS) * 1000;

/** Targets on PostgreSQL (p95, ms); PGlite is reported without one. */
export const TARGETS = { list: 100, detail: 50, analytics: 1000 };

function scenarios(systemId, runId) {
  return [
    {
      key: 'list',
      label: 'runs list, first 100 summaries',
      url: '/api/v1/test-runs?limit=100',
      route: '/api/v1/test-runs',
      requests: REQUESTS,
    },
    {
      key: 'detail',
      label: `one run's detail (${CARDS} cards, ${CARDS * STEPS} steps)`,
      url: `/api/v1/test-runs/${runId}`,
      route: '/api/v1/test-runs/{run_id}',
      requests: REQUESTS,
    },
    {
      key: 'analytics',
      label: 'analytics over every run of the system',
      url: `/api/v1/test-runs/analytics?system_id=${systemId}`,
      route: '/api/v1/test-runs/analytics',
      requests: Math.max(5, Math.round(REQUESTS / 10)),
      warmup: 1,
    },
  ];
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];

/** Fails loudly when an answer is wrong: a fast wrong answer is no result. */
function check(scenario, body, n) {
  const json = JSON.parse(body);
  if (scenario.key === 'list' && (json.items?.length !== 100 || json.count !== n))
    throw new Error(`list answered ${json.items?.length} items, count ${json.count}`);
  if (scenario.key === 'detail') {
    const steps = json.test_cards?.reduce((sum, c) => sum + c.test_steps.length, 0);
    if (steps !== CARDS * STEPS) throw new Error(`detail answered ${steps} steps`);
  }
  if (scenario.key === 'analytics') {
    const ok =
      json.run_count === n &&
      json.cards.length === CARDS &&
      json.steps.length === CARDS * STEPS &&
      json.measurements.length === CARDS * 2 &&
      json.measurements.every((m) => m.count === n);
    if (!ok) throw new Error(`analytics answered ${body.slice(0, 500)}`);
  }
}

async function measure(server, scenario, declared, n) {
  if (!declared.has(scenario.route)) {
    log(`${scenario.label}: route missing`);
    return { ...scenario, missing: true };
  }
  const headers = { authorization: `Bearer ${server.token}` };
  const loadStart = os.loadavg()[0];
  const times = [];
  const warmup = scenario.warmup ?? WARMUP;
  for (let r = 0; r < warmup + scenario.requests; r++) {
    const t0 = process.hrtime.bigint();
    const res = await request(server.port, 'GET', scenario.url, { headers, timeoutMs: 120_000 });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.status !== 200) throw new Error(`${scenario.url}: ${res.status} ${res.body.slice(0, 500)}`);
    if (r === 0) check(scenario, res.body, n);
    if (r >= warmup) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const out = { ...scenario, n: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  out.max = times.at(-1);
  out.load = [loadStart, os.loadavg()[0]];
  log(`${scenario.label}: p50 ${out.p50.toFixed(1)} ms, p95 ${out.p95.toFixed(1)} ms`);
  return out;
}

/** The GET paths the server declares, from its own OpenAPI document. */
async function declaredRoutes(server) {
  const res = await request(server.port, 'GET', '/api/v1/openapi.json', { timeoutMs: 30_000 });
  const paths = JSON.parse(res.body).paths ?? {};
  return new Set(Object.keys(paths).filter((p) => paths[p].get));
}

async function timeAll(server, load, n, firstRun) {
  const declared = await declaredRoutes(server);
  const results = [];
  for (const scenario of scenarios(load.system, firstRun))
    results.push(await measure(server, scenario, declared, n));
  return results;
}

const BASELINE_SQL = 'SELECT count(*) FROM test_steps';

/**
 * The baseline measured in the same run, on the same data and load: a bare count of every step
 * (the floor of any exact answer that reads all steps), median of 5 after one warm-up.
 */
async function baseline(query) {
  const times = [];
  for (let i = 0; i < 6; i++) {
    const t0 = process.hrtime.bigint();
    await query(BASELINE_SQL);
    if (i > 0) times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[2];
}

/** The loaded system of a kept database when it holds exactly N runs; undefined when it is empty. */
async function keptLoad(client, n) {
  const { rows } = await client.query(
    `SELECT s.id, (SELECT count(*) FROM test_runs r WHERE r.system_id = s.id) AS runs
       FROM systems s WHERE s.name = 'Bench rover'`,
  );
  if (rows.length === 0) return undefined;
  if (rows.length > 1 || Number(rows[0].runs) !== n)
    throw new Error(`the kept database holds ${JSON.stringify(rows)}, not one system of ${n} runs: drop it`);
  await client.query('ANALYZE');
  const counts = {};
  for (const t of ['test_runs', 'test_cards', 'test_steps', 'test_measurements'])
    counts[t] = Number((await client.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n);
  return { system: rows[0].id, reused: true, counts };
}

async function benchPostgres() {
  const scratch = KEEP ? await keptDatabase(`hwa_bench_test_runs_${PG_N}`) : await createScratchDatabase();
  const server = await startReal('test-runs-pg', { DATABASE_URL: scratch.url });
  try {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    let load = KEEP ? await keptLoad(client, PG_N) : undefined;
    if (!load) {
      log(`PostgreSQL: loading ${PG_N} runs, ${PG_N * CARDS * STEPS} steps`);
      load = await loadTestRuns((text, values) => client.query(text, values), { n: PG_N, email: EMAIL });
    }
    const run = (await client.query('SELECT id FROM test_runs ORDER BY run_number LIMIT 1')).rows[0].id;
    load.baselineMs = await baseline((text) => client.query(text));
    await client.end();
    log(`loaded: ${JSON.stringify(load)}`);
    return {
      db: 'PostgreSQL',
      version: scratch.version,
      n: PG_N,
      load,
      results: await timeAll(server, load, PG_N, run),
    };
  } finally {
    await stopChild(server.handle);
  }
}

/** PGlite takes one process: load into the directory first, then serve it. */
async function benchPglite() {
  const env = childEnv({ HWA_DATA_DIR: tempDir('test-runs-pglite') });
  const token = (await runCli(['token', 'create', '--email', EMAIL, '--name', 'bench'], env)).trim();
  const database = await openPglite(path.join(env.HWA_DATA_DIR, 'pglite'));
  let load;
  let run;
  try {
    log(`PGlite: loading ${PGLITE_N} runs, ${PGLITE_N * CARDS * STEPS} steps`);
    const client = database.db.$client;
    load = await loadTestRuns((text, values) => client.query(text, values), { n: PGLITE_N, email: EMAIL });
    run = (await client.query('SELECT id FROM test_runs ORDER BY run_number LIMIT 1')).rows[0].id;
    load.baselineMs = await baseline((text) => client.query(text));
  } finally {
    await database.close();
  }
  log(`loaded: ${JSON.stringify(load)}`);
  const server = { ...(await startHwa('hwa serve (test-runs-pglite)', env)), token };
  try {
    return { db: 'PGlite', n: PGLITE_N, load, results: await timeAll(server, load, PGLITE_N, run) };
  } finally {
    await stopChild(server.handle);
  }
}

const verdict = (p95, target) => (target === undefined ? 'no target' : p95 <= target ? 'met' : '**MISSED**');

/** The path without the API base, ids shown as {id}. */
const shortUrl = (url) => url.replace('/api/v1', '').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}');

function table(run) {
  const target = (key) => (run.db === 'PostgreSQL' ? TARGETS[key] : undefined);
  const t = run.load.timings;
  const loaded = run.load.reused
    ? 'Data reused from the kept database of an earlier run (`BENCH_TEST_RUNS_KEEP=1`), then ANALYZE.'
    : `Loaded in ${fmt(t.runs)} s (runs) + ${fmt(t.cards)} s (cards) + ${fmt(t.steps)} s (steps) + ` +
      `${fmt(t.measurements)} s (measurements) + ${fmt(t.indexes)} s (indexes) + ${fmt(t.yields)} s (first-pass sums) + ` +
      `${fmt(t.vacuum)} s (VACUUM ANALYZE).`;
  const rows = run.results.map((r) =>
    r.missing
      ? `| ${r.label} | \`${shortUrl(r.url)}\` | route missing | - | - | - | - | - | - | - |`
      : `| ${r.label} | \`${shortUrl(r.url)}\` | ${r.n} | ${fmt(r.p50)} | **${fmt(r.p95)}** | ` +
        `${(r.p50 / run.load.baselineMs).toFixed(2)} | ` +
        `${fmt(r.max)} | ${target(r.key) === undefined ? '-' : `<= ${target(r.key)}`} | ` +
        `${verdict(r.p95, target(r.key))} | ${loadText(r.load)} |`,
  );
  const c = run.load.counts;
  return [
    `### ${run.db}: ${c.test_runs.toLocaleString('en')} runs, ${c.test_cards.toLocaleString('en')} cards, ` +
      `${c.test_steps.toLocaleString('en')} steps, ${c.test_measurements.toLocaleString('en')} measurements`,
    '',
    loaded,
    '',
    `Baseline in the same run: \`${BASELINE_SQL}\` (in-process client, no HTTP) median ` +
      `${fmt(run.load.baselineMs)} ms; "x baseline" is each p50 over it.`,
    '',
    '| Scenario | Request | requests | p50 ms | p95 ms | x baseline | max ms | target p95 | | load (1 min) start / end |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

export const NOTES = `### Before and after, and the query plans behind them

PostgreSQL at 10,000 runs, two full-scale runs on 2026-11-23 (2 shared cores); the second reused the
first's database (\`BENCH_TEST_RUNS_KEEP=1\`), the server's start applying migrations 0010 and 0011 to it.
Load differed (1-min ~9 then ~5), so compare the ratio to the same-run baseline:

| | list p50 / p95 ms | detail p50 / p95 ms | analytics p50 / p95 ms | baseline ms |
| --- | --- | --- | --- | --- |
| before (4a70de7) | 28.1 / 63.7 (0.14x) | 88.6 / **133.9** (0.45x) | 3,054 / **3,212** (15.6x) | 196 |
| after (d356649) | 10.9 / 18.4 (0.15x) | 12.2 / 21.0 (0.17x) | 410 / 541 (5.6x) | 73 |

- Detail: \`EXPLAIN (ANALYZE, BUFFERS)\` showed the run's 40 measurements read by a parallel seq scan
  of all 400,000 (55 ms, 7,700 buffers); cards and steps were already index reads (0.4 ms each).
  Migration 0010 indexes \`test_measurements (run_id, position)\` and \`test_observations (run_id,
  created_at, id)\` (observations had the same scan, empty in this data).
- List: met before and after (0.14-0.15x the baseline); no change made for it.
- Analytics: grouping the steps of each run's first cards by (card title, step title, verdict) took
  1.9 s and the per-card severity 1.6 s (its 200,000-group aggregate spilling to disk at work_mem 4 MB), next to
  0.16 s for a bare \`count(*)\` of the steps: the cost is aggregating 2,000,000 rows, which an index
  does not remove (an earlier try, \`test_steps (card_id, title, position) INCLUDE (execution_status)\`,
  took 9 s). Migration 0011 adds \`test_yield_buckets\`: first-pass verdict counts per system and UTC
  month, backfilled, and kept by every write below a run in the same transaction (the difference of
  the run's contribution before and after). The yields now sum 11,439 rows (13 months); a time window that cuts a
  month reads that month's runs from the steps. What remains is the measurement statistics over
  400,000 measurements (EXPLAIN ANALYZE 0.38 s), left as is: exact moments and \`mode()\` over the rows.`;

function render(conditions, runs) {
  return [
    '## Test runs: list, detail and analytics at scale',
    '',
    `Generated by \`bench/test-runs.mjs\` on ${conditions.date}. Data made inside the database ` +
      '(`bench/test-runs-data.mjs`), then one request at a time over HTTP to `hwa serve` (built `dist/`), ' +
      `${WARMUP} warm-up requests first (1 for analytics). Percentiles are nearest-rank over the timed requests. A route the ` +
      "server's OpenAPI document does not declare is reported as missing, not timed.",
    '',
    ...runs.map(table).flatMap((t) => [t, '']),
    NOTES,
    '',
    '### Conditions',
    '',
    ...conditionLines(conditions).map((line) =>
      KEEP
        ? line.replace('scratch database created and dropped by the run', 'database kept between runs')
        : line,
    ),
    `- Load average (1/5/15 min) at start: ${loadText(conditions.loadStart)}; at end: ${loadText(conditions.loadEnd)}`,
    `- src/ fingerprint at end: ${conditions.srcEnd}`,
  ].join('\n');
}

export async function run() {
  const conditions = machineConditions();
  const runs = [];
  if (DATABASES !== 'pglite') runs.push(await benchPostgres());
  if (DATABASES !== 'postgres') runs.push(await benchPglite());
  conditions.postgres = runs.find((r) => r.version)?.version ?? 'not used';
  conditions.loadEnd = os.loadavg();
  conditions.srcEnd = srcFingerprint();
  return { markdown: render(conditions, runs) };
}
