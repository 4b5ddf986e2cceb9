// After the embedding model changes, the server queues one more run of each document's own
// embedding job for what the old model embedded (a search embeds its query in the new space, where
// the old vectors mean nothing). No worker runs here (HWA_WORKER_CONCURRENCY=0), so the queue is read
// as the start-up left it. Runs on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { multipart } from '../../../test/multipart.js';
import { BUILTIN_EMBEDDING_MODEL } from '../../analysis/embeddings.js';
import { queryRows } from '../../db/client.js';
import type { UploadResult } from './documents.schemas.js';
import { requestReembeddingOfDocuments } from './reembed.repository.js';

let ctx: TestContext;
let ann: TestUser;

beforeAll(async () => {
  ctx = await testApp({ env: { HWA_WORKER_CONCURRENCY: '0' } });
  ann = await ctx.newUser();
});

/** Uploads `name` and leaves it as if `model` had embedded it (its upload run completed). */
async function embeddedBy(name: string, model: string): Promise<{ documentId: string; jobId: string }> {
  const body = multipart([
    { name, body: `# ${name}\n\nThe buck regulator supplies the radio.`, field: 'file' },
  ]);
  const answer = ok(
    await ann.call<UploadResult>('POST', '/systems/upload_document', undefined, {
      raw: body.payload,
      headers: body.headers,
    }),
    201,
  );
  const runId = answer.results[0]!.job_run_id!;
  const [row] = await queryRows<{ document_id: string; job_id: string }>(
    ctx.database.db,
    sql`UPDATE job_runs SET status = 'completed', finished_at = now() WHERE id = ${runId}
        RETURNING config->>'document_id' AS document_id, job_id`,
  );
  await ctx.database.db.execute(
    sql`UPDATE documents SET status = 'embedded', embedding_model = ${model} WHERE id = ${row!.document_id}`,
  );
  return { documentId: row!.document_id, jobId: row!.job_id };
}

const pendingRuns = (jobId: string) =>
  queryRows<{ config: { document_id: string } }>(
    ctx.database.db,
    sql`SELECT config FROM job_runs WHERE job_id = ${jobId} AND status = 'pending'`,
  );

describe('re-embedding after the embedding model changed', () => {
  it("queues each live document of another model once, on its own job; not the current model's, nor a deleted one", async () => {
    const old = await embeddedBy('old-space.md', 'openai:retired-model');
    const current = await embeddedBy('current.md', BUILTIN_EMBEDDING_MODEL);
    const deleted = await embeddedBy('deleted.md', 'openai:retired-model');
    await ctx.database.db.execute(
      sql`UPDATE documents SET deleted_at = now() WHERE id = ${deleted.documentId}`,
    );

    expect(await requestReembeddingOfDocuments(ctx.database.db, BUILTIN_EMBEDDING_MODEL)).toBe(1);
    expect(await pendingRuns(old.jobId)).toEqual([
      { config: { job_type: 'document_embedding', document_id: old.documentId } },
    ]);
    expect(await pendingRuns(current.jobId)).toEqual([]);
    expect(await pendingRuns(deleted.jobId)).toEqual([]);

    // A restart before a worker took it: the waiting run is enough.
    expect(await requestReembeddingOfDocuments(ctx.database.db, BUILTIN_EMBEDDING_MODEL)).toBe(0);
    expect(await pendingRuns(old.jobId)).toHaveLength(1);
    // Back on the old model, the other document is the stale one.
    expect(await requestReembeddingOfDocuments(ctx.database.db, 'openai:retired-model')).toBe(1);
    expect(await pendingRuns(current.jobId)).toHaveLength(1);
  });
});
