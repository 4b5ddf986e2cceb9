// The semantic index of the test-run search benchmark (bench/test-runs-search.mjs): what the
// test_run_embedding job would have written for runs loaded by SQL, made at bulk speed but with the
// product's own rules and tables. The texts and their hashes come from the product's partTexts and
// textHash (search-texts.ts: each part of a component its own text, a short one joined to its
// neighbour) applied to each distinct set of parts (the data is templated: a few thousand distinct
// texts for 2 million components); the components' parts are joined to them in SQL; each distinct
// text is embedded once by the built-in model and stored by the job's insertTextVectors. Then the job's
// own comparison (componentChanges) is run on a sample of runs, and must find nothing to change.
//
// It also plants a phrase an engineer would remember in the exception of one step of a few runs,
// written with the search triggers on, as an edit through the API writes it.
import { sql } from 'drizzle-orm';
import { builtinEmbedder } from '../dist/analysis/embeddings.js';
import { openPostgres, queryRows } from '../dist/db/client.js';
import { EMBED_BATCH } from '../dist/modules/documents/document-embedding.job.js';
import * as index from '../dist/modules/test-runs/search-index.repository.js';
import {
  componentChanges,
  componentTexts,
  partTexts,
  textHash,
} from '../dist/modules/test-runs/search-texts.js';
import { log } from './lib.mjs';

/** The planted anomaly: written once, in a step's exception field, of PLANTED_RUNS runs. */
export const PLANTED = 'reaction wheel current crept up';
export const PLANTED_RUNS = 5;

/** The run numbers planted: spread over the campaign, not at its ends. */
export const plantedRunNumbers = (n) =>
  Array.from({ length: PLANTED_RUNS }, (_, i) => Math.floor((n * (2 * i + 1)) / (2 * PLANTED_RUNS)));

async function plant(ex, n) {
  // The 4th step of the 3rd card: any templated step; its title and description stay as they were.
  await ex.execute(sql`UPDATE test_steps s SET exception = ${PLANTED}
    FROM test_cards c, test_runs r
    WHERE s.card_id = c.id AND c.run_id = r.id AND c.position = 3 AND s.position = 4
      AND r.run_number IN (${sql.join(plantedRunNumbers(n), sql`, `)})
      AND s.exception IS DISTINCT FROM ${PLANTED}`);
  const rows = await queryRows(
    ex,
    sql`SELECT r.id FROM test_runs r JOIN test_steps s ON s.run_id = r.id WHERE s.exception = ${PLANTED}`,
  );
  return rows.map((r) => r.id);
}

/** Each distinct set of parts per component type, as the job reads them (readRunParts); steps first. */
const DISTINCT_PARTS = {
  card: sql`SELECT DISTINCT ARRAY[title, description] AS parts FROM test_cards`,
  step: sql`SELECT DISTINCT ARRAY[title, description, exception] AS parts FROM test_steps`,
  run: sql`SELECT DISTINCT ARRAY[title, description] AS parts FROM test_runs WHERE deleted_at IS NULL`,
};
/** The components of each type, with the same parts, for the join to their hashes. */
const COMPONENTS = {
  run: sql`SELECT 'run' AS type, r.id, r.id AS run_id, r.system_id, ARRAY[r.title, r.description] AS parts
    FROM test_runs r WHERE r.deleted_at IS NULL`,
  card: sql`SELECT 'card', c.id, c.run_id, r.system_id, ARRAY[c.title, c.description]
    FROM test_cards c JOIN test_runs r ON r.id = c.run_id WHERE r.deleted_at IS NULL`,
  step: sql`SELECT 'step', s.id, s.run_id, r.system_id, ARRAY[s.title, s.description, s.exception]
    FROM test_steps s JOIN test_runs r ON r.id = s.run_id WHERE r.deleted_at IS NULL`,
};

/** Fails unless the loaded runs have only the component types this module indexes. */
async function onlyIndexedTypes(ex) {
  const [other] = await queryRows(
    ex,
    sql`SELECT (SELECT count(*) FROM test_run_reports) + (SELECT count(*) FROM test_observations)
      + (SELECT count(*) FROM test_data_files) AS n`,
  );
  if (Number(other.n) > 0) throw new Error('reports, observations or data files: index them too');
}

/**
 * Hashes each part of each distinct set of parts with the product's rules (a temporary table: type,
 * parts, part -> hash); answers hash -> text.
 */
async function distinctTexts(ex) {
  await onlyIndexedTypes(ex);
  const texts = new Map();
  await ex.execute(
    sql`CREATE TEMP TABLE IF NOT EXISTS bench_part_hashes (component_type text, parts text[], part text,
      text_hash text NOT NULL, PRIMARY KEY (component_type, parts, part))`,
  );
  for (const [type, query] of Object.entries(DISTINCT_PARTS)) {
    const rows = await queryRows(ex, query);
    const hashed = rows.flatMap(({ parts }) =>
      partTexts(type, parts).map(({ part, text }) => {
        const hash = textHash(text);
        texts.set(hash, text);
        return sql`(${type}, ${sql.param(parts)}::text[], ${part}, ${hash})`;
      }),
    );
    for (let i = 0; i < hashed.length; i += 5000) {
      await ex.execute(sql`INSERT INTO bench_part_hashes VALUES ${sql.join(hashed.slice(i, i + 5000), sql`, `)}
        ON CONFLICT DO NOTHING`);
    }
    log(`${type}: ${rows.length} distinct sets of parts, ${hashed.length} parts`);
  }
  return texts;
}

