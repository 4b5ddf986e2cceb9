// `node bench/query-cost.mjs` (after a build): what one token lookup — the query an authenticated
// request runs when its token is not in the cache — costs in Node CPU and in PostgreSQL backend CPU,
// three ways:
//   drizzle  the repository's prepared lookup itself (prepareActiveTokenLookup over a pg pool)
//   unnamed  the same SQL text through raw `pg` (PostgreSQL parses and plans it every time)
//   named    the same SQL text as a named prepared statement (parsed and planned once per connection)
// A diagnostic for bench/RESULTS.md, not part of `npm run bench`. 50 concurrent callers on a pool of 10
// (the HWA_DB_POOL_SIZE default), on a scratch database it creates and drops.
//
// Env: BENCH_DURATION (seconds per measured pass, default 3), BENCH_DATABASE_URL (as bench/run.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgres } from '../dist/db/client.js';
import { prepareActiveTokenLookup } from '../dist/modules/tokens/tokens.repository.js';
import { hashToken } from '../dist/modules/tokens/tokens.service.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Math.min(Math.max(Number(process.env.BENCH_DURATION) || 3, 1), 60);
const CALLERS = 50;

const procTicks = (pid) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};

const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
await admin.connect();
const dbName = `hwa_qcost_${process.pid}_${Date.now()}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hwa-qcost-'));
let database;
try {
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const env = { ...process.env, HWA_DATA_DIR: dataDir, DATABASE_URL: url.toString() };
  delete env.HWA_DB_POOL_SIZE;
  const token = execFileSync(
    process.execPath,
    [path.join(root, 'bin', 'hwa.js'), 'token', 'create', '--email', 'bench@example.com'],
    { cwd: root, env, encoding: 'utf8', timeout: 120_000 },
  ).trim();
  const hash = hashToken(token);

  database = openPostgres(url.toString(), 10);
  const { db, pool } = database;
  // The exact SQL drizzle sends, captured from the pool, so the raw variants cannot drift from it.
  const send = pool.query.bind(pool);
  let text;
  pool.query = (config, values) => {
    text ??= typeof config === 'string' ? config : config.text;
    return send(config, values);
  };
  const findActiveToken = prepareActiveTokenLookup(db);
  if (!(await findActiveToken(hash))) throw new Error('the token lookup found nothing');
  pool.query = send;

  const variants = {
    drizzle: () => findActiveToken(hash),
    unnamed: () => pool.query({ text, values: [hash, 1] }),
    named: () => pool.query({ name: 'bench_token_lookup', text, values: [hash, 1] }),
  };
  const backendTicks = async () => {
    const { rows } = await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName]);
    return rows.reduce((sum, row) => sum + procTicks(row.pid), 0);
  };
  const clkTck = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

  const pass = async (name, duration) => {
    const query = variants[name];
    let done = 0;
    const end = Date.now() + duration * 1000;
    const pg0 = await backendTicks();
    const cpu0 = process.cpuUsage();
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        while (Date.now() < end) {
          await query();
          done++;
        }
      }),
    );
    const cpu = process.cpuUsage(cpu0);
    const pgMicros = (((await backendTicks()) - pg0) / clkTck) * 1e6;
    return { name, qps: done / duration, node: (cpu.user + cpu.system) / done, pg: pgMicros / done };
  };

  process.stdout.write(`token lookup, ${CALLERS} callers, pool 10, ${seconds} s per pass\n${text}\n`);
  for (const name of Object.keys(variants)) await pass(name, 1); // warm-up
  for (let round = 1; round <= 2; round++) {
    for (const name of Object.keys(variants)) {
      const r = await pass(name, seconds);
      process.stdout.write(
        `round ${round}  ${r.name.padEnd(8)} ${r.qps.toFixed(0).padStart(6)} queries/s  ` +
          `Node ${r.node.toFixed(0).padStart(4)} µs/query  PostgreSQL backends ${r.pg.toFixed(0).padStart(4)} µs/query\n`,
      );
    }
  }
} finally {
  await database?.close();
  // Let the pool's backends go before the drop, so FORCE has nobody left to terminate.
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
      dbName,
    ]);
    if (rows[0].n === 0) break;
    await sleep(100);
  }
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
