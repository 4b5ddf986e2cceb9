// SQL for documents and their chunks. Returns undefined when no live row matches; the service decides
// what that means. `listSystemDocuments` is the read the metagraph extractor uses.
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Chunk, Location, ReadDocument } from '../../analysis/documents/types.js';
import { queryRows, type Executor } from '../../db/client.js';
import { documentChunks, documents, type DocumentStatus } from '../../db/schema.js';
import { newId } from '../../core/ids.js';

export type DocumentRow = typeof documents.$inferSelect;
/** A document without its text and content: what lists carry. */
export type DocumentSummaryRow = Omit<DocumentRow, 'text' | 'content'>;

export async function insertDocument(ex: Executor, row: typeof documents.$inferInsert): Promise<DocumentRow> {
  return (await ex.insert(documents).values(row).returning())[0]!;
}

/** Writes a document's chunks without vectors, in statements of 500 rows (PostgreSQL's 65,535 parameters). */
export async function insertChunks(
  ex: Executor,
  documentId: string,
  chunks: readonly Chunk[],
): Promise<void> {
  for (let start = 0; start < chunks.length; start += 500) {
    const slice = chunks.slice(start, start + 500);
    await ex
      .insert(documentChunks)
      .values(
        slice.map((c) => ({ id: newId(), documentId, index: c.index, text: c.text, location: c.location })),
      );
  }
}

const summaryColumns = {
  id: documents.id,
  systemId: documents.systemId,
  attachmentId: documents.attachmentId,
  name: documents.name,
  kind: documents.kind,
  status: documents.status,
  pageCount: documents.pageCount,
  chunkCount: documents.chunkCount,
  jobRunId: documents.jobRunId,
  embeddingModel: documents.embeddingModel,
  error: documents.error,
  createdBy: documents.createdBy,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  deletedAt: documents.deletedAt,
};

export async function listDocuments(
  ex: Executor,
  systemId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: DocumentSummaryRow[]; count: number }> {
  const where = and(eq(documents.systemId, systemId), isNull(documents.deletedAt));
  const rows = await ex
    .select(summaryColumns)
    .from(documents)
    .where(where)
    .orderBy(asc(documents.createdAt), asc(documents.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = await ex.select({ n: count() }).from(documents).where(where);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

export async function findLiveDocument(
  ex: Executor,
  systemId: string,
  id: string,
): Promise<DocumentRow | undefined> {
  const rows = await ex
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.systemId, systemId), isNull(documents.deletedAt)))
    .limit(1);
  return rows[0];
}

/** The document a job works on, by id alone; undefined when deleted meanwhile. */
export async function findDocumentForJob(ex: Executor, id: string): Promise<DocumentRow | undefined> {
  const rows = await ex
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), isNull(documents.deletedAt)))
    .limit(1);
  return rows[0];
}

/** Soft-deletes the document and removes its chunks (and so their vectors). False when none was live. */
export async function deleteDocument(
  ex: Executor,
  systemId: string,
  id: string,
  at = new Date(),
): Promise<boolean> {
  const gone = await ex
    .update(documents)
    .set({ deletedAt: at, updatedAt: at })
    .where(and(eq(documents.id, id), eq(documents.systemId, systemId), isNull(documents.deletedAt)))
    .returning({ id: documents.id });
  if (gone.length === 0) return false;
  await ex.delete(documentChunks).where(eq(documentChunks.documentId, id));
  return true;
}

export async function setDocumentStatus(
  ex: Executor,
  id: string,
  change: { status: DocumentStatus; embeddingModel?: string; error?: string | null },
): Promise<void> {
  await ex
    .update(documents)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(documents.id, id));
}

/** Chunks still without a vector, in index order, `limit` at a time. */
export async function chunksToEmbed(
  ex: Executor,
  documentId: string,
  limit: number,
): Promise<{ id: string; index: number; text: string }[]> {
  return ex
    .select({ id: documentChunks.id, index: documentChunks.index, text: documentChunks.text })
    .from(documentChunks)
    .where(and(eq(documentChunks.documentId, documentId), isNull(documentChunks.embedding)))
    .orderBy(asc(documentChunks.index))
    .limit(limit);
}

export async function countChunks(
  ex: Executor,
  documentId: string,
): Promise<{ total: number; embedded: number }> {
  const rows = await ex
    .select({ total: count(), embedded: count(documentChunks.embedding) })
    .from(documentChunks)
    .where(eq(documentChunks.documentId, documentId));
  return { total: Number(rows[0]?.total ?? 0), embedded: Number(rows[0]?.embedded ?? 0) };
}

export async function setChunkEmbeddings(
  ex: Executor,
  vectors: readonly { id: string; embedding: number[] }[],
): Promise<void> {
  for (const v of vectors) {
    const bytes = new Uint8Array(Float32Array.from(v.embedding).buffer);
    await ex.update(documentChunks).set({ embedding: bytes }).where(eq(documentChunks.id, v.id));
  }
}

/** The length of the vectors already stored under `model` (any document), or undefined when none is. */
export async function storedDimension(ex: Executor, model: string): Promise<number | undefined> {
  const rows = await queryRows<{ bytes: number | string }>(
    ex,
    sql`SELECT octet_length(c.embedding) AS bytes FROM document_chunks c JOIN documents d ON d.id = c.document_id
        WHERE d.embedding_model = ${model} AND c.embedding IS NOT NULL LIMIT 1`,
  );
  return rows[0] === undefined ? undefined : Number(rows[0].bytes) / 4;
}

