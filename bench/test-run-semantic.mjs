// Semantic test-run search on the embedded PGlite, in two parts (run by hand, after `node scripts/build.mjs`):
//
//   node bench/test-run-semantic.mjs index [runs=10]
//     The test_run_embedding job with the built-in model over runs made from one procedure (4 cards x
//     30 steps, 120 distinct step texts): the first run embeds its texts (texts/s), the next ones only
//     their titles (components/s, what dedup by text hash buys).
//
//   node bench/test-run-semantic.mjs templated [components=100000] [texts=2000] [queries=30]
//     The same, but the components say only `texts` distinct texts (runs made from templates): the
//     index holds `texts` vectors, and each nearest text fans out to the components saying it.
//
//   node bench/test-run-semantic.mjs query [components=100000] [queries=30]
//     semanticSearch at N components of N/100 runs in 4 systems, every component its own text (the worst
//     case for the index: no dedup), synthetic random unit vectors of 512 dims inserted directly, so the
//     index query is measured, not the model. Reports load and HNSW build time, p50/p95 per scope, HNSW
//     recall@20 against the exact answer, and the exact JS scan used where pgvector is absent.
import { sql } from 'drizzle-orm';
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { builtinEmbedder } from '../dist/analysis/embeddings.js';
import { newId } from '../dist/core/ids.js';
import { openPglite, queryRows } from '../dist/db/client.js';
import { migrateDatabase } from '../dist/db/migrate.js';
import { addMissingHnswIndex, vectorLiteral } from '../dist/db/vector-search.js';
import { semanticSearch } from '../dist/modules/test-runs/search-semantic.js';
import { textHash } from '../dist/modules/test-runs/search-texts.js';
import { testRunEmbeddingJob } from '../dist/modules/test-runs/test-run-embedding.job.js';

const DIMS = 512;
const EMAIL = 'bench@example.com';
const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x) => `${x.toFixed(1)} ms`;
const log = (...a) => console.log(new Date().toISOString().slice(11, 19), ...a);

const database = await openPglite(undefined);
await migrateDatabase(database);
const db = database.db;
const userId = newId();
await db.execute(sql`INSERT INTO users (id, email) VALUES (${userId}, ${EMAIL})`);

async function newSystem(name) {
  const id = newId();
  await db.execute(sql`INSERT INTO systems (id, name, created_by) VALUES (${id}, ${name}, ${EMAIL})`);
  return id;
}

async function runJob(embedder, runId) {
  const job = testRunEmbeddingJob(embedder);
  await job.handler({
    run: { id: 'bench', jobId: 'bench', jobType: job.jobType, attempt: 1, createdBy: EMAIL },
    config: { job_type: job.jobType, test_run_id: runId },
    signal: new globalThis.AbortController().signal,
    progress: async () => undefined,
    checkpoint: async () => undefined,
    addOutputReference: async () => undefined,
    db,
  });
}

const SUBJECTS = [
  'reaction wheel',
  'star tracker',
  'battery pack',
  'UHF transceiver',
  'solar array drive',
  'magnetometer',
  'flight computer',
  'heater circuit',
  'sun sensor',
  'payload camera',
  'EPS converter',
  'harness J3',
];
const ACTIONS = [
  'Measure the current draw of the',
  'Verify telemetry from the',
  'Check the temperature of the',
  'Power cycle the',
  'Inspect the connector of the',
  'Record the noise floor of the',
  'Run the self test of the',
  'Verify the commanding of the',
  'Measure the start-up time of the',
  'Check the grounding of the',
];

