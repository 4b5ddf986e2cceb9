// Part of `npm run bench` (bench/run.mjs): authenticated `GET /api/v1/systems/{id}` on PGlite and on
// PostgreSQL against two bare Fastify routes: one answering the same JSON from memory (the stack's
// ceiling) and one running hwa's own prepared SELECT of the row through `pg` (the floor of one
// database round trip: the targets are set against it). autocannon at 50 connections. Returns its
// section of bench/RESULTS.md.
//
// Every server runs in its own child process (the real one through the built CLI, `node bin/hwa.js
// serve`), so the load generator never shares an event loop with the server under test. Targets are
// measured in interleaved rounds (round 1: every target, round 2: every target, ...) so that a change
// in background load on the machine spreads over all targets instead of biasing one of them; each
// measured run is preceded by its own warm-up on the same target.
//
// Env: BENCH_DURATION (measured seconds per run, default 10), BENCH_WARMUP (seconds, default 3),
// BENCH_RUNS (runs per target, default 3), BENCH_DATABASE_URL (PostgreSQL server to create the scratch
// database on, default postgres://postgres@127.0.0.1:5432/postgres).
import autocannon from 'autocannon';
import os from 'node:os';
import path from 'node:path';
import {
  childEnv,
  cleanup,
  conditionLines,
  createScratchDatabase,
  envNumber,
  fmt,
  freePort,
  loadText,
  log,
  machineConditions,
  median,
  pctCell,
  request,
  root,
  startChild,
  startHwa,
  startReal,
  waitReady,
} from './lib.mjs';
import { cpuDelta, cpuSnapshot } from './proc.mjs';

const BARE = path.join(root, 'bench', 'bare-server.mjs');
const BARE_PG = path.join(root, 'bench', 'bare-pg-server.mjs');
const CONNECTIONS = 50;
const DURATION = envNumber('BENCH_DURATION', 10, 1, 600);
const WARMUP = envNumber('BENCH_WARMUP', 3, 0, 600);
const RUNS = envNumber('BENCH_RUNS', 3, 1, 20);
/** hwa on PostgreSQL against the bare route with one `pg` round trip (req/s). */
const TARGET_RATIO = 0.7;
const TARGET_P99_MS = 20;
/** hwa on PGlite against hwa on PostgreSQL (req/s). */
const TARGET_PGLITE_RATIO = 0.4;

/** A hard bound on this part, whatever hangs. */
export const budgetMs = (7 * (WARMUP + RUNS * (WARMUP + DURATION + 10)) + 300) * 1000;

function cannon(target, duration) {
  return autocannon({
    url: `http://127.0.0.1:${target.port}${target.path}`,
    method: 'GET',
    headers: target.headers,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    ...(target.expectBody ? { expectBody: target.expectBody } : {}),
  });
}

async function measure(target, scratch) {
  if (WARMUP > 0) await cannon(target, WARMUP);
  const before = await cpuSnapshot(target.server.pid, scratch);
  const result = await cannon(target, DURATION);
  const cpu = cpuDelta(before, await cpuSnapshot(target.server.pid, scratch));
  if (target.server.exit)
    throw new Error(`${target.server.name} died during the run:\n${target.server.tail()}`);

  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  );
  const unexpected = Object.entries(statuses)
    .filter(([code]) => Number(code) !== target.expectStatus)
    .reduce((n, [, count]) => n + count, 0);
  const problems = [];
  if (target.expectStatus < 300 && result.non2xx > 0) problems.push(`${result.non2xx} non-2xx`);
  else if (unexpected > 0) problems.push(`${unexpected} responses other than ${target.expectStatus}`);
  if (result.errors > 0) problems.push(`${result.errors} errors (${result.timeouts} timeouts)`);
  if (result.mismatches > 0) problems.push(`${result.mismatches} bodies differ from the expected JSON`);
  if (result.requests.total === 0) problems.push('no responses');
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    cpu,
    valid: problems.length === 0,
    problems,
  };
}

