// Nearest-chunk search through pgvector where the database has it (always on PGlite), and the exact
// scan where it has not: the same chunks come back either way, vectors stored before pgvector are
// copied across, and a document's vectors go with it.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.js';
import { queryRows, type Database } from '../../db/client.js';
import { attachments, documentChunks, documents, systems } from '../../db/schema.js';
import { hasChunkVectors, prepareVectorSearch } from '../../db/vector-search.js';
import { dbKind, freshDatabase } from '../../../test/helpers.js';
import { clearEmbeddings, nearestChunks, setChunkEmbeddings } from './chunk-vectors.repository.js';
import { deleteDocument } from './documents.repository.js';

const DIMS = 64;
const MODEL = 'test-model';

/** A seeded pseudo-random unit vector: the same seed gives the same vector. */
function unitVector(seed: number): number[] {
  let s = seed * 2654435761;
  const v = Array.from({ length: DIMS }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648 - 0.5;
  });
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

let database: Database;
let pgvectorOffered: boolean;

async function makeDocument(systemId: string, chunks: number, seed0: number) {
  const db = database.db;
  const attachmentId = newId();
  await db.insert(attachments).values({
    id: attachmentId,
    createdBy: 'a@example.com',
    name: 'doc.txt',
    attachmentType: 'document',
    contentType: 'text/plain',
    size: 1,
    storageKey: `k/${attachmentId}`,
  });
  const documentId = newId();
  await db.insert(documents).values({
    id: documentId,
    systemId,
    attachmentId,
    name: 'doc.txt',
    kind: 'text',
    text: '',
    content: { kind: 'text', text: '', blocks: [] } as never,
    embeddingModel: MODEL,
    createdBy: 'a@example.com',
  });
  const ids = Array.from({ length: chunks }, () => newId());
  await db.insert(documentChunks).values(
    ids.map((id, index) => ({
      id,
      documentId,
      index,
      text: `chunk ${seed0 + index}`,
      location: { line: index + 1 },
    })),
  );
  await db.transaction((tx) =>
    setChunkEmbeddings(
      tx,
      { systemId, model: MODEL },
      ids.map((id, i) => ({ id, embedding: unitVector(seed0 + i) })),
    ),
  );
  return { documentId, ids };
}

async function newSystem(): Promise<string> {
  const id = newId();
  await database.db.insert(systems).values({ id, name: `s-${id}`, createdBy: 'a@example.com' });
  return id;
}

beforeAll(async () => {
  database = await freshDatabase();
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'`,
  );
  pgvectorOffered = Number(row?.n) > 0;
});

describe('vector search', () => {
  it('uses pgvector exactly where the database offers it (always on the embedded PGlite)', async () => {
    if (dbKind() === 'pglite') expect(pgvectorOffered).toBe(true);
    expect(await hasChunkVectors(database.db)).toBe(pgvectorOffered);
    const again = await prepareVectorSearch(database.db);
    expect(again.enabled).toBe(pgvectorOffered);
    if (!again.enabled) expect(again.reason).toMatch(/pgvector/);
  });

  it('ranks a system’s chunks by cosine, best first, never another system’s', async () => {
    const mine = await newSystem();
    const other = await newSystem();
    const { ids } = await makeDocument(mine, 300, 1);
    await makeDocument(other, 300, 1); // the same vectors, in another system
    const query = unitVector(42); // chunk index 41 of both systems
    const hits = await nearestChunks(database.db, mine, query, MODEL, 5);
    expect(hits).toHaveLength(5);
    expect(hits[0]!.text).toBe('chunk 42');
    expect(hits[0]!.score).toBeCloseTo(1, 5);
    for (let i = 1; i < hits.length; i++) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
    const mineIds = new Set(ids);
    const chunkIds = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT c.id FROM document_chunks c JOIN documents d ON d.id = c.document_id WHERE d.system_id = ${mine}`,
    );
    expect(chunkIds.every((c) => mineIds.has(c.id))).toBe(true);
    expect(hits.every((h) => h.documentId !== undefined)).toBe(true);
    // Exact cosine of the best few, computed here, agrees with the ranking.
    const expected = Array.from({ length: 300 }, (_, i) => ({
      text: `chunk ${1 + i}`,
      score: unitVector(1 + i).reduce((s, x, k) => s + x * query[k]!, 0),
    }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 5);
    expect(hits.map((h) => h.text)).toEqual(expected.map((e) => e.text));
  });

  it('compares only vectors of the query’s model', async () => {
    const system = await newSystem();
    await makeDocument(system, 10, 500);
    expect(await nearestChunks(database.db, system, unitVector(500), 'another-model', 5)).toEqual([]);
  });

  it('drops a document’s vectors with the document, and on a re-embed', async () => {
    const system = await newSystem();
    const a = await makeDocument(system, 20, 1000);
    const b = await makeDocument(system, 20, 2000);
    await database.db.transaction((tx) => deleteDocument(tx, system, a.documentId));
    const afterDelete = await nearestChunks(database.db, system, unitVector(1005), MODEL, 40);
    expect(afterDelete.map((h) => h.documentId)).not.toContain(a.documentId);
    expect(afterDelete).toHaveLength(20);
    await clearEmbeddings(database.db, b.documentId);
    expect(await nearestChunks(database.db, system, unitVector(2005), MODEL, 40)).toEqual([]);
  });

  it('copies vectors stored before pgvector was there, at the next start', async () => {
    if (!pgvectorOffered) return; // nothing to copy into: the scan reads document_chunks directly
    const system = await newSystem();
    await database.db.execute(sql`DROP TABLE chunk_vectors`);
    await makeDocument(system, 30, 3000); // written without the table: bytea only
    expect(await hasChunkVectors(database.db)).toBe(false);
    expect((await prepareVectorSearch(database.db)).enabled).toBe(true);
    const [copied] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM chunk_vectors WHERE system_id = ${system}`,
    );
    expect(Number(copied!.n)).toBe(30);
    const hits = await nearestChunks(database.db, system, unitVector(3007), MODEL, 1);
    expect(hits[0]!.text).toBe('chunk 3007');
  });
});
