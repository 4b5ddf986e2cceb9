// Part of `npm run bench` (bench/run.mjs): the issue list, search and metrics over a large tracker.
// PostgreSQL with 1,000,000 issues and 2,000,000 comments, PGlite with 100,000 and 200,000, loaded
// inside the database (bench/issues-data.mjs), then timed through the built server over HTTP, one
// request at a time (latency, not throughput): a filtered list's first page and a deep page, a search
// for a word in ~1% of issues, and the metrics. Returns its section of bench/RESULTS.md.
//
// The deep page is at offset N/10: 100,000 on PostgreSQL; on PGlite, 100,000 would be past the 20,000
// matches of the filter, so it is 10,000 there (the same tenth of the data).
//
// Env: BENCH_ISSUES (PostgreSQL issues, default 1000000), BENCH_ISSUES_PGLITE (default 100000),
// BENCH_ISSUE_REQUESTS (timed requests per scenario, default 200), BENCH_ISSUES_DB (postgres, pglite or
// both, the default), BENCH_DATABASE_URL (as get-system).
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '../dist/db/client.js';
import { SEARCH_WORD, loadIssues } from './issues-data.mjs';
import { renderIssues } from './issues-report.mjs';
import {
  EMAIL,
  childEnv,
  createScratchDatabase,
  envNumber,
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

const PG_N = envNumber('BENCH_ISSUES', 1_000_000, 1_000, 5_000_000);
const PGLITE_N = envNumber('BENCH_ISSUES_PGLITE', 100_000, 1_000, 1_000_000);
const REQUESTS = envNumber('BENCH_ISSUE_REQUESTS', 200, 20, 10_000);
const WARMUP = 10;
const DATABASES = (process.env.BENCH_ISSUES_DB?.trim() || 'both').toLowerCase();
if (!['postgres', 'pglite', 'both'].includes(DATABASES)) {
  process.stderr.write(`bench: BENCH_ISSUES_DB must be postgres, pglite or both, got "${DATABASES}"\n`);
  process.exit(2);
}

/** Loading 1M issues and 2M comments took ~2 minutes here under load; requests are ~0.1 s each. */
export const budgetMs = (600 + (PG_N + PGLITE_N) / 2_000 + 8 * REQUESTS) * 1000;

/** Targets on PostgreSQL (p95, ms); PGlite is reported without one. */
export const TARGETS = { list: 50, deep: 50, search: 150, metrics: 200 };

function scenarios(n) {
  const filter = '/api/v1/issues?status=open&priority=low';
  return [
    { key: 'list', label: 'list, status=open&priority=low, first page', url: filter, count: n * 0.2 },
    {
      key: 'deep',
      label: `list, same filter, offset ${n / 10}`,
      url: `${filter}&offset=${n / 10}`,
      count: n * 0.2,
    },
    {
      key: 'search',
      label: `q=${SEARCH_WORD} (~1% of issues), by relevance`,
      url: `/api/v1/issues?q=${SEARCH_WORD}`,
    },
    { key: 'metrics', label: 'GET /issues/metrics', url: '/api/v1/issues/metrics' },
  ];
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];

/** Fails loudly when an answer is wrong: a fast wrong answer is no result. */
function check(scenario, body) {
  const json = JSON.parse(body);
  if (scenario.key === 'metrics') {
    if (json.metrics?.length !== 2) throw new Error(`metrics answered ${body.slice(0, 500)}`);
    return;
  }
  if (json.items.length !== 100) throw new Error(`${scenario.label}: ${json.items.length} items`);
  if (scenario.count !== undefined && json.count !== scenario.count) {
    throw new Error(`${scenario.label}: count ${json.count}, expected ${scenario.count}`);
  }
  return json.count;
}

async function measure(server, scenario) {
  const headers = { authorization: `Bearer ${server.token}` };
  const loadStart = os.loadavg()[0];
  const times = [];
  let count;
  for (let r = 0; r < WARMUP + REQUESTS; r++) {
    const t0 = process.hrtime.bigint();
    const res = await request(server.port, 'GET', scenario.url, { headers, timeoutMs: 60_000 });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.status !== 200) throw new Error(`${scenario.url}: ${res.status} ${res.body.slice(0, 500)}`);
    if (r === 0) count = check(scenario, res.body);
    if (r >= WARMUP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const out = { ...scenario, n: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  out.max = times.at(-1);
  out.matched = count;
  out.load = [loadStart, os.loadavg()[0]];
  log(`${scenario.label}: p50 ${out.p50.toFixed(1)} ms, p95 ${out.p95.toFixed(1)} ms`);
  return out;
}

async function timeAll(server, n) {
  const results = [];
  for (const scenario of scenarios(n)) results.push(await measure(server, scenario));
  return results;
}

async function benchPostgres() {
  const scratch = await createScratchDatabase();
  const server = await startReal('issues-pg', { DATABASE_URL: scratch.url });
  try {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    log(`PostgreSQL: loading ${PG_N} issues and ${2 * PG_N} comments`);
    const load = await loadIssues((text, values) => client.query(text, values), { n: PG_N, email: EMAIL });
    await client.end();
    log(`loaded: ${JSON.stringify(load)}`);
    return {
      db: 'PostgreSQL',
      version: scratch.version,
      n: PG_N,
      load,
      results: await timeAll(server, PG_N),
    };
  } finally {
    await stopChild(server.handle);
  }
}

/** PGlite takes one process: load into the directory first, then serve it. */
async function benchPglite() {
  const env = childEnv({ HWA_DATA_DIR: tempDir('issues-pglite') });
  const token = (await runCli(['token', 'create', '--email', EMAIL, '--name', 'bench'], env)).trim();
  const database = await openPglite(path.join(env.HWA_DATA_DIR, 'pglite'));
  let load;
  try {
    log(`PGlite: loading ${PGLITE_N} issues and ${2 * PGLITE_N} comments`);
    const client = database.db.$client;
    load = await loadIssues((text, values) => client.query(text, values), { n: PGLITE_N, email: EMAIL });
  } finally {
    await database.close();
  }
  log(`loaded: ${JSON.stringify(load)}`);
  const server = { ...(await startHwa('hwa serve (issues-pglite)', env)), token };
  try {
    return { db: 'PGlite', n: PGLITE_N, load, results: await timeAll(server, PGLITE_N) };
  } finally {
    await stopChild(server.handle);
  }
}

export async function run() {
  const conditions = machineConditions();
  const runs = [];
  if (DATABASES !== 'pglite') runs.push(await benchPostgres());
  if (DATABASES !== 'postgres') runs.push(await benchPglite());
  conditions.postgres = runs.find((r) => r.version)?.version ?? 'not used';
  conditions.loadEnd = os.loadavg();
  conditions.srcEnd = srcFingerprint();
  return { markdown: renderIssues(conditions, { REQUESTS, WARMUP, TARGETS }, runs) };
}
