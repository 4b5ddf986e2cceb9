// Two parts of `npm run bench` (bench/run.mjs): documents (issue 11, item 8), through the built
// server over HTTP. `documents` (alone: BENCH_ONLY=documents) is 1 and 2, `documents-search`
// (BENCH_ONLY=documents-search) is 3; each writes its own section of bench/RESULTS.md.
//
// 1. A generated 300-page engineering PDF (bench/documents-data.mjs) uploaded to an API-only `hwa
//    serve` on PGlite (HWA_WORKER_CONCURRENCY=0): the request's time (multipart to storage, reading,
//    chunking, recording), pages/s, chunks, and the server's peak RSS during it. Then a server with
//    one worker embeds it with the built-in model: the run's time (its started_at -> finished_at),
//    chunks/s, peak RSS.
// 2. 1,000 small documents (CSV, Markdown, text in turn, 1-3 KB each) posted 20 per request, one
//    request at a time, into the same data directory: docs/s and peak RSS; then a server with the
//    default 2 workers embeds them: chunks/s (chunks / (last finished_at - first started_at)), peak RSS.
// 3. Nearest-neighbour search at 100,000 chunks, on PostgreSQL (scratch database) and on PGlite (temp
//    dir): one real upload gives a system and an embedded document; 100 copies of that document get
//    100,000 chunks with random unit vectors, written by SQL (bench/documents-data.mjs: seedChunks).
//    Timed in the same run, over the same vectors: `GET /systems/{id}/documents/search?q=` over HTTP
//    (p50/p95 after a warm-up), the shipped scan (`nearestChunks`, float32 bytea read in batches and
//    scored in JS) called directly, and the baseline: the dot product in SQL over `real[]`.
//
// Peak RSS is the kernel's VmHWM of the server process, reset (/proc/<pid>/clear_refs) before each
// phase; the bench also samples VmRSS every 50 ms as a check.
//
// Env: BENCH_DOCS_PAGES (default 300), BENCH_DOCS_SMALL (default 1000), BENCH_DOCS_PER_REQUEST (default
// 20, the per-request maximum), BENCH_DOCS_CHUNKS (default 100000), BENCH_DOCS_QUERIES (timed HTTP
// searches, default 30), BENCH_DOCS_SQL_QUERIES (timed SQL-baseline scans, default 3: ~15-45 s each at
// 100k), BENCH_DOCS_EMBED_LIMIT_S (stop waiting for an embedding phase after this many seconds and
// report the rate over the chunks embedded so far; default 0, wait to the end), BENCH_DOCS_DB (postgres, pglite or both, the default, for part 3), BENCH_DATABASE_URL (as
// get-system). Small scale while developing (a few minutes on 2 cores):
//   BENCH_DOCS_PAGES=10 BENCH_DOCS_SMALL=40 BENCH_ONLY=documents npm run bench
//   BENCH_DOCS_CHUNKS=3000 BENCH_DOCS_QUERIES=5 BENCH_DOCS_SQL_QUERIES=1 BENCH_ONLY=documents-search npm run bench
// Each phase's numbers are also logged as `result: {json}` lines as they come.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setInterval, clearInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openPglite, openPostgres } from '../dist/db/client.js';
import { BUILTIN_EMBEDDING_MODEL } from '../dist/analysis/embeddings.js';
import { nearestChunks } from '../dist/modules/documents/chunk-vectors.repository.js';
import {
  SQL_SCAN,
  makeEngineeringPdf,
  multipartBody,
  prng,
  seedChunks,
  smallDocument,
  unitVector,
} from './documents-data.mjs';
import { renderIngest, renderSearch } from './documents-report.mjs';
import {
  EMAIL,
  childEnv,
  createScratchDatabase,
  envNumber,
  log,
  machineConditions,
  median,
  request,
  runCli,
  srcFingerprint,
  startHwa,
  startReal,
  stopChild,
  tempDir,
} from './lib.mjs';
import { memory, resetPeakRss } from './proc.mjs';