async function createSystem(server, token) {
  const auth = { authorization: `Bearer ${token}` };
  const created = await request(server.port, 'POST', '/api/v1/systems', {
    headers: auth,
    json: { system_name: 'Bench rig', description: 'A system created by bench/run.mjs to read back.' },
  });
  if (created.status !== 201) {
    throw new Error(`POST /api/v1/systems: ${created.status} ${created.body}\n${server.handle.tail()}`);
  }
  const id = JSON.parse(created.body).system_id;
  const got = await request(server.port, 'GET', `/api/v1/systems/${id}`, { headers: auth });
  if (got.status !== 200) {
    throw new Error(`GET /api/v1/systems/${id}: ${got.status} ${got.body}\n${server.handle.tail()}`);
  }
  return { id, body: got.body };
}

function defineTargets(pgSystem, pgliteSystem, bare, barePg, pglite, pgReal, pgPool20) {
  const auth = (token) => ({ authorization: `Bearer ${token}` });
  const route = 'GET /api/v1/systems/{id}';
  const real = (server, token, system) => ({
    route,
    server: server.handle,
    port: server.port,
    path: `/api/v1/systems/${system.id}`,
    headers: auth(token),
    expectStatus: 200,
    expectBody: system.body,
  });
  const label = 'hwa, authenticated';
  return [
    {
      ...real(bare, pgReal.token, pgSystem), // same request bytes as the real route; ignored
      key: 'bare',
      label: 'bare Fastify, same JSON from memory (ceiling)',
      db: '-',
    },
    {
      ...real(barePg, pgReal.token, pgSystem), // the token is sent and ignored, as above
      key: 'bare-pg',
      label: "bare Fastify + hwa's prepared SELECT through `pg`, no auth (floor of one round trip)",
      db: 'PostgreSQL',
    },
    { ...real(pglite, pglite.token, pgliteSystem), key: 'pglite', label, db: 'PGlite' },
    { ...real(pgReal, pgReal.token, pgSystem), key: 'postgres', label, db: 'PostgreSQL' },
    {
      ...real(pgPool20, pgReal.token, pgSystem),
      key: 'postgres-pool20',
      label: 'diagnostic: hwa, authenticated, HWA_DB_POOL_SIZE=20',
      db: 'PostgreSQL',
    },
    {
      ...real(pgReal, pgReal.token, pgSystem),
      key: 'postgres-auth-only',
      label: 'diagnostic: auth only (malformed id: 404 after auth; token from the cache, no query)',
      db: 'PostgreSQL',
      route: 'GET /api/v1/systems/not-a-uuid',
      path: '/api/v1/systems/not-a-uuid',
      expectStatus: 404,
      expectBody: undefined,
    },
    {
      ...real(pgReal, pgReal.token, pgSystem),
      key: 'postgres-readyz',
      label: 'reference: no token, one `SELECT 1`',
      db: 'PostgreSQL',
      route: 'GET /readyz',
      path: '/readyz',
      headers: {},
      expectBody: JSON.stringify({ status: 'ready' }),
    },
  ];
}

