// Part of `npm run bench` (bench/run.mjs; alone: BENCH_ONLY=jobs): the job queue.
//
// 1. Enqueue -> start latency of a trivial run (dev_sleep with 0 steps), POSTed one at a time 20 ms
//    apart to `hwa serve` with its in-process workers (PostgreSQL and PGlite), and on PostgreSQL also
//    to an API-only `hwa serve` with one `hwa worker` process. Measured by the database's own clock:
//    started_at (the claim) - created_at (the enqueueing transaction).
// 2. Throughput: N trivial runs inserted at once, then drained by 1, 2 and 4 `hwa worker` processes
//    (HWA_WORKER_CONCURRENCY=8 each) on PostgreSQL, and by `hwa serve` alone on PGlite (one process
//    owns the embedded database). runs/s = N / (last finished_at - first started_at).
// 3. Chaos (PostgreSQL): 3 workers over M runs of ~50 ms (dev_sleep 2 x 25 ms), one killed with
//    SIGKILL every 3 s and replaced at once, with the default lease and heartbeat. Every execution is
//    logged by the dev type (HWA_DEV_JOB_LOG); lost runs, runs executed twice at once, handlers that
//    ran to their end twice, and how long each orphan waited to be reclaimed come from that log.
//
// Env: BENCH_JOBS_RUNS (N, default 20000), BENCH_JOBS_CHAOS_RUNS (M, default 10000),
// BENCH_JOBS_LATENCY_SAMPLES (default 200), BENCH_DATABASE_URL (as get-system).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  CLI,
  childEnv,
  createScratchDatabase,
  envNumber,
  log,
  machineConditions,
  request,
  runCli,
} from './lib.mjs';
import { startChild, startHwa, startReal, stopChild, tempDir } from './lib.mjs';
import { chaosFindings, renderSection } from './jobs-report.mjs';

const N = envNumber('BENCH_JOBS_RUNS', 20_000, 100, 1_000_000);
const M = envNumber('BENCH_JOBS_CHAOS_RUNS', 10_000, 100, 1_000_000);
const SAMPLES = envNumber('BENCH_JOBS_LATENCY_SAMPLES', 200, 10, 10_000);
const DEV = { HWA_DEV_JOB_TYPES: '1' };

export const budgetMs = (900 + N / 50 + M / 20) * 1000;

const auth = (token) => ({ authorization: `Bearer ${token}` });

async function api(server, method, url, json) {
  const res = await request(server.port, method, `/api/v1${url}`, { headers: auth(server.token), json });
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${res.body}`);
  return res.body ? JSON.parse(res.body) : undefined;
}

const newJob = async (server, config) =>
  (
    await api(server, 'POST', '/jobs', {
      job_type: 'dev_sleep',
      config: { job_type: 'dev_sleep', ...config },
    })
  ).uuid;

/** Every run of `jobId` through the API (PGlite: the server holds the database). */
async function runsOf(server, jobId) {
  const all = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await api(server, 'GET', `/job-runs?job_id=${jobId}&limit=1000&offset=${offset}`);
    all.push(...page.items);
    if (all.length >= page.count) return all;
  }
}

/** Posts SAMPLES runs one at a time, 20 ms apart, and answers each one's enqueue -> start in ms. */
async function latency(server, until) {
  const job = await newJob(server, { steps: 0 });
  for (let i = 0; i < SAMPLES; i++) {
    await api(server, 'POST', '/job-runs', { job_id: job });
    await sleep(20);
  }
  const runs = await until(job, SAMPLES);
  return runs.map((r) => Date.parse(r.started_at) - Date.parse(r.created_at));
}

/** Waits until `count` runs of `jobId` are final; answers them (API reads: ms precision). */
const finalRuns = (server) => async (jobId, count) => {
  for (;;) {
    const runs = await runsOf(server, jobId);
    if (runs.filter((r) => ['completed', 'failed', 'cancelled'].includes(r.status)).length >= count)
      return runs;
    await sleep(500);
  }
};

function worker(url, extra) {
  const env = childEnv({ DATABASE_URL: url, ...DEV, LOG_LEVEL: 'warn', ...extra });
  return startChild('hwa worker', [CLI, 'worker'], env);
}

/** Waits until `count` processes listen on the database: a worker is ready once it listens. */
async function waitListeners(client, count) {
  for (;;) {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'hwa-listen'`,
    );
    if (rows[0].n >= count) return;
    await sleep(100);
  }
}

