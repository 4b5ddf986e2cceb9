// Part of `npm run bench` (bench/run.mjs): where an authenticated GET /api/v1/systems/{id} on PGlite
// spends its CPU. PGlite runs inside the server process, on its event loop, so every microsecond of its
// work is a microsecond no other request gets. The request and its parts are timed one at a time in a
// worker process (`node bench/pglite-cost.mjs --worker`): the whole request through `app.inject` (no
// HTTP), the route's one query, and that query's SQL sent the other ways PGlite and drizzle allow.
//
// Two measures: CPU µs per operation (process.cpuUsage; the median of 3 rounds, noisy on a shared
// machine) and, when valgrind is installed, instructions per operation counted by callgrind in a second
// worker, which repeat to within a fraction of a percent whatever else the machine runs.
//
// Env: BENCH_PGLITE_OPS (operations per variant and round, default 2000; under callgrind 1/20 of it),
// BENCH_CALLGRIND=1 adds the instruction counts (~20 minutes more; off by default so a whole
// `npm run bench` stays short).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  conditionLines,
  envNumber,
  fmt,
  loadText,
  log,
  machineConditions,
  median,
  root,
  tempDir,
} from './lib.mjs';
import os from 'node:os';

const OPS = envNumber('BENCH_PGLITE_OPS', 2000, 10, 1_000_000);
const ROUNDS = 3;
const SELF = fileURLToPath(import.meta.url);

/** A hard bound on this part: the callgrind worker runs ~50x slower than native. */
export const budgetMs = 40 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------
// The worker: builds hwa on a file-backed PGlite (as `hwa serve` has it) and times each variant.

async function worker({ ops, callgrind }) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { buildApp } = await import('../dist/app.js');
  const { loadConfig } = await import('../dist/config.js');
  const { migrateDatabase } = await import('../dist/db/migrate.js');
  const { withNamedStatements } = await import('../dist/db/pglite-statements.js');
  const schema = await import('../dist/db/schema.js');
  const { prepareFindLiveSystem } = await import('../dist/modules/systems/systems.repository.js');
  const { TokensService } = await import('../dist/modules/tokens/tokens.service.js');

  // As db/client.ts openPglite builds it, keeping the bare client for the variants below.
  const dir = process.env.PGLITE_COST_DIR;
  const client = await PGlite.create(path.join(dir, 'pglite'));
  const database = {
    db: drizzle(withNamedStatements(client), { schema }),
    dialect: 'pglite',
    close: () => client.close(),
  };
  await migrateDatabase(database);
  const app = (ttl) =>
    buildApp(
      loadConfig({
        LOG_LEVEL: 'warn',
        HWA_DATA_DIR: dir,
        HWA_SECRET: 'x'.repeat(40),
        HWA_TOKEN_CACHE_TTL: ttl,
      }),
      database,
    );
  const cached = await app('10');
  const uncached = await app('0');
  const { token } = await new TokensService(database.db).create({ email: 'bench@example.com' });
  const headers = { authorization: `Bearer ${token}` };
  const id = (
    await cached.inject({ method: 'POST', url: '/api/v1/systems', headers, payload: { system_name: 'Rig' } })
  ).json().system_id;

  // The route's query as the repository prepares it (hwa: a named statement) and as drizzle's own
  // pglite driver runs the same prepared query on the bare client; its SQL and parameters are
  // captured from the latter for the raw variants.
  const findLiveSystem = prepareFindLiveSystem(database.db);
  let captured;
  const spy = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === 'query') {
        return (text, params, options) => {
          captured ??= { text, params };
          return value.call(target, text, params, options);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const findLiveSystemByDrizzle = prepareFindLiveSystem(drizzle(spy, { schema }));
  await findLiveSystemByDrizzle(id);
  const drizzleParsers = { 1114: (v) => v, 1184: (v) => v, 1186: (v) => v, 1082: (v) => v };
  const query = (options) => client.query(captured.text, captured.params, options);

  const expect200 = (res) => {
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  };
  const variants = [
    [
      'hwa GET /systems/{id}, token from the cache (1 query)',
      async () => expect200(await cached.inject({ method: 'GET', url: `/api/v1/systems/${id}`, headers })),
    ],
    [
      'hwa GET /systems/{id}, HWA_TOKEN_CACHE_TTL=0 (2 queries)',
      async () => expect200(await uncached.inject({ method: 'GET', url: `/api/v1/systems/${id}`, headers })),
    ],
    [
      'hwa auth only: token from the cache, 404 before any query',
      () => cached.inject({ method: 'GET', url: '/api/v1/systems/not-a-uuid', headers }),
    ],
    ['hwa GET /healthz (no auth, no query)', () => cached.inject({ method: 'GET', url: '/healthz' })],
    ["the route's query, prepared by the repository (named statement)", () => findLiveSystem(id)],
    ["the route's query through drizzle's pglite driver as it ships", () => findLiveSystemByDrizzle(id)],
    [
      'same SQL: PGlite query() with drizzle’s parsers',
      () => query({ rowMode: 'array', parsers: drizzleParsers }),
    ],
    ['same SQL: PGlite query(), no options', () => query()],
    [
      'same row: PGlite exec() of literal SQL (simple protocol)',
      () => client.exec(`SELECT * FROM systems WHERE id = '${id}' AND NOT is_deleted LIMIT 1`),
    ],
    ['PGlite exec("SELECT 1")', () => client.exec('SELECT 1')],
  ];

  const dump = (label) =>
    new Promise((resolve, reject) => {
      // Asynchronously: callgrind answers only while this process keeps running.
      const control = spawn('callgrind_control', ['--dump=' + label, String(process.pid)], {
        stdio: 'ignore',
      });
      control.once('error', reject);
      control.once('exit', resolve);
    });

  const results = [];
  for (const [, fn] of variants) for (let i = 0; i < 300; i++) await fn(); // JIT warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, [name, fn]] of variants.entries()) {
      globalThis.gc?.();
      if (callgrind) await dump(`before-${round}-${index}`);
      const cpu = process.cpuUsage();
      for (let i = 0; i < ops; i++) await fn();
      const used = process.cpuUsage(cpu);
      if (callgrind) await dump(`variant-${round}-${index}`);
      (results[index] ??= { name, cpuUs: [] }).cpuUs.push((used.user + used.system) / ops);
    }
  }
  await cached.close();
  await uncached.close();
  await database.close();
  process.stdout.write(`${JSON.stringify({ ops, results })}\n`);
}

