// `npm run bench`: authenticated `GET /api/v1/systems/{id}` against a bare Fastify route answering the
// same JSON from memory (the stack's ceiling), on PGlite and on PostgreSQL, with autocannon at 50
// connections. Prints the table and overwrites bench/RESULTS.md with it and the machine's conditions.
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
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(root, 'bin', 'hwa.js');
const BARE = path.join(root, 'bench', 'bare-server.mjs');
const RESULTS = path.join(root, 'bench', 'RESULTS.md');

const CONNECTIONS = 50;
const DURATION = envNumber('BENCH_DURATION', 10, 1, 600);
const WARMUP = envNumber('BENCH_WARMUP', 3, 0, 600);
const RUNS = envNumber('BENCH_RUNS', 3, 1, 20);
const PG_SERVER_URL = process.env.BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Backend CPU can only be read from /proc when PostgreSQL runs on this machine. */
const PG_IS_LOCAL = ['127.0.0.1', 'localhost', '[::1]', ''].includes(new URL(PG_SERVER_URL).hostname);
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 20;
const EMAIL = 'bench@example.com';

function envNumber(name, fallback, min, max) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    process.stderr.write(`bench: ${name} must be a number from ${min} to ${max}, got "${raw}"\n`);
    process.exit(2);
  }
  return value;
}

const log = (line) => process.stderr.write(`bench: ${line}\n`);

// ---------------------------------------------------------------------------------------------------
// Child processes: every one is tracked, stopped in `cleanup`, and SIGKILLed if we exit regardless.

const children = new Set();

/** The environment of a child: ours without any hwa setting that could leak in, plus `extra`. */
function childEnv(extra) {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(HWA_|DATABASE_URL$|HOST$|PORT$|LOG_LEVEL$|BARE_)/.test(name)) delete env[name];
  }
  return { ...env, HOST: '127.0.0.1', ...extra };
}

function startChild(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk) => {
    tail = (tail + chunk).slice(-8000);
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  const handle = { name, child, pid: child.pid, tail: () => tail, exit: undefined };
  handle.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(handle);
      handle.exit = { code, signal };
      resolve(handle.exit);
    });
    child.once('error', (err) => {
      children.delete(handle);
      handle.exit = { code: null, signal: null, error: err };
      resolve(handle.exit);
    });
  });
  children.add(handle);
  return handle;
}

async function stopChild(handle, graceMs = 35_000) {
  if (handle.exit) return handle.exit;
  handle.child.kill('SIGTERM');
  const timer = setTimeout(() => handle.child.kill('SIGKILL'), graceMs);
  const exit = await handle.exited;
  clearTimeout(timer);
  if (exit.code !== 0)
    log(`${handle.name} exited with ${exit.code ?? exit.signal}; its last output:\n${handle.tail()}`);
  return exit;
}

process.on('exit', () => {
  for (const handle of children) handle.child.kill('SIGKILL');
});

