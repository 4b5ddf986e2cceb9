// Part of `npm run bench` (bench/run.mjs): one batch save of N entities (a CONTAINS tree, 3 properties
// each) plus N DEPENDS_ON relationships, beside a COPY of the same rows into the same tables (the
// physical floor), then `GET /systems/{id}/metagraph` of that system; on PGlite and on PostgreSQL.
// Returns its section of bench/RESULTS.md.
//
// The server is the built CLI in a child process (`node bin/hwa.js serve`, LOG_LEVEL=warn, fresh data
// dir, fresh PostgreSQL database). Its peak RSS is read from /proc: VmHWM after resetting it through
// /proc/<pid>/clear_refs just before each request. COPY runs while the server is idle: on PostgreSQL
// over `pg` + `pg-copy-streams` against the server's database, on PGlite (whose directory the server
// locks) into a separate PGlite instance in this process on a fresh directory with the same migrations.
//
// Env: BENCH_ENTITIES (N, default 100000), BENCH_REPEAT (saves and COPYs per database, each into a new
// system, and GETs of the first; medians when > 1; default 1), BENCH_DATABASE_URL (as get-system).
import { Blob, Buffer } from 'node:buffer';
import os from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { v7 as uuid } from 'uuid';
import { openPglite } from '../dist/db/client.js';
import { migrateDatabase } from '../dist/db/migrate.js';
import {
  EMAIL,
  createScratchDatabase,
  envNumber,
  log,
  machineConditions,
  median,
  request,
  srcFingerprint,
  startReal,
  stopChild,
  tempDir,
} from './lib.mjs';
import { cpuDelta, cpuSnapshot, memory, resetPeakRss } from './proc.mjs';
import { renderSection } from './metagraph-report.mjs';

const N = envNumber('BENCH_ENTITIES', 100_000, 20, 1_000_000);
const REPEAT = envNumber('BENCH_REPEAT', 1, 1, 20);
/** Rows one save writes: the entities, their generated CONTAINS edges, the DEPENDS_ON relationships. */
const ROWS = N + (N - 1) + N;
const scale = Math.max(N / 100_000, 0.05);
/** Socket silence allowed while the server works on one request. */
const REQUEST_TIMEOUT_MS = Math.ceil(1_200_000 * scale);

/** A hard bound on this part, whatever hangs. */
export const budgetMs = (300 + 2 * REPEAT * 1_500 * scale) * 1000;

// ---------------------------------------------------------------------------------------------------
// The rows, one definition for the save and for COPY.

const parentOf = (i) => (i === 0 ? undefined : Math.floor((i - 1) / 10));
const typeOf = (i) => (i === 0 ? 'SYSTEM' : i * 10 + 1 < N ? 'SUBSYSTEM' : 'COMPONENT');
const nameOf = (i) => `${typeOf(i).toLowerCase()} ${i}`;
const propertiesOf = (i) => ({
  part_number: `PN-${String(i).padStart(6, '0')}`,
  mass_kg: ((i % 997) / 10).toFixed(1),
  vendor: `vendor-${i % 17}`,
});
const dependsOn = (i) => (i * 7919 + 1) % N;

function saveBody() {
  const creates = [];
  for (let i = 0; i < N; i++) {
    const parent = parentOf(i);
    creates.push(
      JSON.stringify({
        local_id: `e${i}`,
        type: typeOf(i),
        name: nameOf(i),
        ...(parent === undefined ? {} : { parent_ids: [`e${parent}`] }),
        properties: propertiesOf(i),
      }),
    );
  }
  const relationships = [];
  for (let i = 0; i < N; i++) {
    relationships.push(`{"edge_type":"DEPENDS_ON","source_id":"e${i}","target_id":"e${dependsOn(i)}"}`);
  }
  return Buffer.from(
    `{"creates":[${creates.join(',')}],"relationship_creates":[${relationships.join(',')}]}`,
  );
}

const csv = (text) => `"${text.replace(/"/g, '""')}"`;
const ENTITY_COLUMNS = 'id, system_id, entity_type, name, description, properties, created_by';
const RELATIONSHIP_COLUMNS =
  'id, system_id, relationship_type, name, description, source_entity_id, target_entity_id, properties, created_by';

/** The same rows as CSV under another system, with fresh UUIDv7 ids (as the service makes them). */
function copyRows(systemId) {
  const ids = Array.from({ length: N }, () => uuid());
  const by = csv(EMAIL);
  const entities = ids.map(
    (id, i) =>
      `${id},${systemId},${typeOf(i)},${csv(nameOf(i))},,${csv(JSON.stringify(propertiesOf(i)))},${by}\n`,
  );
  const edge = (type, source, target) => `${uuid()},${systemId},${type},"",,${source},${target},{},${by}\n`;
  const relationships = [];
  for (let i = 1; i < N; i++) relationships.push(edge('CONTAINS', ids[parentOf(i)], ids[i]));
  for (let i = 0; i < N; i++) relationships.push(edge('DEPENDS_ON', ids[i], ids[dependsOn(i)]));
  return { entities: Buffer.from(entities.join('')), relationships: Buffer.from(relationships.join('')) };
}