async function indexBench(runs) {
  const systemId = await newSystem('Indexing bench');
  const steps = ACTIONS.flatMap((a) => SUBJECTS.map((s) => `${a} ${s} at the plateau temperature`));
  const runIds = [];
  for (let r = 1; r <= runs; r++) {
    const runId = newId();
    runIds.push(runId);
    await db.execute(sql`INSERT INTO test_runs (id, system_id, run_number, title, description, created_by)
      VALUES (${runId}, ${systemId}, ${r}, ${`Thermal vacuum campaign ${r} of flight unit FM${r}`}, '', ${EMAIL})`);
    for (let c = 0; c < 4; c++) {
      const cardId = newId();
      await db.execute(sql`INSERT INTO test_cards (id, run_id, title, position)
        VALUES (${cardId}, ${runId}, ${`Functional test ${c + 1}`}, ${c + 1})`);
      const values = steps
        .slice(c * 30, c * 30 + 30)
        .map((title, i) => sql`(${newId()}, ${cardId}, ${runId}, ${title}, ${i + 1})`);
      await db.execute(
        sql`INSERT INTO test_steps (id, card_id, run_id, title, position) VALUES ${sql.join(values, sql`, `)}`,
      );
    }
  }
  const embedder = builtinEmbedder();
  const counted = {
    ...embedder,
    texts: 0,
    async embed(t, s) {
      counted.texts += t.length;
      return embedder.embed(t, s);
    },
  };
  const times = [];
  for (const runId of runIds) {
    const t = performance.now();
    await runJob(counted, runId);
    times.push({ s: (performance.now() - t) / 1000, texts: counted.texts });
  }
  const components = 1 + 4 + 120;
  const first = times[0];
  const rest = times.slice(1).reduce((a, b) => a + b.s, 0);
  log(
    `first run: ${components} components, ${first.texts} texts embedded in ${first.s.toFixed(2)} s ` +
      `(model load included): ${(first.texts / first.s).toFixed(1)} texts/s`,
  );
  log(
    `next ${runs - 1} runs: ${(runs - 1) * components} components, ${counted.texts - first.texts} texts in ` +
      `${rest.toFixed(2)} s: ${(((runs - 1) * components) / rest).toFixed(0)} components/s`,
  );
  const total = times.reduce((a, b) => a + b.s, 0);
  log(
    `all ${runs} runs: ${runs * components} components, ${counted.texts} texts, ${total.toFixed(2)} s: ` +
      `${((runs * components) / total).toFixed(0)} components/s`,
  );
  // The model alone, warm, on texts it has not seen: the embedding rate without the job around it.
  const fresh = steps.map((s) => `${s} after the second thermal cycle`).slice(0, 64);
  const t = performance.now();
  for (let i = 0; i < fresh.length; i += 32) await embedder.embed(fresh.slice(i, i + 32));
  const s = (performance.now() - t) / 1000;
  log(
    `built-in model warm: ${fresh.length} texts in ${s.toFixed(2)} s: ${(fresh.length / s).toFixed(1)} texts/s`,
  );
}

let seed = 11;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
function unitVector() {
  const v = new Float32Array(DIMS);
  let n = 0;
  for (let i = 0; i < DIMS; i++) n += (v[i] = rand()) ** 2;
  n = Math.sqrt(n);
  for (let i = 0; i < DIMS; i++) v[i] /= n;
  return Array.from(v);
}

/** Per run of 100: 1 run, 9 cards, 80 steps, 5 observations, 3 reports, 2 data files. */
const TYPE_OF = (i) =>
  i === 0 ? 'run' : i < 10 ? 'card' : i < 90 ? 'step' : i < 95 ? 'observation' : i < 98 ? 'report' : 'data';

