// pgvector where the database can have it. The embedded PGlite always can (the extension ships as the
// @electric-sql/pglite-pgvector package, loaded in client.ts); a PostgreSQL server can when pgvector
// is installed there and our role may create it. Where it cannot, documents are still searchable: the
// chunk vectors (float32 `bytea` in document_chunks, the canonical copy) are scanned exactly instead.
//
// Not a drizzle migration, because whether it can happen depends on the server, not on the schema:
// a team that installs pgvector later gets it at the next start, with the vectors already stored
// copied across (backfillChunkVectors). The `chunk_vectors` table is outside the drizzle schema and
// only vector-search code reads it.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from './client.js';
import { prepareTestRunVectors } from './test-run-vectors.js';

/** Rows copied per statement when vectors stored before pgvector are backfilled. */
const BACKFILL_BATCH = 500;
/** pgvector's HNSW index takes `vector` columns of up to 2,000 dimensions. */
export const MAX_INDEXED_DIMS = 2000;

/** True when the `chunk_vectors` table exists (pgvector is installed in this database). */
export async function hasChunkVectors(ex: Executor): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(
    ex,
    sql`SELECT to_regclass('chunk_vectors') IS NOT NULL AS present`,
  );
  return row?.present === true;
}

/**
 * Creates pgvector and the chunk_vectors table when the server offers the extension, and copies vectors
 * stored without it. Returns whether vector search is on. Run under the migration lock.
 */
export async function prepareVectorSearch(ex: Executor): Promise<{ enabled: boolean; reason?: string }> {
  const [offered] = await queryRows<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'`,
  );
  if (!offered || Number(offered.n) === 0) {
    return { enabled: false, reason: 'pgvector is not installed on this database server' };
  }
  try {
    await ex.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
  } catch (err) {
    return { enabled: false, reason: `CREATE EXTENSION vector failed: ${(err as Error).message}` };
  }
  await ex.execute(sql`CREATE TABLE IF NOT EXISTS chunk_vectors (
    chunk_id uuid PRIMARY KEY REFERENCES document_chunks(id) ON DELETE CASCADE,
    system_id uuid NOT NULL,
    model text NOT NULL,
    dims integer NOT NULL,
    embedding vector NOT NULL
  )`);
  await ex.execute(
    sql`CREATE INDEX IF NOT EXISTS chunk_vectors_system_idx ON chunk_vectors (system_id, model, dims)`,
  );
  await backfillChunkVectors(ex);
  await prepareTestRunVectors(ex);
  return { enabled: true };
}

/** Copies vectors that are in document_chunks but not yet in chunk_vectors, a batch at a time. */
async function backfillChunkVectors(ex: Executor): Promise<void> {
  for (;;) {
    const rows = await queryRows<{ id: string; system_id: string; model: string; embedding: string }>(
      ex,
      sql`SELECT c.id, d.system_id, d.embedding_model AS model, encode(c.embedding, 'base64') AS embedding
        FROM document_chunks c JOIN documents d ON d.id = c.document_id
        WHERE c.embedding IS NOT NULL AND d.embedding_model IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id)
        LIMIT ${BACKFILL_BATCH}`,
    );
    if (rows.length === 0) return;
    await insertChunkVectors(
      ex,
      rows.map((r) => ({
        chunkId: r.id,
        systemId: r.system_id,
        model: r.model,
        embedding: Array.from(floatsOf(Buffer.from(r.embedding, 'base64'))),
      })),
    );
  }
}

/** A vector as stored in document_chunks: float32 bytes, copied when the view is unaligned. */
export function floatsOf(bytes: Uint8Array): Float32Array {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Uint8Array.prototype.slice.call(bytes);
  return new Float32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
}

/** pgvector's text form: `[0.1,0.2,…]`. */
export const vectorLiteral = (v: ArrayLike<number>): string => `[${Array.from(v).join(',')}]`;

export interface ChunkVector {
  chunkId: string;
  systemId: string;
  model: string;
  embedding: number[];
}

