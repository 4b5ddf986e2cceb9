// Nearest-neighbour cost at 100,000 chunks of 512-dim unit vectors: hwa's exact scan over real[]
// (the SQL of nearestChunks in src/modules/documents/documents.repository.ts) on PGlite and on
// PostgreSQL. No pgvector here: @electric-sql/pglite 0.5.16 no longer ships `./vector` (its
// dist/contrib has no vector extension) and this machine's PostgreSQL 15 has no pgvector package.
// Run: node bench/nearest-chunks.mjs [chunks] (default 100000); BENCH_PG_URL=postgres://… adds PostgreSQL.
import { PGlite } from '@electric-sql/pglite';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const N = Number(process.argv[2] ?? 100_000);
const DIMS = 512;
const RUNS = 5;

const setup = `
  CREATE TABLE c (id serial PRIMARY KEY, doc int NOT NULL, embedding real[]);
  INSERT INTO c (doc, embedding)
    SELECT g % 100, (SELECT array_agg((random() * 2 - 1)::real) FROM generate_series(1, ${DIMS}) WHERE g > 0)
    FROM generate_series(1, ${N}) g;`;
const query = () => {
  const q = Array.from({ length: DIMS }, () => Math.random() * 2 - 1);
  const n = Math.hypot(...q);
  return `{${q.map((x) => x / n).join(',')}}`;
};
const exact = `SELECT id, (SELECT sum(a * b) FROM unnest(embedding, $1::real[]) AS t(a, b))::float8 AS score
  FROM c WHERE embedding IS NOT NULL ORDER BY score DESC LIMIT 10`;

async function time(run) {
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run(query());
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return `median ${ms[Math.floor(RUNS / 2)].toFixed(0)} ms (min ${ms[0].toFixed(0)}, max ${ms.at(-1).toFixed(0)})`;
}

{
  const db = await PGlite.create();
  let t = performance.now();
  await db.exec(setup);
  console.log(`PGlite: ${N} chunks loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  console.log(`PGlite exact scan over real[]: ${await time((q) => db.query(exact, [q]))}`);
  await db.close();
}

if (process.env.BENCH_PG_URL) {
  const client = new pg.Client({ connectionString: process.env.BENCH_PG_URL });
  await client.connect();
  await client.query('DROP TABLE IF EXISTS c');
  const t = performance.now();
  await client.query(setup);
  console.log(`PostgreSQL: ${N} chunks loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  console.log(`PostgreSQL exact scan over real[]: ${await time((q) => client.query(exact, [q]))}`);
  await client.query('DROP TABLE c');
  await client.end();
}
