// Machinery shared by the benchmarks that `npm run bench` (bench/run.mjs) runs: child processes that
// are always stopped, the hwa CLI, HTTP to 127.0.0.1 only, scratch PostgreSQL databases and temp dirs
// that are always removed, CPU and memory readings from /proc, machine conditions, markdown output.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI = path.join(root, 'bin', 'hwa.js');
export const RESULTS = path.join(root, 'bench', 'RESULTS.md');
export const EMAIL = 'bench@example.com';
export const PG_SERVER_URL =
  process.env.BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Backend CPU can only be read from /proc when PostgreSQL runs on this machine. */
export const PG_IS_LOCAL = ['127.0.0.1', 'localhost', '[::1]', ''].includes(new URL(PG_SERVER_URL).hostname);

export function envNumber(name, fallback, min, max) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    process.stderr.write(`bench: ${name} must be a number from ${min} to ${max}, got "${raw}"\n`);
    process.exit(2);
  }
  return value;
}

export const log = (line) => process.stderr.write(`bench: ${line}\n`);

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ---------------------------------------------------------------------------------------------------
// Child processes: every one is tracked, stopped in `cleanup`, and SIGKILLed if we exit regardless.

const children = new Set();

/** The environment of a child: ours without any hwa setting that could leak in, plus `extra`. */
export function childEnv(extra) {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(HWA_|DATABASE_URL$|HOST$|PORT$|LOG_LEVEL$|BARE_)/.test(name)) delete env[name];
  }
  return { ...env, HOST: '127.0.0.1', ...extra };
}