async function queryBench(n, queries, distinctTexts = n) {
  const systems = [];
  for (let s = 0; s < 4; s++) systems.push(await newSystem(`Query bench ${s}`));
  const runs = Math.ceil(n / 100);
  let t = performance.now();
  for (let r = 0; r < runs; r++) {
    const runId = newId();
    const systemId = systems[r % 4];
    await db.execute(sql`INSERT INTO test_runs (id, system_id, run_number, title, created_by)
      VALUES (${runId}, ${systemId}, ${r + 1}, ${`Run ${r}`}, ${EMAIL})`);
    const comps = [];
    const texts = [];
    const vecs = [];
    for (let i = 0; i < 100 && r * 100 + i < n; i++) {
      const k = (r * 100 + i) % distinctTexts;
      const hash = textHash(`component ${k}`);
      const id = i === 0 ? runId : newId();
      comps.push(sql`(${TYPE_OF(i)}, ${id}, ${runId}, ${systemId}, ${hash})`);
      if (r * 100 + i >= distinctTexts) continue; // said before: no new vector
      const v = unitVector();
      texts.push(
        sql`('bench', ${hash}, ${DIMS}, decode(${Buffer.from(Float32Array.from(v).buffer).toString('base64')}, 'base64'))`,
      );
      vecs.push(sql`('bench', ${hash}, ${DIMS}, ${vectorLiteral(v)}::vector)`);
    }
    await db.execute(sql`INSERT INTO test_run_search_components (component_type, component_id, run_id, system_id, text_hash)
      VALUES ${sql.join(comps, sql`, `)}`);
    if ((r + 1) % 100 === 0) log(`loaded ${(r + 1) * 100} components`);
    if (texts.length === 0) continue; // every text said before: no new vector
    await db.execute(
      sql`INSERT INTO test_run_search_texts (model, text_hash, dims, embedding) VALUES ${sql.join(texts, sql`, `)}`,
    );
    await db.execute(
      sql`INSERT INTO test_run_text_vectors (model, text_hash, dims, embedding) VALUES ${sql.join(vecs, sql`, `)}`,
    );
  }
  log(`load: ${n} components in ${runs} runs, ${((performance.now() - t) / 1000).toFixed(0)} s`);
  t = performance.now();
  await addMissingHnswIndex(db, DIMS, 'test_run_text_vectors');
  log(`HNSW build: ${((performance.now() - t) / 1000).toFixed(0)} s`);

  const qvecs = Array.from({ length: queries + 2 }, () => unitVector());
  const embedder = { model: 'bench', embed: async ([q]) => [qvecs[Number(q.slice(1))]] };
  const search = semanticSearch(db, embedder);
  const scopes = {
    'all components': {},
    'one system of 4': { systemId: systems[1] },
    'reports only (3%)': { componentTypes: ['report'] },
    'one system, reports only (0.75%)': { systemId: systems[1], componentTypes: ['report'] },
  };
  if (process.env.BENCH_EXPLAIN) {
    const q = vectorLiteral(qvecs[0]);
    for (const filter of [sql``, sql`AND c.system_id = ${systems[1]}`]) {
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL hnsw.iterative_scan = relaxed_order`);
        await tx.execute(sql`SET LOCAL hnsw.ef_search = 100`);
        await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
          set_config('enable_sort', 'off', true)`);
        return queryRows(
          tx,
          sql`EXPLAIN ANALYZE SELECT v.text_hash AS id FROM test_run_text_vectors v
          WHERE v.model = 'bench' AND v.dims = 512 AND EXISTS (SELECT 1 FROM test_run_search_components c
            WHERE c.text_hash = v.text_hash ${filter})
          ORDER BY v.embedding::vector(512) <#> ${q}::vector(512) LIMIT 20`,
        );
      });
      console.log(plan.map((p) => p['QUERY PLAN'].replace(/'\[[^\]]*\]'/g, 'q')).join('\n'));
    }
  }
  if (process.env.BENCH_EXPLAIN) {
    const near = await queryRows(
      db,
      sql`SELECT text_hash FROM test_run_text_vectors ORDER BY embedding::vector(512) <#> ${vectorLiteral(qvecs[0])}::vector(512) LIMIT 20`,
    );
    const ranked = sql.join(
      near.map((t, i) => sql`(${t.text_hash}, ${i}::int)`),
      sql`, `,
    );
    const plan = await db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
      );
      return queryRows(
        tx,
        sql`EXPLAIN ANALYZE SELECT n.rank, c.run_id, c.component_type, c.component_id
      FROM (VALUES ${ranked}) AS n(text_hash, rank)
      CROSS JOIN LATERAL (
        SELECT c.run_id, c.component_type, c.component_id FROM test_run_search_components c
        WHERE c.text_hash = n.text_hash AND true
        ORDER BY c.run_id DESC NULLS LAST, c.component_id LIMIT 20) c
      ORDER BY n.rank, c.run_id DESC, c.component_id
      LIMIT 20`,
      );
    });
    console.log(plan.map((p) => p['QUERY PLAN']).join('\n'));
  }
  const answers = {};
  for (const [name, scope] of Object.entries(scopes)) {
    const times = [];
    answers[name] = [];
    for (let i = 0; i < queries + 2; i++) {
      const t0 = performance.now();
      const hits = await search(`q${i}`, { ...scope, limit: 20 });
      if (i >= 2) times.push(performance.now() - t0); // two warm-ups
      answers[name].push(hits ?? []);
    }
    log(
      `HNSW ${name}: p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, hits ${answers[name][2].length}`,
    );
  }
  // Recall@20: the same queries answered exactly (pgvector without its index) for two scopes. Not
  // when texts repeat: components tied on one text may be any of them in the exact answer.
  for (const name of distinctTexts === n ? ['all components', 'one system of 4'] : []) {
    const scope = scopes[name];
    let found = 0;
    let total = 0;
    const times = [];
    for (let i = 2; i < Math.min(queries + 2, 12); i++) {
      const t0 = performance.now();
      const exact = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_indexscan = off`);
        return queryRows(
          tx,
          sql`SELECT c.component_id FROM test_run_text_vectors v
          JOIN test_run_search_components c ON c.text_hash = v.text_hash
          WHERE v.model = 'bench' ${scope.systemId ? sql`AND c.system_id = ${scope.systemId}` : sql``}
          ORDER BY v.embedding::vector(512) <#> ${vectorLiteral(qvecs[i])}::vector(512) LIMIT 20`,
        );
      });
      times.push(performance.now() - t0);
      const got = new Set(answers[name][i].map((h) => h.componentId));
      found += exact.filter((e) => got.has(e.component_id)).length;
      total += exact.length;
    }
    log(`recall@20 ${name}: ${((found / total) * 100).toFixed(1)}% (exact in SQL p50 ${ms(pct(times, 50))})`);
  }
  await db.execute(sql`DROP TABLE test_run_text_vectors`);
  const scan = semanticSearch(db, embedder); // a new process would not see pgvector's table
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await scan(`q${i}`, { limit: 20 });
    times.push(performance.now() - t0);
  }
  log(
    `without pgvector (exact JS scan of float32 bytea): p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}`,
  );
}

const [mode = 'query', a, b] = process.argv.slice(2);
log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
if (mode === 'index') await indexBench(Number(a ?? 10));
else if (mode === 'templated')
  await queryBench(Number(a ?? 100_000), Number(process.argv[5] ?? 30), Number(b ?? 2000));
else await queryBench(Number(a ?? 100_000), Number(b ?? 30));
await database.close();
process.exit(0);