const copySql = (table, columns, source) => `COPY ${table} (${columns}) FROM ${source} WITH (FORMAT csv)`;
const insertSystem = 'INSERT INTO systems (id, name, created_by) VALUES ($1, $2, $3)';

/** What both copiers do with their own `query` and `copyOne`: one transaction, then a count. */
function copierOver(query, copyOne) {
  return {
    insertSystem: (id, name) => query(insertSystem, [id, name, EMAIL]),
    async copy(rows) {
      await query('BEGIN');
      await copyOne('entities', ENTITY_COLUMNS, rows.entities);
      await copyOne('relationships', RELATIONSHIP_COLUMNS, rows.relationships);
      await query('COMMIT');
    },
    count: async (id) =>
      (await query('SELECT count(*)::int AS n FROM relationships WHERE system_id = $1', [id])).rows[0].n,
  };
}

/** COPY into the server's PostgreSQL database, in one transaction, over one connection. */
async function postgresCopier(scratch) {
  const client = new pg.Client({ connectionString: scratch.url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  const copyOne = async (table, columns, data) => {
    const chunks = [];
    for (let at = 0; at < data.length; at += 1 << 20) chunks.push(data.subarray(at, at + (1 << 20)));
    await pipeline(Readable.from(chunks), client.query(copyFrom(copySql(table, columns, 'STDIN'))));
  };
  return {
    where: 'the server’s PostgreSQL database, from this process (`pg-copy-streams`)',
    ...copierOver((text, values) => client.query(text, values), copyOne),
    /**
     * Right after 600k rows arrive, autovacuum and ANALYZE run on these tables and compete with the
     * GET (measured: 5.6 s then, 1.8-2.3 s once settled). A settled database is what readers meet
     * minutes after a save, so the GET is measured both ways.
     */
    settle: () => client.query('VACUUM ANALYZE entities, relationships'),
    close: () => client.end(),
  };
}

/** COPY into a separate PGlite instance in this process, on a fresh directory, same migrations. */
async function pgliteCopier() {
  const database = await openPglite(tempDir('pglite-copy'));
  await migrateDatabase(database);
  const client = database.db.$client;
  const copyOne = (table, columns, data) =>
    client.query(copySql(table, columns, `'/dev/blob'`), [], { blob: new Blob([data]) });
  return {
    where: 'a separate PGlite instance in the bench process, fresh directory, same migrations',
    ...copierOver((text, values) => client.query(text, values), copyOne),
    close: () => database.close(),
  };
}

// ---------------------------------------------------------------------------------------------------
// Measuring.

const seconds = (t0) => Number(process.hrtime.bigint() - t0) / 1e9;

/** Runs `work` with the server's peak RSS reset before and CPU read around it. */
async function observed(server, scratch, work) {
  const pid = server.handle.pid;
  const resetOk = resetPeakRss(pid);
  const rssBefore = memory(pid).rss;
  const load = os.loadavg()[0];
  const before = await cpuSnapshot(pid, scratch);
  const t0 = process.hrtime.bigint();
  const result = await work();
  const wall = seconds(t0);
  const firstByte = result?.headersAt ? Number(result.headersAt - t0) / 1e9 : undefined;
  const cpu = cpuDelta(before, await cpuSnapshot(pid, scratch), { countNewBackends: true });
  if (server.handle.exit) throw new Error(`${server.handle.name} died:\n${server.handle.tail()}`);
  return { result, wall, firstByte, cpu, resetOk, rssBefore, peak: memory(pid).peak, load };
}

async function createSystem(server, auth, name) {
  const res = await request(server.port, 'POST', '/api/v1/systems', {
    headers: auth,
    json: { system_name: name, description: 'A metagraph written and read by bench/metagraph.mjs.' },
  });
  if (res.status !== 201) throw new Error(`POST /api/v1/systems: ${res.status} ${res.body}`);
  return JSON.parse(res.body).system_id;
}

async function save(server, scratch, auth, systemId, body) {
  const m = await observed(server, scratch, () =>
    request(server.port, 'POST', `/api/v1/systems/metagraphs/${systemId}/batch-save`, {
      headers: auth,
      body,
      timeoutMs: REQUEST_TIMEOUT_MS,
    }),
  );
  if (m.result.status !== 200)
    throw new Error(`batch save: ${m.result.status} ${m.result.body.slice(0, 2000)}`);
  const counts = JSON.parse(m.result.body);
  if (counts.entities_created !== N || counts.relationships_created !== N) {
    throw new Error(`batch save answered ${m.result.body}, expected ${N} entities and ${N} relationships`);
  }
  return { ...m, result: undefined, version: counts.version };
}

/** Parses the answer and counts what it holds; the parsed graph is dropped on return. */
function countGraph(chunks) {
  const graph = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const byType = {};
  for (const r of graph.relationships) byType[r.relationship_type] = (byType[r.relationship_type] ?? 0) + 1;
  return { entities: graph.entities.length, relationships: graph.relationships.length, byType };
}

async function getMetagraph(server, scratch, auth, systemId) {
  const m = await observed(server, scratch, () =>
    request(server.port, 'GET', `/api/v1/systems/${systemId}/metagraph`, {
      headers: auth,
      chunks: true,
      timeoutMs: REQUEST_TIMEOUT_MS,
    }),
  );
  const { status, body } = m.result;
  const bytes = body.reduce((n, c) => n + c.length, 0);
  if (status !== 200)
    throw new Error(`GET metagraph: ${status} ${Buffer.concat(body).toString().slice(0, 2000)}`);
  const counts = countGraph(body);
  const valid =
    counts.entities === N &&
    counts.relationships === 2 * N - 1 &&
    counts.byType.CONTAINS === N - 1 &&
    counts.byType.DEPENDS_ON === N;
  if (!valid) log(`GET metagraph INVALID: ${JSON.stringify(counts)}`);
  return { ...m, result: undefined, bytes, counts, valid };
}

async function copy(copier, scratch, server, r) {
  const systemId = uuid();
  await copier.insertSystem(systemId, `Bench COPY floor ${r}`);
  const rows = copyRows(systemId);
  // The server idles meanwhile; its CPU and the backends' (PostgreSQL) still tell where time goes.
  const m = await observed(server, scratch, () => copier.copy(rows));
  const relationships = await copier.count(systemId);
  if (relationships !== 2 * N - 1) throw new Error(`COPY wrote ${relationships} relationships`);
  return { ...m, result: undefined };
}

async function benchDatabase(label, db, body, scratch) {
  const server = await startReal(label, scratch ? { DATABASE_URL: scratch.url } : {});
  const auth = { authorization: `Bearer ${server.token}` };
  const copier = scratch ? await postgresCopier(scratch) : await pgliteCopier();
  const out = { db, saves: [], copies: [], gets: [], settledGets: [], copyWhere: copier.where };
  try {
    let firstSystem;
    for (let r = 1; r <= REPEAT; r++) {
      const systemId = await createSystem(server, auth, `Bench metagraph ${r}`);
      firstSystem ??= systemId;
      const s = await save(server, scratch, auth, systemId, body);
      out.saves.push(s);
      log(`${db} save ${r}/${REPEAT}: ${s.wall.toFixed(2)} s, peak RSS ${(s.peak / 2 ** 20).toFixed(0)} MiB`);
      const c = await copy(copier, scratch, server, r);
      out.copies.push(c);
      log(`${db} COPY ${r}/${REPEAT}: ${c.wall.toFixed(2)} s`);
    }
    for (let r = 1; r <= REPEAT; r++) {
      const g = await getMetagraph(server, scratch, auth, firstSystem);
      out.gets.push(g);
      log(
        `${db} GET ${r}/${REPEAT}: ${g.wall.toFixed(2)} s, ${(g.bytes / 1e6).toFixed(1)} MB, peak RSS ${(g.peak / 2 ** 20).toFixed(0)} MiB`,
      );
    }
    if (copier.settle) {
      await copier.settle();
      for (let r = 1; r <= REPEAT; r++) {
        const g = await getMetagraph(server, scratch, auth, firstSystem);
        out.settledGets.push(g);
        log(`${db} GET after VACUUM ANALYZE ${r}/${REPEAT}: ${g.wall.toFixed(2)} s`);
      }
    }
  } finally {
    await copier.close();
    await stopChild(server.handle);
  }
  const med = (list, f) => median(list.map(f));
  out.settledGet = out.settledGets.length > 0 ? med(out.settledGets, (g) => g.wall) : undefined;
  out.settledPeak = out.settledGets.length > 0 ? Math.max(...out.settledGets.map((g) => g.peak)) : undefined;
  out.save = med(out.saves, (s) => s.wall);
  out.copy = med(out.copies, (c) => c.wall);
  out.get = med(out.gets, (g) => g.wall);
  out.getFirstByte = med(out.gets, (g) => g.firstByte);
  out.savePeak = Math.max(...out.saves.map((s) => s.peak));
  out.getPeak = Math.max(...out.gets.map((g) => g.peak));
  out.valid = [...out.gets, ...out.settledGets].every((g) => g.valid);
  return out;
}

/** Runs the benchmark; returns its section of RESULTS.md and whether every check passed. */
export async function run() {
  const conditions = machineConditions();
  const scratch = await createScratchDatabase();
  conditions.postgres = scratch.version;
  const body = saveBody();
  log(`batch save body: ${N} entities + ${N} relationships, ${(body.length / 1e6).toFixed(1)} MB`);
  const results = [
    await benchDatabase('pglite', 'PGlite', body, undefined),
    await benchDatabase('postgres', 'PostgreSQL', body, scratch),
  ];
  conditions.loadEnd = os.loadavg();
  conditions.srcEnd = srcFingerprint();
  const valid = results.every((r) => r.valid);
  if (!valid) process.exitCode = 1;
  return {
    markdown: renderSection(conditions, { N, REPEAT, ROWS, requestBytes: body.length }, results),
    valid,
  };
}