const PAGES = envNumber('BENCH_DOCS_PAGES', 300, 1, 5_000);
const SMALL = envNumber('BENCH_DOCS_SMALL', 1_000, 1, 100_000);
const PER_REQUEST = envNumber('BENCH_DOCS_PER_REQUEST', 20, 1, 20);
const CHUNKS = envNumber('BENCH_DOCS_CHUNKS', 100_000, 1_000, 1_000_000);
const QUERIES = envNumber('BENCH_DOCS_QUERIES', 30, 5, 1_000);
const SQL_QUERIES = envNumber('BENCH_DOCS_SQL_QUERIES', 3, 1, 100);
const EMBED_LIMIT_S = envNumber('BENCH_DOCS_EMBED_LIMIT_S', 0, 0, 86_400);
const WARMUP = 5;
const SEED_DOCUMENTS = 100;
const DATABASES = (process.env.BENCH_DOCS_DB?.trim() || 'both').toLowerCase();
if (!['postgres', 'pglite', 'both'].includes(DATABASES)) {
  process.stderr.write(`bench: BENCH_DOCS_DB must be postgres, pglite or both, got "${DATABASES}"\n`);
  process.exit(2);
}
const SETTINGS = {
  PAGES,
  SMALL,
  PER_REQUEST,
  CHUNKS,
  QUERIES,
  SQL_QUERIES,
  WARMUP,
  SEED_DOCUMENTS,
  EMBED_LIMIT_S,
};

const QUESTIONS = [
  'power supply for the radio',
  'what happens when the main bus voltage drops',
  'thermal vacuum test results of the battery',
  'which unit drives the reaction wheel',
  'CAN bus housekeeping frames',
  'latch-up protection of the flight computer',
  'redundant chain selection in safe mode',
  'current drawn from the auxiliary rail',
];

const auth = (token) => ({ authorization: `Bearer ${token}` });
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];

async function api(server, method, url) {
  const res = await request(server.port, method, `/api/v1${url}`, {
    headers: auth(server.token),
    // An embedding server answers nothing while the model runs (one batch held it > 120 s here).
    timeoutMs: 900_000,
  });
  if (res.status >= 300)
    throw new Error(`${method} ${url} answered ${res.status}: ${res.body.slice(0, 500)}`);
  return JSON.parse(res.body);
}

/** POST of a multipart body (lib's `request` sends JSON only); answers status and parsed body. */
function postMultipart(server, url, files) {
  const { body, contentType } = multipartBody(files);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: `/api/v1${url}`,
        headers: { ...auth(server.token), 'content-type': contentType, 'content-length': body.length },
        timeout: 600_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          if (res.statusCode !== 201)
            reject(new Error(`upload answered ${res.statusCode}: ${text.slice(0, 500)}`));
          else resolve(JSON.parse(text));
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('upload timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/** Peak RSS of `pid` over a phase: VmHWM after a reset, and the max of VmRSS sampled every 50 ms. */
function watchRss(pid) {
  const reset = resetPeakRss(pid);
  const start = memory(pid).rss;
  let sampled = start ?? 0;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, memory(pid).rss ?? 0);
  }, 50);
  return () => {
    clearInterval(timer);
    const now = memory(pid);
    sampled = Math.max(sampled, now.rss ?? 0);
    return { start, end: now.rss, peak: reset ? now.peak : undefined, sampled };
  };
}

/**
 * GET /healthz every 200 ms until stopped: how long the server keeps a trivial request waiting while
 * it embeds (the built-in model runs on the server's own event loop). Answers the latencies in ms.
 */