async function waitFinal(client, jobId, count) {
  for (;;) {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM job_runs WHERE job_id = $1 AND status IN ('completed','failed','cancelled')`,
      [jobId],
    );
    if (rows[0].n >= count) return;
    await sleep(250);
  }
}

/**
 * Inserts `count` pending runs of `jobId` in one statement, as one enqueue burst. The ids here are
 * random (v4), not time-ordered like the service's v7, so `run_after` carries the enqueue order (1 µs
 * apart): a reclaimed run keeps its place at the head of the queue, as it does in the service.
 */
async function insertRuns(client, jobId, count) {
  await client.query(
    `INSERT INTO job_runs (id, job_id, job_type, job_name, config, status, created_by, max_attempts, run_after)
     SELECT gen_random_uuid(), j.id, j.job_type, j.name, j.config, 'pending', j.created_by, 5,
            now() - ($2 - g) * interval '1 microsecond'
     FROM jobs j, generate_series(1, $2) AS g WHERE j.id = $1`,
    [jobId, count],
  );
}

async function drainSeconds(client, jobId) {
  const { rows } = await client.query(
    `SELECT extract(epoch FROM max(finished_at) - min(started_at))::float AS s,
            count(*) FILTER (WHERE status = 'completed')::int AS completed
     FROM job_runs WHERE job_id = $1`,
    [jobId],
  );
  return rows[0];
}

async function postgres(results) {
  const scratch = await createScratchDatabase();
  results.postgres = scratch.version;
  const client = new pg.Client({ connectionString: scratch.url });
  const server = await startReal('jobs-pg', { DATABASE_URL: scratch.url, ...DEV });
  await client.connect();
  try {
    log(`latency on PostgreSQL, in-process workers (${SAMPLES} runs)`);
    results.latency.push({
      db: 'PostgreSQL',
      how: 'in-process workers of hwa serve',
      ms: await latency(server, finalRuns(server)),
    });
    await stopChild(server.handle);
    const apiOnly = {
      ...server,
      ...(await startHwa('hwa serve (API only)', { ...server.env, HWA_WORKER_CONCURRENCY: '0' })),
    };
    const one = worker(scratch.url);
    await waitListeners(client, 2); // the API-only server's and the worker's
    log('latency on PostgreSQL, one hwa worker process');
    results.latency.push({
      db: 'PostgreSQL',
      how: 'one `hwa worker` process, API-only hwa serve',
      ms: await latency(apiOnly, finalRuns(apiOnly)),
    });
    await stopChild(one);

    for (const processes of [1, 2, 4]) {
      const job = await newJob(apiOnly, { steps: 0 });
      await insertRuns(client, job, N);
      log(`throughput: ${N} runs, ${processes} worker process(es)`);
      const workers = Array.from({ length: processes }, () =>
        worker(scratch.url, { HWA_WORKER_CONCURRENCY: '8' }),
      );
      await waitFinal(client, job, N);
      const { s, completed } = await drainSeconds(client, job);
      results.throughput.push({
        db: 'PostgreSQL',
        processes,
        concurrency: 8,
        runs: N,
        completed,
        seconds: s,
        load: os.loadavg()[0],
      });
      await Promise.all(workers.map((w) => stopChild(w)));
    }

    results.chaos = await chaos(scratch.url, client, apiOnly);
  } finally {
    await client.end();
  }
}

async function chaos(url, client, server) {
  const logFile = path.join(tempDir('jobs-chaos'), 'executions.log');
  const job = await newJob(server, { steps: 2, step_ms: 25 });
  await insertRuns(client, job, M);
  log(`chaos: ${M} runs, 3 workers, one killed every 3 s`);
  const env = { HWA_WORKER_CONCURRENCY: '8', HWA_DEV_JOB_LOG: logFile };
  const live = Array.from({ length: 3 }, () => worker(url, env));
  const kills = [];
  const started = Date.now();
  let done = false;
  const finished = waitFinal(client, job, M).then(() => (done = true));
  while (!done) {
    await Promise.race([sleep(3_000), finished]);
    if (done) break;
    const victim = live.splice(Math.floor(Math.random() * live.length), 1)[0];
    kills.push({ pid: String(victim.pid), at: Date.now() });
    victim.child.kill('SIGKILL');
    await victim.exited;
    live.push(worker(url, env));
  }
  const seconds = (Date.now() - started) / 1000;
  await Promise.all(live.map((w) => stopChild(w)));
  const { rows } = await client.query(`SELECT id, status, attempt FROM job_runs WHERE job_id = $1`, [job]);
  return chaosFindings({ runs: rows, kills, log: fs.readFileSync(logFile, 'utf8'), seconds, total: M });
}

async function pglite(results) {
  const server = await startReal('jobs-pglite', DEV);
  log(`latency on PGlite, in-process workers (${SAMPLES} runs)`);
  results.latency.push({
    db: 'PGlite',
    how: 'in-process workers of hwa serve',
    ms: await latency(server, finalRuns(server)),
  });
  await stopChild(server.handle);
  // Enqueued while no worker runs, then drained by a restarted server: the drain alone is measured.
  const apiOnly = {
    ...server,
    ...(await startHwa('hwa serve (PGlite, API only)', { ...server.env, HWA_WORKER_CONCURRENCY: '0' })),
  };
  const job = await newJob(apiOnly, { steps: 0 });
  log(`PGlite: enqueueing ${N} runs through the API`);
  for (let i = 0; i < N; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, N - i) }, () => api(apiOnly, 'POST', '/job-runs', { job_id: job })),
    );
  }
  await stopChild(apiOnly.handle);
  const draining = {
    ...server,
    ...(await startHwa('hwa serve (PGlite, 8 workers)', { ...server.env, HWA_WORKER_CONCURRENCY: '8' })),
  };
  log('PGlite: draining');
  const runs = await finalRuns(draining)(job, N);
  const first = Math.min(...runs.map((r) => Date.parse(r.started_at)));
  const last = Math.max(...runs.map((r) => Date.parse(r.finished_at)));
  results.throughput.push({
    db: 'PGlite',
    processes: 1,
    concurrency: 8,
    runs: N,
    completed: runs.filter((r) => r.status === 'completed').length,
    seconds: (last - first) / 1000,
    load: os.loadavg()[0],
  });
  await stopChild(draining.handle);
}

export async function run() {
  await runCli(['--version'], childEnv({})); // builds dist/ first if src/ changed
  const conditions = machineConditions();
  const results = { latency: [], throughput: [], chaos: undefined, postgres: undefined };
  await postgres(results);
  await pglite(results);
  conditions.loadEnd = os.loadavg();
  conditions.postgres = results.postgres;
  return { markdown: renderSection(conditions, { N, M, SAMPLES }, results) };
}