/** Drops every vector of a document (a re-embed with another model starts clean). */
export async function clearEmbeddings(ex: Executor, documentId: string): Promise<void> {
  await ex.update(documentChunks).set({ embedding: null }).where(eq(documentChunks.documentId, documentId));
}

export interface ChunkHit {
  documentId: string;
  documentName: string;
  index: number;
  text: string;
  location: Location;
  score: number;
}

/** Rows scored per round trip: 10,000 x 2 KiB vectors, ~20 MB in memory at most. */
const SCAN_BATCH = 10_000;

/** A vector as stored: float32 bytes, copied when the driver hands an unaligned view. */
function floats(bytes: Uint8Array): Float32Array {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Uint8Array.prototype.slice.call(bytes);
  return new Float32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
}

/**
 * The `limit` chunks of a system's live documents nearest to `query` (unit vectors: cosine is the dot
 * product), by exact scan: vectors are read in keyset batches of SCAN_BATCH and scored here, then the
 * winners' text is read. Only vectors of `model` are compared: another model's space means nothing.
 * Measured at 100,000 chunks of 512 dims (bench/nearest-chunks*.mjs, 2 shared cores): the bytea scan
 * ~2.7 s on PostgreSQL (raw read); on PGlite the base64 read took 456 ms at 20k chunks; the same dot
 * product in SQL over real[] took ~14 s on PostgreSQL and ~42 s on PGlite. Fine for a system's few thousand chunks; pgvector is not available here (PGlite 0.5 no
 * longer ships it, and this PostgreSQL has no package).
 */
export async function nearestChunks(
  ex: Executor,
  systemId: string,
  query: number[],
  model: string,
  limit: number,
): Promise<ChunkHit[]> {
  const q = Float32Array.from(query);
  const best: { id: string; score: number }[] = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // base64 text decoded natively: PGlite decodes bytea's hex in JS a byte at a time (65 s at 100k).
    const rows = await queryRows<{ id: string; embedding: string }>(
      ex,
      sql`SELECT c.id, encode(c.embedding, 'base64') AS embedding FROM document_chunks c JOIN documents d ON d.id = c.document_id
        WHERE d.system_id = ${systemId} AND d.deleted_at IS NULL AND d.embedding_model = ${model}
          AND c.embedding IS NOT NULL AND c.id > ${after}
        ORDER BY c.id LIMIT ${SCAN_BATCH}`,
    );
    for (const row of rows) {
      const v = floats(Buffer.from(row.embedding, 'base64'));
      let score = 0;
      for (let i = 0; i < v.length && i < q.length; i++) score += v[i]! * q[i]!;
      if (best.length < limit || score > best[best.length - 1]!.score) {
        best.push({ id: row.id, score });
        best.sort((a, b) => b.score - a.score);
        if (best.length > limit) best.pop();
      }
    }
    if (rows.length < SCAN_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
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
    .innerJoin(documents, eq(documents.id, documentChunks.documentId))
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

export interface SystemDocument {
  id: string;
  name: string;
  kind: DocumentRow['kind'];
  text: string;
  /** The reader's whole result: blocks, tables, netlist, json. */
  content: ReadDocument;
  createdAt: Date;
}

/**
 * A system's live documents with what the reader made of them, oldest first; `ids` narrows to those
 * (ids of other systems or deleted documents are left out). For the metagraph extractor.
 */
export async function listSystemDocuments(
  ex: Executor,
  systemId: string,
  ids?: readonly string[],
): Promise<SystemDocument[]> {
  const conditions = [eq(documents.systemId, systemId), isNull(documents.deletedAt)];
  if (ids) {
    if (ids.length === 0) return [];
    conditions.push(inArray(documents.id, [...ids]));
  }
  return ex
    .select({
      id: documents.id,
      name: documents.name,
      kind: documents.kind,
      text: documents.text,
      content: documents.content,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(and(...conditions))
    .orderBy(asc(documents.createdAt), asc(documents.id));
}

/** The chunks of one document in order (the extractor's provenance points at them). */
export async function listDocumentChunks(
  ex: Executor,
  documentId: string,
): Promise<{ id: string; index: number; text: string; location: Location }[]> {
  return ex
    .select({
      id: documentChunks.id,
      index: documentChunks.index,
      text: documentChunks.text,
      location: documentChunks.location,
    })
    .from(documentChunks)
    .where(eq(documentChunks.documentId, documentId))
    .orderBy(asc(documentChunks.index));
}

/** Live system names equal to `base` or `base (n)`, lower-cased: what a new system's name must avoid. */
export async function systemNamesLike(ex: Executor, base: string): Promise<Set<string>> {
  const lower = base.toLowerCase();
  const rows = await queryRows<{ name: string }>(
    ex,
    sql`SELECT lower(name) AS name FROM systems WHERE NOT is_deleted
      AND (lower(name) = ${lower} OR left(lower(name), ${lower.length + 2}) = ${`${lower} (`})`,
  );
  return new Set(rows.map((r) => r.name));
}

export async function setDocumentJobRun(ex: Executor, id: string, jobRunId: string): Promise<void> {
  await ex.update(documents).set({ jobRunId }).where(eq(documents.id, id));
}