function pingHealth(server) {
  const ms = [];
  let stop = false;
  const done = (async () => {
    while (!stop) {
      const t = process.hrtime.bigint();
      const res = await request(server.port, 'GET', '/healthz', { timeoutMs: 600_000 }).catch(
        () => undefined,
      );
      if (res?.status === 200) ms.push(Number(process.hrtime.bigint() - t) / 1e6);
      await sleep(200);
    }
  })();
  const finish = async () => {
    stop = true;
    await done;
    ms.sort((a, b) => a - b);
    return { n: ms.length, p50: percentile(ms, 0.5), p95: percentile(ms, 0.95), max: ms.at(-1) };
  };
  finish.stop = () => (stop = true);
  return finish;
}

/** Every document of a system (list pages of 1,000). */
async function documentsOf(server, systemId) {
  const all = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await api(server, 'GET', `/systems/${systemId}/documents?limit=1000&offset=${offset}`);
    all.push(...page.items);
    if (all.length >= page.count || page.items.length === 0) return all;
  }
}

/**
 * Waits, reading the database directly, until the system's chunks are all embedded or EMBED_LIMIT_S
 * have passed; answers the chunks embedded and the seconds they took (first run's started_at to the
 * last finished_at, or to now when stopped early). The server itself is not asked: it answers HTTP
 * only between embedding batches (see pingHealth).
 */
async function waitEmbedded(client, systemId, total) {
  const deadline = EMBED_LIMIT_S > 0 ? Date.now() + EMBED_LIMIT_S * 1000 : Infinity;
  for (;;) {
    const { rows } = await client.query(
      `SELECT count(c.embedding)::int AS embedded,
         (SELECT count(*) FILTER (WHERE r.status = 'failed')::int FROM job_runs r WHERE r.job_type = 'document_embedding'
            AND r.config->>'document_id' IN (SELECT id::text FROM documents WHERE system_id = $1)) AS failed,
         (SELECT extract(epoch FROM min(r.started_at))::float8 FROM job_runs r WHERE r.job_type = 'document_embedding'
            AND r.config->>'document_id' IN (SELECT id::text FROM documents WHERE system_id = $1)) AS first,
         (SELECT extract(epoch FROM max(r.finished_at))::float8 FROM job_runs r WHERE r.job_type = 'document_embedding'
            AND r.config->>'document_id' IN (SELECT id::text FROM documents WHERE system_id = $1)) AS last,
         (SELECT count(*) FILTER (WHERE r.status = 'completed')::int FROM job_runs r WHERE r.job_type = 'document_embedding'
            AND r.config->>'document_id' IN (SELECT id::text FROM documents WHERE system_id = $1)) AS completed
       FROM document_chunks c JOIN documents d ON d.id = c.document_id WHERE d.system_id = $1`,
      [systemId],
    );
    const r = rows[0];
    if (r.failed) throw new Error(`${r.failed} embedding runs failed`);
    const complete = r.embedded >= total;
    if (complete || Date.now() > deadline) {
      if (!complete)
        log(`embedding: stopped waiting after ${EMBED_LIMIT_S} s (${r.embedded} of ${total} chunks)`);
      const end = complete && r.last ? r.last : Date.now() / 1000;
      return { embedded: r.embedded, embedS: end - r.first, complete, runsDone: r.completed };
    }
    await sleep(500);
  }
}

/** Starts `hwa serve` on the data dir of `base` with `workers` job slots; answers it with the token. */
async function serve(base, label, workers) {
  const server = await startHwa(label, { ...base.env, HWA_WORKER_CONCURRENCY: String(workers) });
  return { ...server, token: base.token, env: base.env };
}

