// What nearestChunks does: vectors as bytea (float32, little-endian), read as base64 in bounded
// batches of 10,000 rows and scored in JS (raw bytea is decoded from hex in JS by PGlite: 65 s at 100k).
// Run: node bench/nearest-chunks-bytea.mjs [chunks]; BENCH_PG_URL=postgres://… uses PostgreSQL,
// else PGlite in memory.
import { PGlite } from '@electric-sql/pglite';
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const N = Number(process.argv[2] ?? 100_000);
const DIMS = 512;
const BATCH = 10_000;

function unitVector() {
  const v = new Float32Array(DIMS);
  let n = 0;
  for (let i = 0; i < DIMS; i++) n += (v[i] = Math.random() * 2 - 1) ** 2;
  n = Math.sqrt(n);
  for (let i = 0; i < DIMS; i++) v[i] /= n;
  return v;
}

const db = process.env.BENCH_PG_URL
  ? new pg.Client({ connectionString: process.env.BENCH_PG_URL })
  : await PGlite.create();
if (db.connect) await db.connect();
const q = (text, params) => db.query(text, params);
await q('DROP TABLE IF EXISTS cb');
await q('CREATE TABLE cb (id int PRIMARY KEY, b bytea NOT NULL)');
let t = performance.now();
for (let start = 0; start < N; start += 1000) {
  const params = [];
  const rows = [];
  for (let i = start; i < Math.min(N, start + 1000); i++) {
    params.push(i, Buffer.from(unitVector().buffer));
    rows.push(`($${params.length - 1}, $${params.length})`);
  }
  await q(`INSERT INTO cb (id, b) VALUES ${rows.join(',')}`, params);
}
console.log(
  `${process.env.BENCH_PG_URL ? 'PostgreSQL' : 'PGlite'}: ${N} bytea vectors loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);

async function nearest(query, k = 10) {
  const best = [];
  for (let from = 0; from < N; from += BATCH) {
    const { rows } = await q("SELECT id, encode(b, 'base64') AS b FROM cb WHERE id >= $1 AND id < $2", [
      from,
      from + BATCH,
    ]);
    for (const row of rows) {
      const bytes = Buffer.from(row.b, 'base64');
      const v = new Float32Array(bytes.buffer, bytes.byteOffset, DIMS);
      let s = 0;
      for (let i = 0; i < DIMS; i++) s += v[i] * query[i];
      if (best.length < k || s > best[best.length - 1].s) {
        best.push({ id: row.id, s });
        best.sort((a, b) => b.s - a.s);
        if (best.length > k) best.pop();
      }
    }
  }
  return best;
}

const ms = [];
for (let i = 0; i < 5; i++) {
  t = performance.now();
  await nearest(unitVector());
  ms.push(performance.now() - t);
}
ms.sort((a, b) => a - b);
console.log(
  `bytea + JS scan: median ${ms[2].toFixed(0)} ms (min ${ms[0].toFixed(0)}, max ${ms[4].toFixed(0)})`,
);
await q('DROP TABLE cb');
await (db.end ? db.end() : db.close());