async function writeComponents(ex, timings) {
  // Secondary indexes dropped for the bulk insert and rebuilt after, as the loader does the GIN index.
  const indexes = await queryRows(
    ex,
    sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'test_run_search_components'
      AND indexname NOT LIKE '%_pk'`,
  );
  for (const i of indexes) await ex.execute(sql.raw(`DROP INDEX ${i.indexname}`));
  const t0 = process.hrtime.bigint();
  for (const [type, query] of Object.entries(COMPONENTS)) {
    await ex.execute(sql`INSERT INTO test_run_search_components (component_type, component_id, part, run_id, system_id, text_hash)
      SELECT x.type, x.id, h.part, x.run_id, x.system_id, h.text_hash FROM (${query}) AS x(type, id, run_id, system_id, parts)
      JOIN bench_part_hashes h ON h.component_type = x.type AND h.parts = x.parts
      ON CONFLICT (component_id, component_type, part) DO UPDATE SET text_hash = EXCLUDED.text_hash`);
    log(`${type}: components written`);
  }
  for (const i of indexes) await ex.execute(sql.raw(i.indexdef));
  await ex.execute(sql`VACUUM ANALYZE test_run_search_components`);
  timings.components = Number(process.hrtime.bigint() - t0) / 1e9;
}

/**
 * Texts embedded at most in one run (env BENCH_SEARCH_EMBED_MAX, default all): the built-in model embeds
 * ~15-25 texts/s on a loaded 2-core machine, so a kept database may be filled over several runs.
 */
const EMBED_MAX = Number(process.env.BENCH_SEARCH_EMBED_MAX?.trim() || Infinity);

/** Embeds the texts without a vector of the model, `first` first; answers the count and seconds. */
async function embedTexts(ex, embedder, texts, first) {
  const hashes = [...texts.keys()];
  const missing = new Set();
  for (let i = 0; i < hashes.length; i += 5000) {
    for (const h of await index.hashesToEmbed(ex, embedder.model, hashes.slice(i, i + 5000))) missing.add(h);
  }
  const order = [...first.filter((h) => missing.delete(h)), ...missing].slice(0, EMBED_MAX);
  const t0 = process.hrtime.bigint();
  for (let done = 0; done < order.length; done += EMBED_BATCH) {
    const batch = order.slice(done, done + EMBED_BATCH);
    const vectors = await embedder.embed(batch.map((h) => texts.get(h)));
    await ex.transaction((tx) =>
      index.insertTextVectors(
        tx,
        embedder.model,
        batch.map((textHash, i) => ({ textHash, embedding: vectors[i] })),
      ),
    );
    if ((done / EMBED_BATCH) % 50 === 0) log(`embedded ${done + batch.length} of ${order.length} texts`);
  }
  return { embedded: order.length, seconds: Number(process.hrtime.bigint() - t0) / 1e9 };
}

/** The job's own comparison on `runIds`: what it would still write must be nothing. */
async function checkAgainstJob(ex, runIds) {
  for (const runId of runIds) {
    const run = await index.readRunParts(ex, runId);
    const { upserts, removals } = componentChanges(
      componentTexts(run.components),
      await index.indexedComponents(ex, runId),
    );
    if (upserts.length + removals.length > 0) {
      throw new Error(`run ${runId}: the job would write ${upserts.length} and remove ${removals.length}`);
    }
  }
}

/**
 * Plants the phrase, writes the semantic index of every run, embeds what is missing; reusable on a
 * kept database (what is there is kept). Answers the planted run ids and timings.
 */
export async function indexForMeaning(url, { n }) {
  // One connection: the parts' hashes are a temporary table of the session.
  const database = openPostgres(url, 1);
  try {
    return await indexWith(database.db, n);
  } finally {
    await database.close();
  }
}

async function indexWith(ex, n) {
  const planted = await plant(ex, n);
  const timings = {};
  const [indexed] = await queryRows(ex, sql`SELECT count(*)::int AS n FROM test_run_search_components`);
  const texts = await distinctTexts(ex);
  if (indexed.n === 0) await writeComponents(ex, timings);
  const embedder = builtinEmbedder();
  const plantedHashes = [];
  for (const runId of planted) {
    const run = await index.readRunParts(ex, runId);
    for (const c of componentTexts(run.components)) {
      if (c.text.includes(PLANTED)) plantedHashes.push(c.textHash);
    }
  }
  if (indexed.n > 0) {
    // The planted edits after a kept load: written as the job writes them.
    for (const runId of planted) {
      const run = await index.readRunParts(ex, runId);
      const { upserts, removals } = componentChanges(
        componentTexts(run.components),
        await index.indexedComponents(ex, runId),
      );
      await ex.transaction((tx) =>
        index.applyComponentChanges(tx, { runId, systemId: run.systemId }, upserts, removals),
      );
    }
  }
  const embedding = await embedTexts(ex, embedder, texts, plantedHashes);
  const sample = await queryRows(ex, sql`SELECT id FROM test_runs ORDER BY id LIMIT 5`);
  await checkAgainstJob(ex, [...planted, ...sample.map((r) => r.id)]);
  const [counts] = await queryRows(
    ex,
    sql`SELECT (SELECT count(*)::int FROM test_run_search_components) AS components,
        (SELECT count(*)::int FROM test_run_search_texts) AS texts,
        to_regclass('test_run_text_vectors') IS NOT NULL AS pgvector`,
  );
  return { planted, timings, embedding, counts: { ...counts, distinct: texts.size } };
}

/** Embeds the distinct texts of the components as they are, nothing planted or written (to start early). */
export async function embedDistinctTexts(url) {
  const database = openPostgres(url, 1);
  try {
    const texts = await distinctTexts(database.db);
    return await embedTexts(database.db, builtinEmbedder(), texts, []);
  } finally {
    await database.close();
  }
}