export function startChild(name, args, env) {
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

export async function stopChild(handle, graceMs = 35_000) {
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
export function runCli(args, env) {
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

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * One request. `json` is serialised here, `body` (a Buffer) is sent as JSON as it is. The answer's
 * body is a string, or a list of Buffers with `chunks: true` (large answers); `headersAt` is when the
 * answer began (hrtime). `timeoutMs` bounds the socket's silence (a large save answers nothing until
 * it is done).
 */
export function request(port, method, urlPath, { headers = {}, json, body, chunks, timeoutMs = 5_000 } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body ?? (json === undefined ? undefined : JSON.stringify(json));
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
        timeout: timeoutMs,
      },
      (res) => {
        const parts = [];
        let text = '';
        if (!chunks) res.setEncoding('utf8');
        res.on('data', (chunk) => (chunks ? parts.push(chunk) : (text += chunk)));
        const headersAt = process.hrtime.bigint();
        res.on('end', () => resolve({ status: res.statusCode, body: chunks ? parts : text, headersAt }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export async function waitReady(handle, port, urlPath, timeoutMs = 90_000) {
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
export async function startHwa(name, env) {
  const port = await freePort();
  const handle = startChild(name, [CLI, 'serve'], { ...env, PORT: String(port), LOG_LEVEL: 'warn' });
  await waitReady(handle, port, '/healthz');
  return { handle, port };
}

/** A fresh data dir, a token made by the CLI *before* the server takes the lock, then `hwa serve`. */
export async function startReal(label, extraEnv) {
  const env = childEnv({ HWA_DATA_DIR: tempDir(label), ...extraEnv });
  const token = (await runCli(['token', 'create', '--email', EMAIL, '--name', 'bench'], env)).trim();
  if (!/^hwa_\S+$/.test(token)) throw new Error(`unexpected output from hwa token create: "${token}"`);
  const server = await startHwa(`hwa serve (${label})`, env);
  return { ...server, env, token };
}

// ---------------------------------------------------------------------------------------------------
// Scratch resources: temp dirs and PostgreSQL databases, all removed by `cleanup` (which can run
// again later for what was made after it, e.g. once per benchmark part).

const tempDirs = [];
const databases = [];
let cleaning;

export function tempDir(label) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hwa-bench-${label}-`));
  tempDirs.push(dir);
  return dir;
}

function withDatabaseName(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A database created for this run on BENCH_DATABASE_URL's server, dropped by `cleanup`. */
export async function createScratchDatabase() {
  const admin = new pg.Client({ connectionString: PG_SERVER_URL, connectionTimeoutMillis: 10_000 });
  await admin.connect().catch((err) => {
    throw new Error(`cannot reach PostgreSQL at ${PG_SERVER_URL} (set BENCH_DATABASE_URL): ${err.message}`);
  });
  const scratch = { admin, name: undefined };
  databases.push(scratch);
  scratch.version = (await admin.query('SHOW server_version')).rows[0].server_version;
  scratch.name = `hwa_bench_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE "${scratch.name}"`);
  scratch.url = withDatabaseName(PG_SERVER_URL, scratch.name);
  log(`created database ${scratch.name}; PostgreSQL ${scratch.version}`);
  return scratch;
}

/**
 * A database of `name` on BENCH_DATABASE_URL's server that outlives the run (never dropped by
 * `cleanup`): created when absent, reused as it is otherwise. For data that takes minutes to load.
 */
export async function keptDatabase(name) {
  const admin = new pg.Client({ connectionString: PG_SERVER_URL, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    const version = (await admin.query('SHOW server_version')).rows[0].server_version;
    const existed = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;
    if (!existed) await admin.query(`CREATE DATABASE "${name}"`);
    log(`${existed ? 'reusing' : 'created'} kept database ${name}; PostgreSQL ${version}`);
    return { name, version, existed, url: withDatabaseName(PG_SERVER_URL, name) };
  } finally {
    await admin.end();
  }
}

export function cleanup() {
  cleaning ??= (async () => {
    try {
      await Promise.all([...children].map((handle) => stopChild(handle)));
      for (const { admin, name } of databases.splice(0)) {
        if (name) {
          await admin
            .query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
            .then(() => log(`dropped database ${name}`))
            .catch((err) => log(`could not drop database ${name}: ${err.message}`));
        }
        await admin.end().catch(() => {});
      }
      for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    } finally {
      cleaning = undefined;
    }
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping servers and cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Runs `main` under a hard bound on the whole run, whatever hangs; always cleans up. */
export async function runBounded(budgetMs, main) {
  const watchdog = setTimeout(() => {
    log(`still running after ${Math.round(budgetMs / 1000)} s; giving up`);
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
}

// ---------------------------------------------------------------------------------------------------
// Conditions and report.

/**
 * A fingerprint of the code under src/ (tests excluded): other work may edit the checkout during a
 * run, and `hwa` rebuilds dist/ when src/ changed, so a run compares it at its start and end.
 */
export function srcFingerprint() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith('.test.ts')) hash.update(full).update(fs.readFileSync(full));
    }
  };
  walk(path.join(root, 'src'));
  return hash.digest('hex').slice(0, 12);
}

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

/** `nproc`: the CPUs this process may use (affinity, cgroup quota), which os.cpus() does not see. */
function nproc() {
  try {
    return execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export function machineConditions() {
  return {
    date: new Date().toISOString(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    cpuCount: os.cpus().length,
    nproc: nproc(),
    totalMemGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    loadStart: os.loadavg(),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    code: `${gitDescription()}, src/ fingerprint ${srcFingerprint()}`,
  };
}

export const loadText = (l) => l.map((x) => x.toFixed(2)).join(' / ');

/** The machine lines every section's Conditions list starts with. */
export const conditionLines = (c) => [
  `- Date: ${c.date}`,
  `- CPU: ${c.cpuModel}, ${c.cpuCount} logical CPUs (os.cpus()), \`nproc\` ${c.nproc}`,
  `- Memory: ${c.totalMemGiB.toFixed(1)} GiB total`,
  `- OS: ${c.platform}`,
  `- Node: ${c.node}; code measured: ${c.code}`,
  `- PostgreSQL server: ${c.postgres} (local, scratch database created and dropped by the run)`,
];

/** The file passes `prettier --check` as generated (prettier is a devDependency; raw if missing). */
export async function formatMarkdown(text) {
  try {
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(RESULTS)) ?? {};
    return await prettier.format(text, { ...options, parser: 'markdown' });
  } catch {
    return text;
  }
}

export function fmt(value, digits = 1) {
  return value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits);
}

export const pctCell = (value) => (value === undefined ? '-' : `${value.toFixed(0)}%`);
