// Nearest-chunk search on the embedded PGlite with pgvector (what chunk-vectors.repository.ts does when
// chunk_vectors exists) against, in the same run, the exact answers: pgvector without its index
// (sequential scan in the database) and the JS scan over float32 bytea used where pgvector is absent.
// Reports the index build, query p50/p95 of each, and HNSW recall@10 against the exact top 10.
// Run: node bench/nearest-chunks-pgvector.mjs [chunks=100000] [queries=30]
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';

const N = Number(process.argv[2] ?? 100_000);
const QUERIES = Number(process.argv[3] ?? 30);
const DIMS = 512;
const SYSTEMS = 4; // the query filters one system of four, as search does
const K = 10;

let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
function unitVector() {
  const v = new Float32Array(DIMS);
  let n = 0;
  for (let i = 0; i < DIMS; i++) n += (v[i] = rand()) ** 2;
  n = Math.sqrt(n);
  for (let i = 0; i < DIMS; i++) v[i] /= n;
  return v;
}
const literal = (v) => `[${Array.from(v, (x) => x.toFixed(6)).join(',')}]`;
const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x) => `${x.toFixed(1)} ms`;

const db = await PGlite.create({ extensions: { vector } });
await db.exec('CREATE EXTENSION vector');
await db.exec(`CREATE TABLE cv (id int PRIMARY KEY, system_id int NOT NULL, dims int NOT NULL, embedding vector NOT NULL,
  b bytea NOT NULL)`);
await db.exec('CREATE INDEX cv_system ON cv (system_id, dims)');

let t = performance.now();
for (let start = 0; start < N; start += 500) {
  const rows = [];
  const params = [];
  for (let i = start; i < Math.min(N, start + 500); i++) {
    const v = unitVector();
    params.push(literal(v), Buffer.from(v.buffer));
    rows.push(`(${i}, ${i % SYSTEMS}, ${DIMS}, $${params.length - 1}::vector, $${params.length})`);
  }
  await db.query(`INSERT INTO cv VALUES ${rows.join(',')}`, params);
}
const loadS = (performance.now() - t) / 1000;
t = performance.now();
await db.exec(
  `CREATE INDEX cv_hnsw ON cv USING hnsw ((embedding::vector(${DIMS})) vector_ip_ops) WHERE dims = ${DIMS}`,
);
const buildS = (performance.now() - t) / 1000;
await db.exec('ANALYZE cv');

const queries = Array.from({ length: QUERIES }, () => unitVector());
const sqlTopK = (q) =>
  `SELECT id FROM cv WHERE system_id = 1 AND dims = ${DIMS}
   ORDER BY embedding::vector(${DIMS}) <#> '${literal(q)}'::vector(${DIMS}) LIMIT ${K}`;

async function timed(fn) {
  const times = [];
  const answers = [];
  await fn(queries[0]); // warm-up
  for (const q of queries) {
    const s = performance.now();
    answers.push(await fn(q));
    times.push(performance.now() - s);
  }
  return { times, answers };
}

const hnsw = await timed(async (q) => {
  await db.exec('BEGIN; SET LOCAL hnsw.iterative_scan = relaxed_order; SET LOCAL hnsw.ef_search = 40');
  const r = await db.query(sqlTopK(q));
  await db.exec('COMMIT');
  return r.rows.map((x) => x.id);
});
const plan = (await db.query(`EXPLAIN ${sqlTopK(queries[0])}`)).rows.map((r) => r['QUERY PLAN']).join(' / ');
const exactSql = await timed(async (q) => {
  await db.exec('BEGIN; SET LOCAL enable_indexscan = off');
  const r = await db.query(sqlTopK(q));
  await db.exec('COMMIT');
  return r.rows.map((x) => x.id);
});
const jsScan = await timed(async (q) => {
  const best = [];
  for (let after = -1; ;) {
    const { rows } = await db.query(
      "SELECT id, encode(b, 'base64') AS b FROM cv WHERE system_id = 1 AND id > $1 ORDER BY id LIMIT 10000",
      [after],
    );
    for (const row of rows) {
      const bytes = Buffer.from(row.b, 'base64');
      const v = new Float32Array(bytes.buffer, bytes.byteOffset, DIMS);
      let s = 0;
      for (let i = 0; i < DIMS; i++) s += v[i] * q[i];
      if (best.length < K || s > best[best.length - 1].s) {
        best.push({ id: row.id, s });
        best.sort((a, b) => b.s - a.s);
        if (best.length > K) best.pop();
      }
    }
    if (rows.length < 10000) break;
    after = rows[rows.length - 1].id;
  }
  return best.map((b) => b.id);
});

let found = 0;
hnsw.answers.forEach((a, i) => (found += a.filter((id) => exactSql.answers[i].includes(id)).length));
const recall = found / (QUERIES * K);

console.log(
  `PGlite + pgvector, ${N} chunks x ${DIMS} dims (${N / SYSTEMS} in the queried system), ${QUERIES} queries`,
);
console.log(`load ${loadS.toFixed(1)} s; HNSW build ${buildS.toFixed(1)} s`);
console.log(`plan: ${plan.replace(/'\[[^\]]*\]'/g, "'[…]'")}`);
for (const [name, r] of [
  ['HNSW (shipped)', hnsw],
  ['pgvector exact (seq scan)', exactSql],
  ['JS scan of bytea (no pgvector)', jsScan],
]) {
  console.log(`${name}: p50 ${ms(pct(r.times, 50))}, p95 ${ms(pct(r.times, 95))}`);
}
console.log(`HNSW recall@${K} vs exact: ${(recall * 100).toFixed(1)}%`);
await db.close();