/** Part 1: the long PDF, uploaded then embedded. */
async function bigPdf(base) {
  log(`generating a ${PAGES}-page PDF`);
  const pdf = Buffer.from(await makeEngineeringPdf(PAGES));
  let server = await serve(base, 'hwa serve (documents, API only)', 0);
  const rssIdle = memory(server.handle.pid).rss;
  const watch = watchRss(server.handle.pid);
  const t0 = process.hrtime.bigint();
  const answer = await postMultipart(server, '/systems/upload_document', [
    { name: 'design-description.pdf', type: 'application/pdf', body: pdf },
  ]);
  const uploadS = Number(process.hrtime.bigint() - t0) / 1e9;
  const rss = watch();
  if (answer.successful !== 1) throw new Error(`the PDF upload failed: ${JSON.stringify(answer.results)}`);
  const [doc] = await documentsOf(server, answer.system_id);
  log(
    `PDF: ${(pdf.length / 1e6).toFixed(1)} MB, ${doc.page_count} pages, ${doc.chunk_count} chunks in ${uploadS.toFixed(1)} s`,
  );
  await stopChild(server.handle);

  server = await serve(base, 'hwa serve (documents, 1 worker)', 1);
  const embedWatch = watchRss(server.handle.pid);
  const pings = pingHealth(server);
  const embedding = await waitEmbedded(base.client, answer.system_id, doc.chunk_count).finally(() =>
    pings.stop(),
  );
  const embedRss = embedWatch();
  const health = await pings();
  log(`PDF embedded: ${embedding.embedded} of ${doc.chunk_count} chunks in ${embedding.embedS.toFixed(1)} s`);
  await stopChild(server.handle);
  return {
    bytes: pdf.length,
    pages: doc.page_count,
    chunks: doc.chunk_count,
    uploadS,
    rssIdle,
    rss,
    ...embedding,
    embedRss,
    health,
  };
}

/** Part 2: many small documents, PER_REQUEST a request, then embedded by the default 2 workers. */
async function smallDocs(base) {
  const rnd = prng(23);
  const files = Array.from({ length: SMALL }, (_, i) => smallDocument(i, rnd));
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.body), 0);
  let server = await serve(base, 'hwa serve (documents, API only)', 0);
  const rssIdle = memory(server.handle.pid).rss;
  const watch = watchRss(server.handle.pid);
  const requestMs = [];
  let systemId;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < files.length; i += PER_REQUEST) {
    const t = process.hrtime.bigint();
    const answer = await postMultipart(
      server,
      `/systems/upload_document${systemId ? `?system_id=${systemId}` : ''}`,
      files.slice(i, i + PER_REQUEST),
    );
    requestMs.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (answer.failed)
      throw new Error(`small upload: ${JSON.stringify(answer.results.find((r) => !r.success))}`);
    systemId = answer.system_id;
  }
  const uploadS = Number(process.hrtime.bigint() - t0) / 1e9;
  const rss = watch();
  const docs = await documentsOf(server, systemId);
  const chunks = docs.reduce((n, d) => n + d.chunk_count, 0);
  log(`small: ${docs.length} documents, ${chunks} chunks uploaded in ${uploadS.toFixed(1)} s`);
  await stopChild(server.handle);

  server = await serve(base, 'hwa serve (documents, 2 workers)', 2);
  const embedWatch = watchRss(server.handle.pid);
  const pings = pingHealth(server);
  const embedding = await waitEmbedded(base.client, systemId, chunks).finally(() => pings.stop());
  const embedRss = embedWatch();
  const health = await pings();
  log(`small embedded: ${embedding.embedded} of ${chunks} chunks in ${embedding.embedS.toFixed(1)} s`);
  await stopChild(server.handle);
  return {
    docs: docs.length,
    bytes,
    chunks,
    requests: requestMs.length,
    requestMedianMs: median(requestMs),
    uploadS,
    rssIdle,
    rss,
    ...embedding,
    runs: docs.length,
    embedRss,
    health,
  };
}