/** Runs the benchmark; returns its section of RESULTS.md and whether every run was valid. */
export async function run() {
  const conditions = machineConditions();

  // PostgreSQL: a scratch database created for this run and dropped at the end.
  const scratch = await createScratchDatabase();
  conditions.postgres = scratch.version;

  const pglite = await startReal('pglite', {});
  const pgReal = await startReal('postgres', { DATABASE_URL: scratch.url });
  const pgPool20 = await startHwa('hwa serve (postgres, pool 20)', { ...pgReal.env, HWA_DB_POOL_SIZE: '20' });
  const pgliteSystem = await createSystem(pglite, pglite.token);
  const pgSystem = await createSystem(pgReal, pgReal.token);

  // The bare server answers the PostgreSQL system's JSON; check it is byte for byte the real answer.
  const barePort = await freePort();
  const bareHandle = startChild(
    'bare-server',
    [BARE],
    childEnv({ PORT: String(barePort), BARE_BODY: pgSystem.body }),
  );
  await waitReady(bareHandle, barePort, `/api/v1/systems/${pgSystem.id}`);
  const bareBody = (await request(barePort, 'GET', `/api/v1/systems/${pgSystem.id}`)).body;
  if (bareBody !== pgSystem.body) {
    throw new Error(`the bare server's JSON differs from the real one:\n${bareBody}\n${pgSystem.body}`);
  }
  log(`system JSON (${pgSystem.body.length} bytes): ${pgSystem.body}`);

  // The floor: hwa's prepared SELECT through pg on the same database; its JSON must match too.
  const barePgPort = await freePort();
  const barePgHandle = startChild(
    'bare-pg-server',
    [BARE_PG],
    childEnv({ PORT: String(barePgPort), DATABASE_URL: scratch.url }),
  );
  await waitReady(barePgHandle, barePgPort, `/api/v1/systems/${pgSystem.id}`);
  const barePgBody = (await request(barePgPort, 'GET', `/api/v1/systems/${pgSystem.id}`)).body;
  if (barePgBody !== pgSystem.body) {
    throw new Error(`the bare pg server's JSON differs from the real one:\n${barePgBody}\n${pgSystem.body}`);
  }

  const bare = { handle: bareHandle, port: barePort };
  const barePg = { handle: barePgHandle, port: barePgPort };
  const targets = defineTargets(pgSystem, pgliteSystem, bare, barePg, pglite, pgReal, pgPool20);

  const seconds = targets.length * (WARMUP + RUNS * (WARMUP + DURATION));
  log(
    `${targets.length} targets x ${RUNS} runs x (${WARMUP} s warm-up + ${DURATION} s measured), ` +
      `${CONNECTIONS} connections, plus one priming warm-up per target: about ${Math.ceil(seconds / 60)} min`,
  );
  // Priming: one extra warm-up per target before round 1, so the first measured run of each target
  // does not pay for JIT compilation and the pool's fresh backends (catalog caches) more than the rest.
  for (const target of targets) {
    target.runs = [];
    if (WARMUP > 0) await cannon(target, WARMUP);
  }
  for (let round = 1; round <= RUNS; round++) {
    for (const target of targets) {
      const run = await measure(target, scratch);
      target.runs.push(run);
      log(
        `round ${round}/${RUNS} ${target.key.padEnd(18)} ${fmt(run.rps, 0).padStart(7)} req/s  ` +
          `p50 ${run.p50} ms  p99 ${run.p99} ms  ${JSON.stringify(run.statuses)}` +
          (run.valid ? '' : `  INVALID: ${run.problems.join(', ')}`),
      );
    }
  }
  conditions.loadEnd = os.loadavg();

  await cleanup();

  for (const target of targets) {
    target.rps = median(target.runs.map((r) => r.rps));
    target.p50 = median(target.runs.map((r) => r.p50));
    target.p99 = median(target.runs.map((r) => r.p99));
    target.valid = target.runs.every((r) => r.valid);
  }
  const floor = targets.find((t) => t.key === 'bare-pg');
  for (const target of targets) {
    target.ratio = target.rps / targets[0].rps;
    target.floorRatio = target.rps / floor.rps;
  }

  const valid = targets.every((t) => t.valid);
  if (!valid) {
    log('some runs were INVALID (see the table); their numbers do not count');
    process.exitCode = 1;
  }
  return { markdown: renderSection(conditions, targets, pgSystem.body), valid };
}

// ---------------------------------------------------------------------------------------------------
// Report.

const met = (ok) => (ok ? 'met' : 'MISSED');