/** Upserts vectors (a re-embed replaces them) and makes sure their dimension has an HNSW index. */
export async function insertChunkVectors(ex: Executor, vectors: readonly ChunkVector[]): Promise<void> {
  if (vectors.length === 0) return;
  const values = sql.join(
    vectors.map(
      (v) =>
        sql`(${v.chunkId}::uuid, ${v.systemId}::uuid, ${v.model}, ${v.embedding.length}, ${vectorLiteral(v.embedding)}::vector)`,
    ),
    sql`, `,
  );
  await ex.execute(sql`INSERT INTO chunk_vectors (chunk_id, system_id, model, dims, embedding) VALUES ${values}
    ON CONFLICT (chunk_id) DO UPDATE SET system_id = EXCLUDED.system_id, model = EXCLUDED.model,
      dims = EXCLUDED.dims, embedding = EXCLUDED.embedding`);
}

/** The tables whose `embedding vector` column gets HNSW indexes (their names make the index names). */
export type VectorTable = 'chunk_vectors' | 'test_run_text_vectors';

/**
 * The HNSW index for vectors of `dims` dimensions (one per dimension, partial, because an index needs a
 * fixed-size `vector(n)`). Inner product: the vectors are unit length, so it orders as cosine does.
 */
export async function ensureHnswIndex(
  ex: Executor,
  dims: number,
  table: VectorTable = 'chunk_vectors',
): Promise<void> {
  if (!Number.isInteger(dims) || dims < 1 || dims > MAX_INDEXED_DIMS) return;
  await ex.execute(
    sql.raw(`CREATE INDEX IF NOT EXISTS ${table}_hnsw_${dims} ON ${table}
      USING hnsw ((embedding::vector(${dims})) vector_ip_ops) WHERE dims = ${dims}`),
  );
}

/**
 * Adds the HNSW index for `dims` when it is missing, outside any transaction: creating it locks the
 * table against writes for a moment, so it is done once. Two jobs creating it at once is harmless (the
 * loser's error is ignored; search is right without it).
 */
export async function addMissingHnswIndex(ex: Executor, dims: number, table: VectorTable): Promise<void> {
  const [row] = await queryRows<{ present: boolean }>(
    ex,
    sql`SELECT to_regclass(${`${table}_hnsw_${Math.trunc(dims)}`}) IS NOT NULL AS present`,
  );
  if (row?.present) return;
  await ensureHnswIndex(ex, dims, table).catch(() => undefined);
}

/**
 * Runs `search` in a transaction set up for a filtered HNSW query: an index scan with a filter can run
 * out of candidates before it has `limit` rows that pass; iterative scans (pgvector 0.8) keep reading
 * until it has them, in relaxed order (callers re-sort). `pinIndex` also turns off the plans that
 * compete with the index scan (sequential and bitmap scans, sorts), for a query whose plan must not
 * depend on statistics: PGlite has no autovacuum, so they may say "empty table" at any size.
 */
export function withHnswSearch<T>(
  ex: Executor,
  limit: number,
  search: (tx: Executor) => Promise<T>,
  options: { pinIndex?: boolean } = {},
): Promise<T> {
  const efSearch = String(Math.max(100, Math.min(1000, limit * 2)));
  const pinned = options.pinIndex
    ? sql`, set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
        set_config('enable_sort', 'off', true)`
    : sql``;
  return ex.transaction(async (tx) => {
    // One round trip for every setting, each local to this transaction.
    await tx.execute(sql`SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true),
      set_config('hnsw.ef_search', ${efSearch}, true)${pinned}`);
    return search(tx);
  });
}

/**
 * The exact nearest neighbours without pgvector: vectors (float32 bytea, base64 because PGlite decodes
 * bytea's hex in JS a byte at a time, 65 s at 100k) are scored here batch by batch, keeping the best
 * `limit` so far. Memory stays at one batch.
 */
export class NearestSoFar {
  private readonly q: Float32Array;
  private readonly kept: { id: string; score: number }[] = [];

  constructor(
    query: readonly number[],
    private readonly limit: number,
  ) {
    this.q = Float32Array.from(query);
  }

  add(rows: readonly { id: string; embedding: string }[]): void {
    const { q, kept, limit } = this;
    for (const row of rows) {
      const v = floatsOf(Buffer.from(row.embedding, 'base64'));
      let score = 0;
      for (let i = 0; i < v.length && i < q.length; i++) score += v[i]! * q[i]!;
      if (kept.length < limit || score > kept[kept.length - 1]!.score) {
        kept.push({ id: row.id, score });
        kept.sort((a, b) => b.score - a.score);
        if (kept.length > limit) kept.pop();
      }
    }
  }

  /** The best so far, most similar first. */
  best(): { id: string; score: number }[] {
    return [...this.kept];
  }
}
