// After the embedding model changes (HWA_EMBEDDINGS_* set, unset or pointed at another model), a
// document's vectors are of the old space, and a search embeds its query in the new one: such a
// document is no longer found by meaning at all. At start the server queues one more run of each
// such document's own embedding job, which drops the old vectors and embeds again
// (document-embedding.job.ts). A run already waiting is enough, so a restart queues nothing twice.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import { DOCUMENT_EMBEDDING, DOCUMENT_EMBEDDING_ATTEMPTS } from './document-embedding.job.js';

/** Queues the re-embedding of every live document embedded by another model; answers how many. */
export async function requestReembeddingOfDocuments(db: Db, model: string): Promise<number> {
  const stale = await queryRows<{ id: string; job_id: string; job_name: string; created_by: string }>(
    db,
    sql`SELECT d.id, j.id AS job_id, j.name AS job_name, d.created_by
          FROM documents d
          JOIN job_runs first ON first.id = d.job_run_id
          JOIN jobs j ON j.id = first.job_id
         WHERE d.deleted_at IS NULL AND d.embedding_model IS NOT NULL AND d.embedding_model <> ${model}
           AND NOT EXISTS (SELECT 1 FROM job_runs w WHERE w.job_id = j.id AND w.status = 'pending')
         ORDER BY d.id`,
  );
  if (stale.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const d of stale) {
      await enqueue(tx, {
        jobId: d.job_id,
        jobType: DOCUMENT_EMBEDDING,
        jobName: d.job_name,
        config: { job_type: DOCUMENT_EMBEDDING, document_id: d.id },
        createdBy: d.created_by,
        maxAttempts: DOCUMENT_EMBEDDING_ATTEMPTS,
      });
    }
  });
  return stale.length;
}
