// Part of `npm run bench` (bench/run.mjs): test-run search at scale. PostgreSQL with 10,000 runs x 20
// cards x 10 steps (2,000,000 steps), PGlite with 500 runs (100,000 steps), loaded inside the database
// (bench/test-runs-search-data.mjs, which also times building the search documents and their GIN
// index), then GET /test-runs/search timed through the built server over HTTP one request at a time
// for a common term (~1 step in 8), a rare one (1 in 1,000) and a part number (1 in 10,000), first
// page of 20. Then the indexing cost as it is paid at write time: steps inserted one per transaction
// with the search triggers on and off. Returns its section of RESULTS.md.
//
// Env: BENCH_SEARCH_RUNS (PostgreSQL runs, default 10000), BENCH_SEARCH_RUNS_PGLITE (default 500),
// BENCH_SEARCH_REQUESTS (timed requests per query, default 50), BENCH_SEARCH_DB (postgres, pglite or
// both), BENCH_SEARCH_KEEP=1: keep PostgreSQL's data in `hwa_bench_search_<N>` and reuse it on the
// next run with the flag (drop it by hand when done).
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '../dist/db/client.js';
import { CARDS, STEPS, loadSearchRuns, writeRates } from './test-runs-search-data.mjs';
import {
  EMAIL,
  childEnv,
  conditionLines,
  createScratchDatabase,
  envNumber,
  fmt,
  keptDatabase,
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

const PG_N = envNumber('BENCH_SEARCH_RUNS', 10_000, 100, 50_000);
const PGLITE_N = envNumber('BENCH_SEARCH_RUNS_PGLITE', 500, 10, 5_000);
const REQUESTS = envNumber('BENCH_SEARCH_REQUESTS', 50, 5, 10_000);
const WARMUP = 3;
const KEEP = process.env.BENCH_SEARCH_KEEP?.trim() === '1';
const DATABASES = (process.env.BENCH_SEARCH_DB?.trim() || 'both').toLowerCase();

export const budgetMs = (900 + (PG_N + PGLITE_N) / 10 + 10 * REQUESTS) * 1000;
/** p95 target on PostgreSQL (issue 14); PGlite is reported without one. */
export const TARGET = 150;

const SCENARIOS = [
  { key: 'common', label: 'common term (1 step in 8)', q: 'voltage' },
  { key: 'rare', label: 'rare term (1 step in 1,000)', q: 'brownout' },
  { key: 'part', label: 'part number (1 step in 10,000)', q: 'MPN TLV75533' },
];

/**
 * Full text alone, no workers. Runs loaded by SQL have no embeddings; a server starting on them queues
 * an embedding job per run (10,000 here), and while the built-in model works through them it embeds no
 * query in time: every search then waited the semantic timeout (2 s) and answered by full text.
 */
const FULLTEXT_ONLY = { HWA_TEST_RUN_SEMANTIC_SEARCH: '0', HWA_WORKER_CONCURRENCY: '0' };

const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];

/** A fast wrong answer is no result: each query's first answer is checked. */
function check(scenario, json) {
  const full = json.results.length === Math.min(20, json.total_count) && json.total_count > 0;
  const marked = json.results.every((r) =>
    r.matches.some((m) => m.snippet.includes(`«${scenario.q.split(' ').at(-1)}»`)),
  );
  if (!full || !marked) throw new Error(`${scenario.q}: answered ${JSON.stringify(json).slice(0, 500)}`);
}