function verdicts(byKey) {
  const pgT = byKey.postgres;
  const pgliteT = byKey.pglite;
  const pgliteRatio = pgliteT.rps / pgT.rps;
  const invalid = (t) => (t.valid ? '' : ' (INVALID runs, see below)');
  return [
    `- PostgreSQL: hwa / bare+pg = **${fmt(pgT.floorRatio, 2)}x** (target >= ${TARGET_RATIO}x: ` +
      `${met(pgT.floorRatio >= TARGET_RATIO)}), p99 = **${pgT.p99} ms** (target <= ${TARGET_P99_MS} ms: ` +
      `${met(pgT.p99 <= TARGET_P99_MS)})${invalid(pgT)}${invalid(byKey['bare-pg'])}`,
    `- PGlite: hwa on PGlite / hwa on PostgreSQL = **${fmt(pgliteRatio, 2)}x** (target >= ` +
      `${TARGET_PGLITE_RATIO}x: ${met(pgliteRatio >= TARGET_PGLITE_RATIO)}), p99 = ${pgliteT.p99} ms ` +
      `(no target)${invalid(pgliteT)}`,
  ];
}

/** Median CPU µs per response of one target, for the generated analysis. */
const usPerReq = (t, side) => median(t.runs.map((r) => (r.cpu[side] * 1e4) / r.rps));

function analysis(c, byKey) {
  const pgT = byKey.postgres;
  const floor = byKey['bare-pg'];
  const authOnly = byKey['postgres-auth-only'];
  const noisy = Math.max(c.loadStart[0], c.loadEnd[0]) > c.cpuCount;
  return [
    `Generated from this run's numbers. On PostgreSQL hwa reached ${fmt(pgT.floorRatio, 2)}x the bare ` +
      `route with one \`pg\` round trip (target ${TARGET_RATIO}x: ${met(pgT.floorRatio >= TARGET_RATIO)}) ` +
      `and ${fmt(pgT.ratio, 2)}x the bare route from memory, with p99 ${pgT.p99} ms (target ` +
      `${TARGET_P99_MS} ms: ${met(pgT.p99 <= TARGET_P99_MS)}). Per response hwa cost ` +
      `~${fmt(usPerReq(pgT, 'server'), 0)} µs of server CPU and ~${fmt(usPerReq(pgT, 'postgres'), 0)} µs ` +
      `of PostgreSQL backend CPU; the bare+pg route ~${fmt(usPerReq(floor, 'server'), 0)} + ` +
      `~${fmt(usPerReq(floor, 'postgres'), 0)} µs, the bare route from memory ` +
      `~${fmt(usPerReq(byKey.bare, 'server'), 0)} µs. Auth alone (token from the cache, no query): ` +
      `~${fmt(usPerReq(authOnly, 'server'), 0)} + ~${fmt(usPerReq(authOnly, 'postgres'), 0)} µs. PGlite: ` +
      `${fmt(byKey.pglite.rps, 0)} req/s, ${fmt(byKey.pglite.rps / pgT.rps, 2)}x hwa on PostgreSQL ` +
      `(target ${TARGET_PGLITE_RATIO}x), ~${fmt(usPerReq(byKey.pglite, 'server'), 0)} µs of server CPU ` +
      'per response: its query runs in WASM on the server’s own event loop (see the PGlite section). ' +
      (noisy
        ? `The load average (${loadText(c.loadStart)} at start, ${loadText(c.loadEnd)} at the end) was above ` +
          `the ${c.cpuCount} cores: other jobs shared the machine and the numbers are noisy lower bounds.`
        : `The load average (${loadText(c.loadStart)} at start, ${loadText(c.loadEnd)} at the end) stayed ` +
          `within the ${c.cpuCount} cores.`),
  ];
}