/** One real upload, embedded: its system and document are what the seeded chunks copy. */
async function seedDocument(server) {
  const answer = await postMultipart(server, '/systems/upload_document', [
    { name: 'radio-power.md', type: 'text/markdown', body: smallDocument(1, prng(5)).body },
  ]);
  const documentId = (await documentsOf(server, answer.system_id))[0].document_id;
  for (;;) {
    const [doc] = await documentsOf(server, answer.system_id);
    if (doc.status === 'embedded') return { systemId: answer.system_id, documentId };
    if (doc.status === 'failed') throw new Error(`the seed document failed: ${doc.error}`);
    await sleep(200);
  }
}

/**
 * In-process scans over the seeded vectors: the shipped nearestChunks (1 warm-up, 5 timed) and the
 * SQL dot product over real[] (1 warm-up, SQL_QUERIES timed), and how far their top 10 agree.
 */
async function directScans(db, query, systemId) {
  const rnd = prng(99);
  const js = [];
  for (let i = 0; i <= 5; i++) {
    const v = Array.from(unitVector(rnd));
    const t = process.hrtime.bigint();
    await nearestChunks(db, systemId, v, BUILTIN_EMBEDDING_MODEL, 10);
    if (i > 0) js.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  log(`shipped JS scan: median ${median(js).toFixed(0)} ms`);
  const sqlMs = [];
  let agreement;
  for (let i = 0; i <= SQL_QUERIES; i++) {
    const v = Array.from(unitVector(rnd));
    const t = process.hrtime.bigint();
    const { rows } = await query(SQL_SCAN, [`{${v.map((x) => x.toPrecision(9)).join(',')}}`]);
    if (i > 0) sqlMs.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (i === 0) {
      // The same question to the shipped scan: the two must rank the same vectors first.
      const hits = await nearestChunks(db, systemId, v, BUILTIN_EMBEDDING_MODEL, 10);
      const ids = await query(
        "SELECT document_id::text || ':' || index AS k FROM document_chunks WHERE id = ANY($1::uuid[])",
        [rows.map((r) => r.id)],
      );
      const sqlKeys = new Set(ids.rows.map((r) => r.k));
      agreement = hits.filter((h) => sqlKeys.has(`${h.documentId}:${h.index}`)).length;
    }
    log(
      `SQL real[] scan ${i === 0 ? '(warm-up)' : i}: ${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(0)} ms`,
    );
  }
  return { jsMs: js, sqlMs, agreement };
}

/** HTTP searches: WARMUP then QUERIES, one at a time; p50/p95 and the server's peak RSS. */
async function httpSearches(server, systemId) {
  const times = [];
  const watch = watchRss(server.handle.pid);
  for (let i = 0; i < WARMUP + QUERIES; i++) {
    const q = encodeURIComponent(QUESTIONS[i % QUESTIONS.length]);
    const t = process.hrtime.bigint();
    const res = await request(server.port, 'GET', `/api/v1/systems/${systemId}/documents/search?q=${q}`, {
      headers: auth(server.token),
      timeoutMs: 300_000,
    });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    if (res.status !== 200) throw new Error(`search answered ${res.status}: ${res.body.slice(0, 300)}`);
    if (JSON.parse(res.body).items.length !== 10) throw new Error(`search answered fewer than 10 hits`);
    if (i >= WARMUP) times.push(ms);
  }
  const rss = watch();
  times.sort((a, b) => a - b);
  log(
    `HTTP search: p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms`,
  );
  return {
    n: times.length,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: times.at(-1),
    rss,
  };
}

async function searchPostgres() {
  const scratch = await createScratchDatabase();
  const server = await startReal('docs-pg', { DATABASE_URL: scratch.url });
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const database = openPostgres(scratch.url, 2);
  try {
    const { systemId, documentId } = await seedDocument(server);
    log(`PostgreSQL: seeding ${CHUNKS} chunks`);
    const t = Date.now();
    await seedChunks((text, values) => client.query(text, values), {
      templateId: documentId,
      documents: SEED_DOCUMENTS,
      total: CHUNKS,
    });
    const seedS = (Date.now() - t) / 1000;
    const size = (await client.query(`SELECT pg_total_relation_size('document_chunks')::float8 AS b`)).rows[0]
      .b;
    const direct = await directScans(database.db, (text, values) => client.query(text, values), systemId);
    const http = await httpSearches(server, systemId);
    return { db: 'PostgreSQL', version: scratch.version, seedS, tableBytes: size, ...direct, http };
  } finally {
    await database.close();
    await client.end();
    await stopChild(server.handle);
  }
}

/** PGlite has one owner: the server uploads, stops; the bench seeds and scans; the server returns. */
async function searchPglite() {
  const base = await startReal('docs-pglite', {});
  const { systemId, documentId } = await seedDocument(base);
  await stopChild(base.handle);
  const database = await openPglite(path.join(base.env.HWA_DATA_DIR, 'pglite'));
  let seeded;
  try {
    const client = database.db.$client;
    const query = (text, values) => client.query(text, values);
    log(`PGlite: seeding ${CHUNKS} chunks`);
    const t = Date.now();
    await seedChunks(query, { templateId: documentId, documents: SEED_DOCUMENTS, total: CHUNKS });
    const seedS = (Date.now() - t) / 1000;
    const size = (await query(`SELECT pg_total_relation_size('document_chunks')::float8 AS b`)).rows[0].b;
    seeded = { seedS, tableBytes: size, ...(await directScans(database.db, query, systemId)) };
  } finally {
    await database.close();
  }
  const server = await serve(base, 'hwa serve (docs-pglite)', 2);
  try {
    return { db: 'PGlite', ...seeded, http: await httpSearches(server, systemId) };
  } finally {
    await stopChild(server.handle);
  }
}

/** Part `documents`: upload and embedding (items 1 and 2). */
export const ingest = {
  budgetMs: (600 + PAGES * 4 + SMALL * 2) * 1000,
  async run() {
    await runCli(['--version'], childEnv({})); // builds dist/ first if src/ changed
    const conditions = machineConditions();
    // PostgreSQL, not PGlite: with PGlite in the server's process, a document_embedding run never
    // lets the event loop reach its I/O phase, so the server answered no request for > 15 minutes
    // while it embedded the PDF (two attempts here); PostgreSQL's own process can be asked meanwhile.
    const scratch = await createScratchDatabase();
    conditions.postgres = scratch.version;
    const env = childEnv({ HWA_DATA_DIR: tempDir('docs-ingest'), DATABASE_URL: scratch.url });
    const token = (await runCli(['token', 'create', '--email', EMAIL, '--name', 'bench'], env)).trim();
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const base = { env, token, client };
    const results = {};
    try {
      results.pdf = await bigPdf(base);
      log(`result: ${JSON.stringify(results.pdf)}`);
      results.loadAfterPdf = os.loadavg();
      results.small = await smallDocs(base);
      log(`result: ${JSON.stringify(results.small)}`);
    } finally {
      await client.end();
    }
    conditions.loadEnd = os.loadavg();
    conditions.srcEnd = srcFingerprint();
    return { markdown: renderIngest(conditions, SETTINGS, results) };
  },
};

/** Part `documents-search`: nearest-neighbour latency at CHUNKS chunks on both databases (item 3). */
export const search = {
  budgetMs: (900 + CHUNKS / 100 + QUERIES * 30 + SQL_QUERIES * 240) * 1000,
  async run() {
    await runCli(['--version'], childEnv({}));
    const conditions = machineConditions();
    const results = [];
    if (DATABASES !== 'pglite') results.push(await searchPostgres());
    if (DATABASES !== 'postgres') results.push(await searchPglite());
    for (const r of results) log(`result: ${JSON.stringify(r)}`);
    conditions.postgres = results.find((r) => r.version)?.version ?? 'not used';
    conditions.loadEnd = os.loadavg();
    conditions.srcEnd = srcFingerprint();
    return { markdown: renderSearch(conditions, SETTINGS, results) };
  },
};
