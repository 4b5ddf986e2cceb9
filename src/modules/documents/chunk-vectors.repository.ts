// SQL for chunk vectors: writing them and finding a system's chunks nearest to a query vector.
// document_chunks.embedding (float32 bytea) is the canonical copy on every database; where pgvector is
// installed (always on PGlite, see db/vector-search.ts) the vectors are also in chunk_vectors with an
// HNSW index, and search asks the index instead of scanning.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Location } from '../../analysis/documents/types.js';
import { queryRows, type Executor } from '../../db/client.js';
import { documentChunks, documents } from '../../db/schema.js';
import {
  addMissingHnswIndex,
  hasChunkVectors,
  insertChunkVectors,
  MAX_INDEXED_DIMS,
  NearestSoFar,
  vectorLiteral,
  withHnswSearch,
} from '../../db/vector-search.js';

export interface ChunkHit {
  documentId: string;
  documentName: string;
  index: number;
  text: string;
  location: Location;
  score: number;
}

/** Writes a batch of a document's vectors (one transaction, the caller's). */
export async function setChunkEmbeddings(
  ex: Executor,
  owner: { systemId: string; model: string },
  vectors: readonly { id: string; embedding: number[] }[],
): Promise<void> {
  for (const v of vectors) {
    const bytes = new Uint8Array(Float32Array.from(v.embedding).buffer);
    await ex.update(documentChunks).set({ embedding: bytes }).where(eq(documentChunks.id, v.id));
  }
  if (await hasChunkVectors(ex)) {
    await insertChunkVectors(
      ex,
      vectors.map((v) => ({
        chunkId: v.id,
        systemId: owner.systemId,
        model: owner.model,
        embedding: v.embedding,
      })),
    );
  }
}

/** Makes sure vectors of `dims` dimensions have their HNSW index (addMissingHnswIndex). */
export async function ensureVectorIndex(ex: Executor, dims: number): Promise<void> {
  if (await hasChunkVectors(ex)) await addMissingHnswIndex(ex, dims, 'chunk_vectors');
}

/** Drops every vector of a document (a re-embed with another model starts clean). */
export async function clearEmbeddings(ex: Executor, documentId: string): Promise<void> {
  await ex.update(documentChunks).set({ embedding: null }).where(eq(documentChunks.documentId, documentId));
  if (await hasChunkVectors(ex)) {
    await ex.execute(
      sql`DELETE FROM chunk_vectors WHERE chunk_id IN (SELECT id FROM document_chunks WHERE document_id = ${documentId})`,
    );
  }
}

/**
 * The `limit` chunks of a system's live documents nearest to `query` (unit vectors: cosine is the dot
 * product). Only vectors of `model` are compared: another model's space means nothing. With pgvector
 * the database ranks them (HNSW: approximate, see nearestByIndex); without, an exact scan here.
 */
export async function nearestChunks(
  ex: Executor,
  systemId: string,
  query: number[],
  model: string,
  limit: number,
): Promise<ChunkHit[]> {
  const best = (await hasChunkVectors(ex))
    ? await nearestByIndex(ex, systemId, query, model, limit)
    : await nearestByScan(ex, systemId, query, model, limit);
  return withText(ex, best);
}

/**
 * pgvector: ORDER BY inner product LIMIT n, which the planner serves from the HNSW index of the query's
 * dimension when the system's chunks are many (else an exact sequential scan, which is then cheap),
 * reading on until it has `limit` of this system's chunks (withHnswSearch), re-sorted here.
 */
async function nearestByIndex(
  ex: Executor,
  systemId: string,
  query: number[],
  model: string,
  limit: number,
): Promise<{ id: string; score: number }[]> {
  // A literal, not a parameter: the partial index's `WHERE dims = n` must be provable at plan time.
  const dims = query.length;
  const cast = dims <= MAX_INDEXED_DIMS ? sql.raw(`::vector(${dims})`) : sql.raw('::vector');
  const q = vectorLiteral(query);
  const rows = await withHnswSearch(ex, limit, (tx) =>
    queryRows<{ id: string; score: number }>(
      tx,
      sql`SELECT v.chunk_id AS id, -(v.embedding${cast} <#> ${q}${cast}) AS score
        FROM chunk_vectors v
        WHERE v.system_id = ${systemId} AND v.model = ${model} AND v.dims = ${sql.raw(String(dims))}
        ORDER BY v.embedding${cast} <#> ${q}${cast}
        LIMIT ${limit}`,
    ),
  );
  return rows.map((r) => ({ id: r.id, score: Number(r.score) })).sort((a, b) => b.score - a.score);
}

/** Rows scored per round trip of the exact scan: 10,000 x 2 KiB vectors, ~20 MB in memory at most. */
const SCAN_BATCH = 10_000;

/**
 * Without pgvector: vectors read in keyset batches of SCAN_BATCH and scored here (NearestSoFar).
 * Measured at 100,000 chunks of 512 dims (bench/nearest-chunks*.mjs, 2 shared cores): ~2.7 s on
 * PostgreSQL; the same dot product in SQL over real[] took ~14 s.
 */
async function nearestByScan(
  ex: Executor,
  systemId: string,
  query: number[],
  model: string,
  limit: number,
): Promise<{ id: string; score: number }[]> {
  const nearest = new NearestSoFar(query, limit);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await queryRows<{ id: string; embedding: string }>(
      ex,
      // The batch's ids first, then only those encoded: with the encode in the same SELECT as the
      // ORDER BY, PostgreSQL base64-encoded every remaining vector before sorting (EXPLAIN at 100k: 8.7 s
      // and 273 MB spilled per batch, against 1.7 s this way; bench/RESULTS.md, documents search).
      sql`SELECT c.id, encode(c.embedding, 'base64') AS embedding
        FROM (SELECT c.id FROM document_chunks c JOIN documents d ON d.id = c.document_id
              WHERE d.system_id = ${systemId} AND d.deleted_at IS NULL AND d.embedding_model = ${model}
                AND c.embedding IS NOT NULL AND c.id > ${after}
              ORDER BY c.id LIMIT ${SCAN_BATCH}) batch
        JOIN document_chunks c ON c.id = batch.id
        ORDER BY c.id`,
    );
    nearest.add(rows);
    if (rows.length < SCAN_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  return nearest.best();
}

/** The winners' text, document and place, in the winners' order. */
async function withText(ex: Executor, best: { id: string; score: number }[]): Promise<ChunkHit[]> {
  if (best.length === 0) return [];
  const texts = await ex
    .select({
      id: documentChunks.id,
      documentId: documentChunks.documentId,
      documentName: documents.name,
      index: documentChunks.index,
      text: documentChunks.text,
      location: documentChunks.location,
    })
    .from(documentChunks)
    .innerJoin(
      documents,
      and(eq(documents.id, documentChunks.documentId), sql`${documents.deletedAt} IS NULL`),
    )
    .where(
      inArray(
        documentChunks.id,
        best.map((b) => b.id),
      ),
    );
  const byId = new Map(texts.map((t) => [t.id, t]));
  return best.flatMap((b) => {
    const t = byId.get(b.id);
    return t
      ? [
          {
            documentId: t.documentId,
            documentName: t.documentName,
            index: t.index,
            text: t.text,
            location: t.location,
            score: b.score,
          },
        ]
      : [];
  });
}