// ---------------------------------------------------------------------------------------------------
// The part: runs the workers, reads callgrind's dumps, renders the section.

function runWorker(args, env, prefix = []) {
  return new Promise((resolve, reject) => {
    // --expose-gc: each measured window starts after a full collection, so it pays for its own garbage
    // only. --single-threaded (callgrind counts every thread): V8 compiles and collects on the main
    // thread instead of helper threads whose work would land in whichever window it happened to run.
    const node = [process.execPath, '--expose-gc', ...(prefix.length ? ['--single-threaded'] : [])];
    const [command, ...rest] = [...prefix, ...node];
    const child = spawn(command, [...rest, SELF, '--worker', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (err = (err + c).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (code === 0 && line) resolve(JSON.parse(line));
      else reject(new Error(`pglite-cost worker exited with ${code}:\n${err}`));
    });
  });
}

function hasValgrind() {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    execFileSync('callgrind_control', ['--help'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Instructions per operation of each variant: the fewest of its rounds (dumps named
 * variant-<round>-<index>), since a round can only gain instructions from work that is not its own.
 */
function instructionsFrom(dir, ops) {
  const perVariant = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.startsWith('callgrind.out'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const trigger = /^desc: Trigger: dump variant-\d+-(\d+)$/m.exec(text);
    const totals = /^(?:summary|totals): (\d+)/m.exec(text);
    if (!trigger || !totals) continue;
    const index = Number(trigger[1]);
    perVariant[index] = Math.min(perVariant[index] ?? Infinity, Number(totals[1]) / ops);
  }
  return perVariant;
}

export async function run() {
  const conditions = machineConditions();
  const dir = tempDir('pglite-cost');
  log(`PGlite cost: ${OPS} operations x ${ROUNDS} rounds per variant`);
  const timed = await runWorker([String(OPS)], { PGLITE_COST_DIR: dir });
  let instructions = [];
  let callgrindOps;
  if (process.env.BENCH_CALLGRIND === '1' && hasValgrind()) {
    callgrindOps = Math.max(10, Math.round(OPS / 20));
    const cgDir = tempDir('pglite-callgrind');
    log(`PGlite cost under callgrind: ${callgrindOps} operations per variant (slow: ~50x)`);
    await runWorker([String(callgrindOps), '--callgrind'], { PGLITE_COST_DIR: tempDir('pglite-cost-cg') }, [
      'valgrind',
      '--tool=callgrind',
      `--callgrind-out-file=${path.join(cgDir, 'callgrind.out.%p')}`,
    ]);
    instructions = instructionsFrom(cgDir, callgrindOps);
  }
  conditions.loadEnd = os.loadavg();
  return { markdown: render(conditions, timed, instructions, callgrindOps), valid: true };
}

function render(conditions, timed, instructions, callgrindOps) {
  const rows = timed.results.map((r, i) => ({
    name: r.name,
    cpu: median(r.cpuUs),
    all: r.cpuUs.map((v) => fmt(v, 0)).join(' / '),
    instr: instructions[i],
  }));
  return [
    '## PGlite: where a request spends its CPU',
    '',
    '`bench/pglite-cost.mjs`. ' +
      `Each variant runs ${timed.ops} times per round, one at a time, in a worker process on a file-backed PGlite; ` +
      'CPU µs per operation is the median of 3 rounds (each round listed). Instructions per operation ' +
      (callgrindOps
        ? `are counted by callgrind: the fewest of 3 rounds of ${callgrindOps} operations.`
        : 'were not counted (no valgrind).'),
    '',
    '| Variant | CPU µs/op | rounds | instructions/op |',
    '| --- | ---: | --- | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${fmt(r.cpu, 0)} | ${r.all} | ${r.instr ? Math.round(r.instr).toLocaleString('en') : '-'} |`,
    ),
    '',
    '### What the rows show',
    '',
    ...findings(rows),
    '',
    '### Conditions',
    '',
    ...conditionLines(conditions).filter((line) => !line.startsWith('- PostgreSQL')),
    `- Load average (1/5/15 min) at start: ${loadText(conditions.loadStart)}; at the end: ` +
      loadText(conditions.loadEnd),
    '- hwa is built as `hwa serve` builds it (file-backed PGlite, LOG_LEVEL=warn) and called through',
    '  `app.inject`: no sockets, so HTTP parsing is not counted; each GET of the system is checked to answer 200.',
    '',
  ].join('\n');
}

/** The reading of the table, with this run's numbers (CPU µs, and instructions where counted). */
function findings(rows) {
  const [cached, uncached, authOnly, healthz, named, shipped, withParsers, noOptions, literal, select1] =
    rows;
  const both = (r) =>
    `${fmt(r.cpu, 0)} µs${r.instr ? ` (${(r.instr / 1e6).toFixed(2)} M instructions)` : ''}`;
  return [
    `- A request whose token is cached costs ${both(cached)}; with the cache off, the token lookup adds ` +
      `${fmt(uncached.cpu - cached.cpu, 0)} µs. Before this change both queries went through drizzle's ` +
      `pglite driver as it ships, ${both(shipped)} each: that, not Fastify or hwa, was most of the ~1.5 ms.`,
    `- drizzle's driver ignores the statement name: each execution is PGlite's \`query\`, which parses and ` +
      'plans the SQL again and makes six calls into the WASM engine (parse, describe, bind, describe, ' +
      'execute, sync), each serialising and parsing protocol messages in JS. With drizzle’s parsers it also ' +
      `copies PGlite's table of 318 type parsers on every query: ${both(withParsers)} against ` +
      `${both(noOptions)} without options. The simple protocol with the id inlined takes ${both(literal)}, ` +
      `and \`SELECT 1\` ${both(select1)}: the engine's floor per call.`,
    `- As a named statement run in one call (db/pglite-statements.ts) the same query costs ${both(named)}.`,
    `- The rest is the HTTP framework and hwa: auth from the cache with a 404 costs ${both(authOnly)}, ` +
      `\`/healthz\` ${both(healthz)}.`,
  ];
}

if (process.argv[2] === '--worker') {
  await worker({ ops: Number(process.argv[3]), callgrind: process.argv.includes('--callgrind') });
} else if (process.argv[1] === SELF) {
  const { markdown } = await run();
  process.stdout.write(`${markdown}\n`);
}
