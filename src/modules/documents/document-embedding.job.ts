// The document_embedding job: embeds one stored document's chunks and marks it `embedded`. Its run id
// is the upload answer's `job_run_id` for the file.
//
// Safe to repeat: it embeds only chunks whose vector is still null, a batch at a time, each batch's
// vectors written in one transaction before the checkpoint; a crash, a pause or a retry resumes with
// the chunks not yet written, and a second full run finds nothing to do and only re-marks the document.
// Vectors of another model (HWA_EMBEDDINGS_* changed since) are dropped first: spaces never mix.
// The signal is checked before each batch and passed to the endpoint call, so a cancel stops within one
// batch (~0.5 s with the built-in model).
import { Type } from 'typebox';
import type { Embedder } from '../../analysis/embeddings.js';
import { TransientJobError, type JobType } from '../../jobs/registry.js';
import * as vectors from './chunk-vectors.repository.js';
import * as repo from './documents.repository.js';

export const DOCUMENT_EMBEDDING = 'document_embedding';
/** Chunks per embed call: 32 x ~1,000 characters keeps one built-in call under ~0.5 s. */
export const EMBED_BATCH = 32;
export const DOCUMENT_EMBEDDING_ATTEMPTS = 3;

const configSchema = Type.Object(
  {
    job_type: Type.Literal(DOCUMENT_EMBEDDING),
    document_id: Type.String({ format: 'uuid', description: 'the document whose chunks to embed' }),
  },
  { additionalProperties: false },
);

export function documentEmbeddingJob(embedder: Embedder): JobType<typeof configSchema> {
  return {
    jobType: DOCUMENT_EMBEDDING,
    displayName: 'Embed a document',
    description: 'Embeds the chunks of one uploaded document for semantic search, in checkpointed batches.',
    userFacingDescription: 'Makes an uploaded document searchable by meaning. Started by each upload.',
    configSchema,
    creatableOnUi: false,
    creatableByAgent: false,
    visibleOnUi: true,
    maxAttempts: DOCUMENT_EMBEDDING_ATTEMPTS,
    timeLimitSeconds: 6 * 3600,
    async handler(ctx) {
      const documentId = ctx.config.document_id;
      const document = await repo.findDocumentForJob(ctx.db, documentId);
      if (!document) {
        await ctx.progress(100, 'the document was deleted: nothing to embed');
        return;
      }
      if (document.embeddingModel !== null && document.embeddingModel !== embedder.model) {
        await vectors.clearEmbeddings(ctx.db, documentId);
      }
      await repo.setDocumentStatus(ctx.db, documentId, { status: 'pending', embeddingModel: embedder.model });
      let indexed = false;
      try {
        // One model, one vector length: an endpoint that changes it (another model behind the same
        // name) would make every comparison with the stored vectors meaningless, so the run fails.
        let dims = await repo.storedDimension(ctx.db, embedder.model);
        for (;;) {
          ctx.signal.throwIfAborted();
          const batch = await repo.chunksToEmbed(ctx.db, documentId, EMBED_BATCH);
          if (batch.length === 0) break;
          const batchVectors = await embedder.embed(
            batch.map((c) => c.text),
            ctx.signal,
          );
          const got = batchVectors[0]?.length;
          if (dims !== undefined && got !== dims) {
            throw new Error(
              `the embeddings answered vectors of ${got} dimensions; those stored for ${embedder.model} have ${dims}`,
            );
          }
          dims = got;
          if (!indexed && got !== undefined) {
            await vectors.ensureVectorIndex(ctx.db, got);
            indexed = true;
          }
          await ctx.db.transaction((tx) =>
            vectors.setChunkEmbeddings(
              tx,
              { systemId: document.systemId, model: embedder.model },
              batch.map((c, i) => ({ id: c.id, embedding: batchVectors[i]! })),
            ),
          );
          const { total, embedded } = await repo.countChunks(ctx.db, documentId);
          await ctx.progress(
            (embedded / Math.max(total, 1)) * 100,
            `${embedded} of ${total} chunks embedded`,
          );
          await ctx.checkpoint({ embedded });
        }
      } catch (err) {
        // Failed for good unless the queue tries again (only a TransientJobError with attempts left).
        const retried = err instanceof TransientJobError && ctx.run.attempt < DOCUMENT_EMBEDDING_ATTEMPTS;
        if (!ctx.signal.aborted && !retried) {
          await repo.setDocumentStatus(ctx.db, documentId, {
            status: 'failed',
            error: err instanceof Error ? err.message.slice(0, 1000) : String(err),
          });
        }
        throw err;
      }
      await repo.setDocumentStatus(ctx.db, documentId, { status: 'embedded', error: null });
    },
  };
}
