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

/** The length of the vectors already stored under `model` (any document), or undefined when none is. */
export async function storedDimension(ex: Executor, model: string): Promise<number | undefined> {
  const rows = await queryRows<{ bytes: number | string }>(
    ex,
    sql`SELECT octet_length(c.embedding) AS bytes FROM document_chunks c JOIN documents d ON d.id = c.document_id
        WHERE d.embedding_model = ${model} AND c.embedding IS NOT NULL LIMIT 1`,
  );
  return rows[0] === undefined ? undefined : Number(rows[0].bytes) / 4;
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