/** Runs the hwa CLI to completion (bounded) and returns its stdout. */
function runCli(args, env) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: root, env, timeout: 120_000 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`hwa ${args.join(' ')} failed: ${err.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

// ---------------------------------------------------------------------------------------------------
// HTTP to 127.0.0.1 only.

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function request(port, method, urlPath, { headers = {}, json } = {}) {
  return new Promise((resolve, reject) => {
    const payload = json === undefined ? undefined : JSON.stringify(json);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
        timeout: 5_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitReady(handle, port, urlPath, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (handle.exit) throw new Error(`${handle.name} exited before it was ready:\n${handle.tail()}`);
    const res = await request(port, 'GET', urlPath).catch(() => undefined);
    if (res?.status === 200) return;
    await sleep(100);
  }
  throw new Error(`${handle.name} not ready after ${timeoutMs / 1000} s:\n${handle.tail()}`);
}

/** `hwa serve` on a free port; LOG_LEVEL=warn hides the "Server listening" line, so we pick the port. */
async function startHwa(name, env) {
  const port = await freePort();
  const handle = startChild(name, [CLI, 'serve'], { ...env, PORT: String(port), LOG_LEVEL: 'warn' });
  await waitReady(handle, port, '/healthz');
  return { handle, port };
}

// ---------------------------------------------------------------------------------------------------
// CPU accounting from /proc (Linux; elsewhere the columns stay empty): where do the 2 cores go?

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function procTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return undefined;
  }
}

/** CPU ticks of the PostgreSQL backends serving the bench database (other tenants' work excluded). */
async function backendTicks() {
  const ticks = new Map();
  if (!PG_IS_LOCAL || !pgAdmin || !pgDatabase) return undefined;
  const { rows } = await pgAdmin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [pgDatabase]);
  for (const { pid } of rows) {
    const t = procTicks(pid);
    if (t !== undefined) ticks.set(pid, t);
  }
  return ticks;
}

function machineTicks() {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    return { total, busy: total - v[3] - (v[4] ?? 0) }; // minus idle and iowait
  } catch {
    return undefined;
  }
}

async function cpuSnapshot(serverPid) {
  const postgres = await backendTicks();
  return {
    at: process.hrtime.bigint(),
    server: procTicks(serverPid),
    postgres,
    machine: machineTicks(),
    client: process.cpuUsage(),
  };
}

/**
 * Percent of one core for the server, the bench database's backends and autocannon; percent of all
 * cores for the machine; "others" is what is left of the machine's busy time, in percent of one core.
 */
function cpuDelta(before, after) {
  const seconds = Number(after.at - before.at) / 1e9;
  const pct = (ticks) => (ticks === undefined ? undefined : (ticks / CLK_TCK / seconds) * 100);
  let pgTicks;
  if (before.postgres && after.postgres) {
    pgTicks = 0;
    for (const [pid, t] of after.postgres) pgTicks += t - (before.postgres.get(pid) ?? t);
  }
  const clientUsage = process.cpuUsage(before.client);
  const server = pct(
    after.server !== undefined && before.server !== undefined ? after.server - before.server : undefined,
  );
  const postgres = pct(pgTicks);
  const client = ((clientUsage.user + clientUsage.system) / 1e6 / seconds) * 100;
  const machine =
    after.machine && before.machine
      ? ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) * 100
      : undefined;
  const others =
    machine === undefined || server === undefined
      ? undefined
      : Math.max(0, machine * os.cpus().length - server - (postgres ?? 0) - client);
  return { server, postgres, client, machine, others };
}

// ---------------------------------------------------------------------------------------------------
// Measuring.

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

async function measure(target) {
  if (WARMUP > 0) await cannon(target, WARMUP);
  const before = await cpuSnapshot(target.server.pid);
  const result = await cannon(target, DURATION);
  const cpu = cpuDelta(before, await cpuSnapshot(target.server.pid));
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

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ---------------------------------------------------------------------------------------------------
// Set-up and teardown.

const tempDirs = [];
let pgAdmin;
let pgDatabase;
let cleaning;

function cleanup() {
  cleaning ??= (async () => {
    await Promise.all([...children].map((handle) => stopChild(handle)));
    if (pgAdmin) {
      if (pgDatabase) {
        await pgAdmin
          .query(`DROP DATABASE IF EXISTS "${pgDatabase}" WITH (FORCE)`)
          .then(() => log(`dropped database ${pgDatabase}`))
          .catch((err) => log(`could not drop database ${pgDatabase}: ${err.message}`));
      }
      await pgAdmin.end().catch(() => {});
    }
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping servers and cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

function withDatabaseName(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function tempDir(label) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hwa-bench-${label}-`));
  tempDirs.push(dir);
  return dir;
}

