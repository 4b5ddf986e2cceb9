// pgvector's copy of the test-run search vectors (test_run_search_texts holds the canonical float32
// bytes on every database). Made beside chunk_vectors when the server offers pgvector (always on
// PGlite), outside the drizzle schema for the same reason (vector-search.ts): whether it can exist
// depends on the server. Vectors embedded before pgvector was installed are copied across at start.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from './client.js';
import { floatsOf, vectorLiteral } from './vector-search.js';

const BACKFILL_BATCH = 500;

/** True when `test_run_text_vectors` exists (pgvector is installed in this database). */
export async function hasTestRunVectors(ex: Executor): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(
    ex,
    sql`SELECT to_regclass('test_run_text_vectors') IS NOT NULL AS present`,
  );
  return row?.present === true;
}

/** Creates the table (pgvector is already created) and copies vectors stored without it. */
export async function prepareTestRunVectors(ex: Executor): Promise<void> {
  await ex.execute(sql`CREATE TABLE IF NOT EXISTS test_run_text_vectors (
    model text NOT NULL,
    text_hash text NOT NULL,
    dims integer NOT NULL,
    embedding vector NOT NULL,
    PRIMARY KEY (model, text_hash)
  )`);
  for (;;) {
    const rows = await queryRows<{ model: string; text_hash: string; embedding: string }>(
      ex,
      sql`SELECT t.model, t.text_hash, encode(t.embedding, 'base64') AS embedding
        FROM test_run_search_texts t
        WHERE NOT EXISTS (SELECT 1 FROM test_run_text_vectors v
                          WHERE v.model = t.model AND v.text_hash = t.text_hash)
        LIMIT ${BACKFILL_BATCH}`,
    );
    if (rows.length === 0) return;
    await insertTestRunVectors(
      ex,
      rows.map((r) => ({
        model: r.model,
        textHash: r.text_hash,
        embedding: Array.from(floatsOf(Buffer.from(r.embedding, 'base64'))),
      })),
    );
  }
}

export interface TextVector {
  model: string;
  textHash: string;
  embedding: number[];
}

/** Adds vectors; one already there (two jobs embedding the same text) is kept: same text, same vector. */
export async function insertTestRunVectors(ex: Executor, vectors: readonly TextVector[]): Promise<void> {
  if (vectors.length === 0) return;
  const values = sql.join(
    vectors.map(
      (v) => sql`(${v.model}, ${v.textHash}, ${v.embedding.length}, ${vectorLiteral(v.embedding)}::vector)`,
    ),
    sql`, `,
  );
  await ex.execute(sql`INSERT INTO test_run_text_vectors (model, text_hash, dims, embedding) VALUES ${values}
    ON CONFLICT (model, text_hash) DO NOTHING`);
}
