// SQL of semantic test-run search, in two steps. First the texts nearest to the query among those that
// at least one component in scope (system, component types) says: with pgvector an HNSW index scan
// that reads on until it has `limit` of them (withHnswSearch), without it an exact scan in bounded
// batches. Then those texts' components, each part of a component its own text (a step's title,
// description, exception): a component is as near as its nearest part, so it is answered once, at the
// first of its texts in similarity order. The `limit` nearest such texts hold the `limit` nearest
// components, since each has at least one: a text said by 10,000 steps is compared once, not 10,000 times.
//
// Components of deleted runs are not there to find: a run's deletion removes them in its transaction,
// and the job writes a run's components only while the run is live (search-index.repository.ts).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { MAX_INDEXED_DIMS, NearestSoFar, vectorLiteral, withHnswSearch } from '../../db/vector-search.js';
import type { SearchComponentType } from './search-texts.js';

export interface SearchScope {
  systemId?: string;
  componentTypes?: readonly SearchComponentType[];
}

export interface ComponentHit {
  runId: string;
  componentType: SearchComponentType;
  componentId: string;
  /** The component's part nearest the query (search-texts.ts PART_NAMES; 'whole' before parts). */
  part: string;
  similarity: number;
}

/** Conditions on a component `c`; no component types, or none listed, means every type. */
function inScope(scope: SearchScope): SQL {
  const conditions = [sql`true`];
  if (scope.systemId !== undefined) conditions.push(sql`c.system_id = ${scope.systemId}`);
  const types = scope.componentTypes ?? [];
  if (types.length > 0) {
    conditions.push(
      sql`c.component_type IN (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

/**
 * Runs `query` with sequential and bitmap scans off: PGlite has no autovacuum, so its statistics may
 * say "empty table" at any size, and plans chosen on them read whole tables (see each caller).
 */
function pinnedToIndexes<T>(ex: Executor, query: (tx: Executor) => Promise<T>): Promise<T> {
  return ex.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
    );
    return query(tx);
  });
}

const saidInScope = (hash: SQL, scope: SearchScope) => sql`EXISTS (SELECT 1 FROM test_run_search_components c
  WHERE c.text_hash = ${hash} AND ${inScope(scope)})`;

/** Those of `hashes` said by a component in scope (for nearest texts scored outside the database). */
export async function textsSaidInScope(
  ex: Executor,
  hashes: readonly string[],
  scope: SearchScope,
): Promise<string[]> {
  if (hashes.length === 0) return [];
  const list = sql.join(
    hashes.map((h) => sql`(${h})`),
    sql`, `,
  );
  const rows = await pinnedToIndexes(ex, (tx) =>
    queryRows<{ h: string }>(
      tx,
      sql`SELECT t.h FROM (VALUES ${list}) AS t(h) WHERE ${saidInScope(sql`t.h`, scope)}`,
    ),
  );
  return rows.map((r) => r.h);
}

/** The `limit` texts nearest to `query` said by a live component in scope, most similar first. */
export async function nearestTexts(
  ex: Executor,
  query: number[],
  model: string,
  scope: SearchScope,
  limit: number,
  withPgvector: boolean,
): Promise<{ textHash: string; similarity: number }[]> {
  const best = withPgvector
    ? await nearestByIndex(ex, query, model, scope, limit)
    : await nearestByScan(ex, query, model, scope, limit);
  return best.map((b) => ({ textHash: b.id, similarity: b.score }));
}

/** Candidates read from the index per answer wanted. */
const OVERFETCH = 4;

async function nearestByIndex(
  ex: Executor,
  query: number[],
  model: string,
  scope: SearchScope,
  limit: number,
): Promise<{ id: string; score: number }[]> {
  // Literals, not parameters: the partial index's `WHERE dims = n` must be provable at plan time.
  const dims = query.length;
  const cast = dims <= MAX_INDEXED_DIMS ? sql.raw(`::vector(${dims})`) : sql.raw('::vector');
  const q = vectorLiteral(query);
  // The plan is pinned to the HNSW scan, each candidate checked by an index probe: with PGlite's
  // statistics saying "empty" (no autovacuum), at 2,000 texts the planner chose a bitmap scan of every
  // vector and a sort (174 ms; 367 ms filtered to one system) against 21 ms through the index
  // (EXPLAIN ANALYZE, bench/test-run-semantic.mjs).
  // HNSW answers in relaxed order and approximately: the best `limit` of `candidates` re-sorted here
  // are nearer the exact answer than its first `limit` (recall@20 at 20,000 texts, one system of
  // four: 65.5% taking the first 20; bench/test-run-semantic.mjs).
  const candidates = limit * OVERFETCH;
  const rows = await withHnswSearch(
    ex,
    candidates,
    (tx) =>
      queryRows<{ id: string; score: number }>(
        tx,
        sql`SELECT v.text_hash AS id, -(v.embedding${cast} <#> ${q}${cast}) AS score
        FROM test_run_text_vectors v
        WHERE v.model = ${model} AND v.dims = ${sql.raw(String(dims))} AND ${saidInScope(sql`v.text_hash`, scope)}
        ORDER BY v.embedding${cast} <#> ${q}${cast}
        LIMIT ${candidates}`,
      ),
    { pinIndex: true },
  );
  return rows
    .map((r) => ({ id: r.id, score: Number(r.score) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

/** Texts scored per round trip without pgvector: 10,000 x 2 KiB vectors, ~20 MB in memory at most. */
const SCAN_BATCH = 10_000;

async function nearestByScan(
  ex: Executor,
  query: number[],
  model: string,
  scope: SearchScope,
  limit: number,
): Promise<{ id: string; score: number }[]> {
  const nearest = new NearestSoFar(query, limit);
  let after = '';
  for (;;) {
    // The batch's keys first, then only those encoded (as nearestChunks does, for the same reason).
    const rows = await pinnedToIndexes(ex, (tx) =>
      queryRows<{ id: string; embedding: string }>(
        tx,
        sql`SELECT t.text_hash AS id, encode(t.embedding, 'base64') AS embedding
        FROM (SELECT t.text_hash FROM test_run_search_texts t
              WHERE t.model = ${model} AND t.dims = ${query.length} AND t.text_hash > ${after}
                AND ${saidInScope(sql`t.text_hash`, scope)}
              ORDER BY t.text_hash LIMIT ${SCAN_BATCH}) batch
        JOIN test_run_search_texts t ON t.model = ${model} AND t.text_hash = batch.text_hash
        ORDER BY t.text_hash`,
      ),
    );
    nearest.add(rows);
    if (rows.length < SCAN_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  return nearest.best();
}

/**
 * The components in scope that say `texts`, in the texts' order, newest run first among those saying
 * one text (UUIDv7 ids are time-ordered), at most `limit`, each once, with the part it said first (its
 * nearest): each text reads at most `limit` of its rows from the (text_hash, run_id DESC) index,
 * however many steps repeat it.
 */
export async function componentsSaying(
  ex: Executor,
  texts: readonly { textHash: string; similarity: number }[],
  scope: SearchScope,
  limit: number,
): Promise<ComponentHit[]> {
  // The nearest texts first, a growing batch at a time, until `limit` components: a templated step's
  // text is said by dozens of runs, so the first few texts usually fill the answer, and reading up to
  // `limit` rows for each of 200 texts to sort them cost 90-320 ms at 2M steps (load 15).
  const hits: ComponentHit[] = [];
  const seen = new Set<string>();
  for (let from = 0, size = 8; from < texts.length && hits.length < limit; from += size, size *= 2) {
    const batch = texts.slice(from, from + size);
    // A component met again through a farther part still counts against the batch's limit, so the
    // loop reads on (the next batch) until `limit` distinct components.
    for (const hit of await componentsOfTexts(ex, batch, scope, limit - hits.length)) {
      const key = `${hit.componentType}:${hit.componentId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      hits.push(hit);
    }
  }
  return hits;
}

async function componentsOfTexts(
  ex: Executor,
  texts: readonly { textHash: string; similarity: number }[],
  scope: SearchScope,
  limit: number,
): Promise<ComponentHit[]> {
  const ranked = sql.join(
    texts.map((t, i) => sql`(${t.textHash}, ${i}::int)`),
    sql`, `,
  );
  // Pinned to the (text_hash, run_id DESC, component_id) index, read in order up to the limit: with
  // PGlite's "empty" statistics the planner read every component of each text and sorted them (a
  // template's step said in 10,000 runs is 10,000 rows per text), or probed every live run.
  const rows = await pinnedToIndexes(ex, (tx) =>
    queryRows<{
      rank: number;
      run_id: string;
      component_type: SearchComponentType;
      component_id: string;
      part: string;
    }>(
      tx,
      sql`SELECT n.rank, c.run_id, c.component_type, c.component_id, c.part
      FROM (VALUES ${ranked}) AS n(text_hash, rank)
      CROSS JOIN LATERAL (
        SELECT c.run_id, c.component_type, c.component_id, c.part FROM test_run_search_components c
        WHERE c.text_hash = n.text_hash AND ${inScope(scope)}
        ORDER BY c.run_id DESC NULLS LAST, c.component_id LIMIT ${limit}) c
      ORDER BY n.rank, c.run_id DESC, c.component_id
      LIMIT ${limit}`,
    ),
  );
  return rows.map((r) => ({
    runId: r.run_id,
    componentType: r.component_type,
    componentId: r.component_id,
    part: r.part,
    similarity: texts[Number(r.rank)]!.similarity,
  }));
}