async function measure(server, scenario) {
  const headers = { authorization: `Bearer ${server.token}` };
  const url = `/api/v1/test-runs/search?q=${encodeURIComponent(scenario.q)}`;
  const loadStart = os.loadavg()[0];
  const times = [];
  let total;
  for (let r = 0; r < WARMUP + REQUESTS; r++) {
    const t0 = process.hrtime.bigint();
    const res = await request(server.port, 'GET', url, { headers, timeoutMs: 120_000 });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 500)}`);
    if (r === 0) {
      const json = JSON.parse(res.body);
      check(scenario, json);
      total = json.total_count;
    }
    if (r >= WARMUP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const out = {
    ...scenario,
    url,
    total,
    n: times.length,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
  };
  out.max = times.at(-1);
  out.load = [loadStart, os.loadavg()[0]];
  log(`${scenario.label}: ${total} runs, p50 ${out.p50.toFixed(1)} ms, p95 ${out.p95.toFixed(1)} ms`);
  return out;
}

async function timeAll(server) {
  const results = [];
  for (const scenario of SCENARIOS) results.push(await measure(server, scenario));
  return results;
}

async function keptLoad(client, n) {
  const { rows } = await client.query(
    `SELECT s.id, (SELECT count(*) FROM test_runs r WHERE r.system_id = s.id) AS runs FROM systems s WHERE s.name = 'Search rover'`,
  );
  if (rows.length === 0) return undefined;
  if (Number(rows[0].runs) !== n)
    throw new Error(`the kept database holds ${rows[0].runs} runs, not ${n}: drop it`);
  await client.query('ANALYZE');
  const counts = {};
  for (const t of [
    'test_runs',
    'test_cards',
    'test_steps',
    'test_run_search_documents',
    'test_run_search_terms',
  ])
    counts[t] = Number((await client.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n);
  return { system: rows[0].id, reused: true, counts };
}

async function benchPostgres() {
  const scratch = KEEP ? await keptDatabase(`hwa_bench_search_${PG_N}`) : await createScratchDatabase();
  const server = await startReal('search-pg', { DATABASE_URL: scratch.url, ...FULLTEXT_ONLY });
  try {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const query = (text, values) => client.query(text, values);
    let load = KEEP ? await keptLoad(client, PG_N) : undefined;
    if (!load) {
      log(`PostgreSQL: loading ${PG_N} runs, ${PG_N * CARDS * STEPS} steps`);
      load = await loadSearchRuns(query, { n: PG_N, email: EMAIL });
    }
    log(`loaded: ${JSON.stringify(load)}`);
    const results = await timeAll(server);
    load.writes = await writeRates(query);
    log(`writes: ${JSON.stringify(load.writes)}`);
    await client.end();
    return { db: 'PostgreSQL', version: scratch.version, n: PG_N, load, results };
  } finally {
    await stopChild(server.handle);
  }
}

async function benchPglite() {
  const env = childEnv({ HWA_DATA_DIR: tempDir('search-pglite'), ...FULLTEXT_ONLY });
  const token = (await runCli(['token', 'create', '--email', EMAIL, '--name', 'bench'], env)).trim();
  const database = await openPglite(path.join(env.HWA_DATA_DIR, 'pglite'));
  let load;
  try {
    log(`PGlite: loading ${PGLITE_N} runs, ${PGLITE_N * CARDS * STEPS} steps`);
    const client = database.db.$client;
    const query = (text, values) => client.query(text, values);
    load = await loadSearchRuns(query, { n: PGLITE_N, email: EMAIL });
    load.writes = await writeRates(query, { perSide: 500 });
  } finally {
    await database.close();
  }
  log(`loaded: ${JSON.stringify(load)}`);
  const server = { ...(await startHwa('hwa serve (search-pglite)', env)), token };
  try {
    return { db: 'PGlite', n: PGLITE_N, load, results: await timeAll(server) };
  } finally {
    await stopChild(server.handle);
  }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function table(run) {
  const target = run.db === 'PostgreSQL' ? TARGET : undefined;
  const t = run.load.timings;
  const c = run.load.counts;
  const built = run.load.reused
    ? 'Data reused from the kept database of an earlier run (`BENCH_SEARCH_KEEP=1`), then ANALYZE.'
    : `Loaded in ${fmt(t.runs)} s (runs) + ${fmt(t.cards)} s (cards) + ${fmt(t.steps)} s (steps), search triggers ` +
      `off; then the migration's backfill of ${c.test_run_search_documents.toLocaleString('en')} search documents ` +
      `${fmt(t.documents)} s, their GIN index ${fmt(t.gin)} s (${mb(run.load.sizes.gin)}; table and indexes ` +
      `${mb(run.load.sizes.total)}), the per-run term counts ${fmt(t.terms)} s + key ${fmt(t.termsKey)} s ` +
      `(${c.test_run_search_terms.toLocaleString('en')} rows, ${mb(run.load.sizes.terms)}), VACUUM ANALYZE ${fmt(t.vacuum)} s.`;
  const w = run.load.writes;
  const writes =
    `Indexing at write time: ${w.perSide.toLocaleString('en')} steps inserted one per transaction with the search ` +
    `triggers on, as many off, in alternating blocks of 100: **${w.on.toFixed(0)} steps/s on, ${w.off.toFixed(0)} off** ` +
    `(${((1 - w.on / w.off) * 100).toFixed(0)} % fewer with the index kept).`;
  const rows = run.results.map(
    (r) =>
      `| ${r.label} | \`q=${r.q}\` | ${r.total.toLocaleString('en')} | ${r.n} | ${fmt(r.p50)} | **${fmt(r.p95)}** | ` +
      `${fmt(r.max)} | ${target === undefined ? '-' : `<= ${target}`} | ` +
      `${target === undefined ? 'no target' : r.p95 <= target ? 'met' : '**MISSED**'} | ${loadText(r.load)} |`,
  );
  return [
    `### ${run.db}: ${c.test_runs.toLocaleString('en')} runs, ${c.test_steps.toLocaleString('en')} steps`,
    '',
    built,
    '',
    writes,
    '',
    '| Query | | runs matching | requests | p50 ms | p95 ms | max ms | target p95 | | load (1 min) start / end |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

export const NOTES = `### What changed between runs, and why the common term still misses

- Load average 10-20 on 2 shared cores during every run (8 helpers building and testing at once): absolute
  times are inflated; compare runs by their load column.
- The PostgreSQL data of this run was loaded by the run before (same code but the planner fixes), with
  \`BENCH_SEARCH_KEEP=1\`: 88 s (steps, triggers off), the migration's backfill of 2,210,000 search documents
  96 s, their GIN index 8 s (33 MB; table and indexes 640 MB), the per-run term counts 82 s + key 6 s
  (2,333,142 rows, 258 MB).
- Common term (\`voltage\`, in 250,585 of 2,210,000 documents, all 10,000 runs), PostgreSQL p50 / p95:

  | version | p50 ms | p95 ms | load |
  | --- | ---: | ---: | --- |
  | ranking from the component documents (c761054) | 940 | 1,385 | 19-20 |
  | ranking from per-run term counts (089c238) | 256 | 376 | 10-11 |
  | lexemes as values, runs joined before grouping (0fbf7de, this table) | 204 | 291 | 11-12 |

- First version: ranking needs each matching component's run id and rank, so PostgreSQL read them all:
  \`EXPLAIN (ANALYZE, BUFFERS)\` spent 514 ms in a parallel bitmap heap scan of 58,369 pages (456 MB) of
  \`test_run_search_documents\`; a bare \`count(*)\` of the matches took 555 ms. No per-component index removes
  that read.
- Now runs are ranked from \`test_run_search_terms\` (per run, component type and lexeme: how many components
  hold it in a title, how many only in a body), kept by a trigger on the documents. \`voltage\` reads 20,000
  rows (its english and simple lexemes, one per run each). What remains (EXPLAIN, run alone: 219 ms under
  load 10): those rows sit in 14,391 heap blocks (the backfill wrote them in hash order), then three hash
  aggregates and the join to the runs. Next steps, not done (out of time): a covering index \`(lexeme,
  run_id, component_type) INCLUDE (n_title, n_body)\` for an index-only read, one row per run and word
  instead of per lexeme, and, past some thousands of runs, an estimated \`total_count\`.
- Planner fixes in 0fbf7de: from an array computed in the same statement the planner guessed 325,500 term
  rows for 20,000 and compiled the query with JIT (87 ms a query); a HAVING it cannot estimate, taken for one
  row, had it join 10,000 runs by a nested loop over \`test_runs\` (12.8 s in one EXPLAIN). The lexemes are now
  read first and passed as values, and the runs are joined before grouping.
- Semantics that came with the term counts: a run matches when it holds every word anywhere (\`TVAC
  TLV75533\` finds the TVAC run with that part in one step); its matches are the components holding any word.
- **Indexing cost.** Steps inserted one per transaction: 143 steps/s with the search triggers (document and
  term counts), 199 without (-28 %) on PostgreSQL at 2,000,000 steps; before the term counts, 234 vs 356
  (-34 %) under heavier load. On PGlite the term counts cost much more: 200 vs 746 steps/s (-73 %), each step
  upserting ~30 term rows through WASM. A step's write is still findable at once (same statement).
- Rare term and part number meet the target throughout (p95 61 and 40 ms here): the page's 20 runs get
  their summaries, their matches through the run id index (the GIN index walked every run's matches for a
  common word: 112 ms for 20 runs at 1,000 runs) and \`ts_headline\` on at most 10 components a run.`;

function render(conditions, runs) {
  return [
    '## Test-run search: full text at scale',
    '',
    `Generated by \`bench/test-runs-search.mjs\` on ${conditions.date}. Data made inside the database ` +
      '(`bench/test-runs-search-data.mjs`), then `GET /test-runs/search` (first page of 20, relevance) one request ' +
      `at a time over HTTP to \`hwa serve\` (built \`dist/\`), ${WARMUP} warm-up requests first; nearest-rank ` +
      'percentiles. Full text only (`HWA_TEST_RUN_SEMANTIC_SEARCH=0`, no workers): the loaded runs have no embeddings.',
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