function renderSection(c, targets, body) {
  const byKey = Object.fromEntries(targets.map((t) => [t.key, t]));
  const lines = [
    '## GET /api/v1/systems/{id} against bare routes',
    '',
    '`bench/get-system.mjs`. Targets: on PostgreSQL, hwa >= ' +
      `${TARGET_RATIO}x the req/s of a bare route running the same prepared SELECT through \`pg\` ` +
      `(no auth: the floor of one database round trip), with p99 <= ${TARGET_P99_MS} ms; on PGlite, ` +
      `>= ${TARGET_PGLITE_RATIO}x the req/s of hwa on PostgreSQL.`,
    '',
    ...verdicts(byKey),
    '',
    `### Results (median of ${RUNS} runs each)`,
    '',
    `req/s, p50 and p99 are each the **median over ${RUNS} measured runs** of ${DURATION} s ` +
      `(each after a ${WARMUP} s warm-up) at ${CONNECTIONS} connections; "x bare" is median req/s ` +
      'divided by the median req/s of the bare route from memory, "x bare+pg" by that of the bare route ' +
      "with one `pg` round trip. Latencies come from autocannon's histogram in whole ms.",
    '',
    '| Target | Database | Request | req/s | p50 ms | p99 ms | x bare | x bare+pg | valid runs |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...targets.map(
      (t) =>
        `| ${t.label} | ${t.db} | \`${t.route}\` | ${fmt(t.rps, 0)} | ${t.p50} | ${t.p99} | ` +
        `${fmt(t.ratio, 2)} | ${fmt(t.floorRatio, 2)} | ${t.runs.filter((r) => r.valid).length}/${t.runs.length} |`,
    ),
    '',
    '### Analysis',
    '',
    ...analysis(c, byKey),
    '',
    '### Every run',
    '',
    'CPU, read from /proc over the measured seconds, in percent of **one** core: "server" is the process',
    'under test, "db" the PostgreSQL backends connected to the bench database (each followed by its CPU',
    'time per response in µs), "client" autocannon (this process), "others" the rest of the busy time (other',
    'tenants of the machine, PostgreSQL background processes, kernel). "machine" is percent of **all**',
    'cores busy.',
    '',
    '| Round | Target | req/s | p50 | p99 | statuses | server | µs/req | db | µs/req | client | others | machine | valid |',
    '| ---: | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (let round = 0; round < RUNS; round++) {
    for (const t of targets) {
      const r = t.runs[round];
      const statuses = Object.entries(r.statuses)
        .map(([code, n]) => `${code}: ${n}`)
        .join(', ');
      lines.push(
        `| ${round + 1} | ${t.key} | ${fmt(r.rps, 0)} | ${r.p50} | ${r.p99} | ${statuses} | ` +
          `${pctCell(r.cpu.server)} | ${fmt((r.cpu.server * 1e4) / r.rps, 0)} | ${pctCell(r.cpu.postgres)} | ` +
          `${fmt((r.cpu.postgres * 1e4) / r.rps, 0)} | ${pctCell(r.cpu.client)} | ${pctCell(r.cpu.others)} | ${pctCell(r.cpu.machine)} | ` +
          `${r.valid ? 'yes' : `**no**: ${r.problems.join(', ')}`} |`,
      );
    }
  }
  lines.push(
    '',
    '### Conditions',
    '',
    ...conditionLines(c),
    `- Load average (1/5/15 min) at start: ${loadText(c.loadStart)}; at the end of the last run: ${loadText(c.loadEnd)}`,
    `- autocannon ${CONNECTIONS} connections, no pipelining, ${DURATION} s measured + ${WARMUP} s warm-up ` +
      `per run, ${RUNS} runs per target, targets interleaved round by round; one extra ${WARMUP} s ` +
      'priming warm-up per target before round 1',
    '- Each server is its own child process (`node bin/hwa.js serve`, `node bench/bare-server.mjs` or',
    "  `node bench/bare-pg-server.mjs`, whose pool has 10 connections like hwa's);",
    '  autocannon runs in the parent. Client, servers and PostgreSQL share the same cores.',
    '- hwa runs with **LOG_LEVEL=warn**: at the default `info` every request writes two JSON log lines,',
    '  which would dominate the measurement. Pool size is the default HWA_DB_POOL_SIZE=10 unless stated.',
    '- hwa caches verified tokens (HWA_TOKEN_CACHE_TTL, default 10 s): after the first request the token',
    '  costs no query, so an authenticated GET is one round trip like the bare+pg route.',
    '- Every measured response had to carry the expected status (200; 404 for the auth-only row) and, for',
    '  200 rows, exactly the expected JSON body; any error, timeout, other status or body marks the run invalid.',
    `- Response body (${body.length} bytes): \`${body}\``,
    '',
  );
  return lines.join('\n');
}