/** A fresh data dir, a token made by the CLI *before* the server takes the lock, then `hwa serve`. */
async function startReal(label, extraEnv) {
  const env = childEnv({ HWA_DATA_DIR: tempDir(label), ...extraEnv });
  const token = (await runCli(['token', 'create', '--email', EMAIL, '--name', 'bench'], env)).trim();
  if (!/^hwa_\S+$/.test(token)) throw new Error(`unexpected output from hwa token create: "${token}"`);
  const server = await startHwa(`hwa serve (${label})`, env);
  return { ...server, env, token };
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

// ---------------------------------------------------------------------------------------------------

async function main() {
  const conditions = {
    date: new Date().toISOString(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    cpuCount: os.cpus().length,
    totalMemGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    loadStart: os.loadavg(),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    code: gitDescription(),
  };

  // PostgreSQL: a scratch database created for this run and dropped at the end.
  pgAdmin = new pg.Client({ connectionString: PG_SERVER_URL, connectionTimeoutMillis: 10_000 });
  await pgAdmin.connect().catch((err) => {
    throw new Error(`cannot reach PostgreSQL at ${PG_SERVER_URL} (set BENCH_DATABASE_URL): ${err.message}`);
  });
  conditions.postgres = (await pgAdmin.query('SHOW server_version')).rows[0].server_version;
  pgDatabase = `hwa_bench_${process.pid}_${Date.now()}`;
  await pgAdmin.query(`CREATE DATABASE "${pgDatabase}"`);
  const databaseUrl = withDatabaseName(PG_SERVER_URL, pgDatabase);
  log(`created database ${pgDatabase}; PostgreSQL ${conditions.postgres}`);

  const pglite = await startReal('pglite', {});
  const pgReal = await startReal('postgres', { DATABASE_URL: databaseUrl });
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

  const auth = (token) => ({ authorization: `Bearer ${token}` });
  const getPath = (id) => `/api/v1/systems/${id}`;
  const targets = [
    {
      key: 'bare',
      label: 'bare Fastify, same JSON from memory (ceiling)',
      db: '-',
      route: 'GET /api/v1/systems/{id}',
      server: bareHandle,
      port: barePort,
      path: getPath(pgSystem.id),
      headers: auth(pgReal.token), // same request bytes as the real route; ignored
      expectStatus: 200,
      expectBody: pgSystem.body,
    },
    {
      key: 'pglite',
      label: 'hwa, authenticated',
      db: 'PGlite',
      route: 'GET /api/v1/systems/{id}',
      server: pglite.handle,
      port: pglite.port,
      path: getPath(pgliteSystem.id),
      headers: auth(pglite.token),
      expectStatus: 200,
      expectBody: pgliteSystem.body,
    },
    {
      key: 'postgres',
      label: 'hwa, authenticated',
      db: 'PostgreSQL',
      route: 'GET /api/v1/systems/{id}',
      server: pgReal.handle,
      port: pgReal.port,
      path: getPath(pgSystem.id),
      headers: auth(pgReal.token),
      expectStatus: 200,
      expectBody: pgSystem.body,
    },
    {
      key: 'postgres-pool20',
      label: 'diagnostic: hwa, authenticated, HWA_DB_POOL_SIZE=20',
      db: 'PostgreSQL',
      route: 'GET /api/v1/systems/{id}',
      server: pgPool20.handle,
      port: pgPool20.port,
      path: getPath(pgSystem.id),
      headers: auth(pgReal.token),
      expectStatus: 200,
      expectBody: pgSystem.body,
    },
    {
      key: 'postgres-auth-only',
      label: 'diagnostic: token lookup only (malformed id: 404 after auth, no system query)',
      db: 'PostgreSQL',
      route: 'GET /api/v1/systems/not-a-uuid',
      server: pgReal.handle,
      port: pgReal.port,
      path: '/api/v1/systems/not-a-uuid',
      headers: auth(pgReal.token),
      expectStatus: 404,
    },
    {
      key: 'postgres-readyz',
      label: 'reference: no token, one `SELECT 1`',
      db: 'PostgreSQL',
      route: 'GET /readyz',
      server: pgReal.handle,
      port: pgReal.port,
      path: '/readyz',
      headers: {},
      expectStatus: 200,
      expectBody: JSON.stringify({ status: 'ready' }),
    },
  ];

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
      const run = await measure(target);
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
  const bare = targets[0];
  for (const target of targets) target.ratio = target.rps / bare.rps;

  const report = await formatMarkdown(renderReport(conditions, targets, pgSystem.body));
  fs.writeFileSync(RESULTS, report);
  process.stdout.write(`${report}\n`);
  log(`wrote ${path.relative(root, RESULTS)}`);
  if (!targets.every((t) => t.valid)) {
    log('some runs were INVALID (see the table); their numbers do not count');
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------------------------------------------
// Report.

/** The commit measured, and whether src/ had uncommitted changes (they are measured too). */
function gitDescription() {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim();
    const head = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'src').split('\n').filter(Boolean).length;
    return dirty ? `${head} with ${dirty} uncommitted change(s) under src/` : `${head} (src/ clean)`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/** The file passes `prettier --check` as generated (prettier is a devDependency; raw if missing). */
async function formatMarkdown(text) {
  try {
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(RESULTS)) ?? {};
    return await prettier.format(text, { ...options, parser: 'markdown' });
  } catch {
    return text;
  }
}

function fmt(value, digits = 1) {
  return value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits);
}

const pctCell = (value) => (value === undefined ? '-' : `${value.toFixed(0)}%`);

function verdict(target) {
  const ratioOk = target.ratio >= TARGET_RATIO;
  const p99Ok = target.p99 <= TARGET_P99_MS;
  return (
    `- ${target.db}: real/bare = **${fmt(target.ratio, 2)}x** (target >= ${TARGET_RATIO}x: ` +
    `${ratioOk ? 'met' : 'MISSED'}), p99 = **${target.p99} ms** (target <= ${TARGET_P99_MS} ms: ` +
    `${p99Ok ? 'met' : 'MISSED'})${target.valid ? '' : ' (INVALID runs, see below)'}`
  );
}

function renderReport(c, targets, body) {
  const byKey = Object.fromEntries(targets.map((t) => [t.key, t]));
  const load = (l) => l.map((x) => x.toFixed(2)).join(' / ');
  const lines = [
    '# Benchmark results',
    '',
    'Generated by `npm run bench` (`bench/run.mjs`); every run overwrites this file.',
    '',
    `Targets: real route >= ${TARGET_RATIO}x the bare route's req/s **on PostgreSQL**, with p99 <= ${TARGET_P99_MS} ms.`,
    '',
    verdict(byKey.postgres),
    verdict(byKey.pglite),
    '',
    `## Results (median of ${RUNS} runs each)`,
    '',
    `req/s, p50 and p99 are each the **median over ${RUNS} measured runs** of ${DURATION} s ` +
      `(each after a ${WARMUP} s warm-up) at ${CONNECTIONS} connections; "x bare" is median req/s ` +
      "divided by the bare route's median req/s. Latencies come from autocannon's histogram in whole ms.",
    '',
    '| Target | Database | Request | req/s | p50 ms | p99 ms | x bare | valid runs |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...targets.map(
      (t) =>
        `| ${t.label} | ${t.db} | \`${t.route}\` | ${fmt(t.rps, 0)} | ${t.p50} | ${t.p99} | ` +
        `${fmt(t.ratio, 2)} | ${t.runs.filter((r) => r.valid).length}/${t.runs.length} |`,
    ),
    '',
    '## Every run',
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
    '## Conditions',
    '',
    `- Date: ${c.date}`,
    `- CPU: ${c.cpuModel}, ${c.cpuCount} logical CPUs (os.cpus())`,
    `- Memory: ${c.totalMemGiB.toFixed(1)} GiB total`,
    `- OS: ${c.platform}`,
    `- Node: ${c.node}; code measured: ${c.code}`,
    `- PostgreSQL server: ${c.postgres} (local, scratch database created and dropped by the run)`,
    `- Load average (1/5/15 min) at start: ${load(c.loadStart)}; at the end of the last run: ${load(c.loadEnd)}`,
    `- autocannon ${CONNECTIONS} connections, no pipelining, ${DURATION} s measured + ${WARMUP} s warm-up ` +
      `per run, ${RUNS} runs per target, targets interleaved round by round; one extra ${WARMUP} s ` +
      'priming warm-up per target before round 1',
    '- Each server is its own child process (`node bin/hwa.js serve`, or `node bench/bare-server.mjs`);',
    '  autocannon runs in the parent. Client, servers and PostgreSQL share the same cores.',
    '- hwa runs with **LOG_LEVEL=warn**: at the default `info` every request writes two JSON log lines,',
    '  which would dominate the measurement. Pool size is the default HWA_DB_POOL_SIZE=10 unless stated.',
    '- Every measured response had to carry the expected status (200; 404 for the auth-only row) and, for',
    '  200 rows, exactly the expected JSON body; any error, timeout, other status or body marks the run invalid.',
    `- Response body (${body.length} bytes): \`${body}\``,
    '',
  );
  return lines.join('\n');
}

// A hard bound on the whole run, whatever hangs.
const budgetMs = (6 * (WARMUP + RUNS * (WARMUP + DURATION + 10)) + 300) * 1000;
const watchdog = setTimeout(() => {
  log(`still running after ${budgetMs / 1000} s; giving up`);
  void cleanup().finally(() => process.exit(1));
}, budgetMs);

try {
  await main();
} catch (err) {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
