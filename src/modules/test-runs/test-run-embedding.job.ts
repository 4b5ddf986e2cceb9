// The test_run_embedding job: brings one run's semantic index up to date. Enqueued by the writes below
// the run (search-index-queue.repository.ts), never run on the request path.
//
// It compares what the run's components say now with what is indexed, rewrites the components whose
// text changed (and drops those gone), then embeds only the texts that have no vector of this model
// yet: texts repeat across runs made from one template, and a text is embedded once for all of them.
// Safe to repeat: a second run finds nothing changed and nothing to embed. A deleted run's components
// are removed (its deletion already removed them; this covers a run deleted in between).
import { Type } from 'typebox';
import type { Embedder } from '../../analysis/embeddings.js';
import { hasTestRunVectors } from '../../db/test-run-vectors.js';
import { addMissingHnswIndex } from '../../db/vector-search.js';
import type { JobType } from '../../jobs/registry.js';
import { EMBED_BATCH } from '../documents/document-embedding.job.js';
import * as index from './search-index.repository.js';
import { TEST_RUN_EMBEDDING, TEST_RUN_EMBEDDING_ATTEMPTS } from './search-index-queue.repository.js';
import { componentChanges, componentTexts } from './search-texts.js';

export { TEST_RUN_EMBEDDING } from './search-index-queue.repository.js';

const configSchema = Type.Object(
  {
    job_type: Type.Literal(TEST_RUN_EMBEDDING),
    test_run_id: Type.String({ format: 'uuid', description: 'the test run whose components to index' }),
  },
  { additionalProperties: false },
);

export function testRunEmbeddingJob(embedder: Embedder): JobType<typeof configSchema> {
  return {
    jobType: TEST_RUN_EMBEDDING,
    displayName: 'Index a test run for search',
    description:
      'Embeds the changed texts of one test run (run, cards, steps, reports, observations, data file names) for semantic search.',
    userFacingDescription: 'Makes a test run findable by meaning. Started by each change to the run.',
    configSchema,
    creatableOnUi: false,
    creatableByAgent: false,
    visibleOnUi: true,
    maxAttempts: TEST_RUN_EMBEDDING_ATTEMPTS,
    timeLimitSeconds: 3600,
    async handler(ctx) {
      const runId = ctx.config.test_run_id;
      await index.awaitRunWriters(ctx.db, runId);
      const run = await index.readRunParts(ctx.db, runId);
      if (!run) {
        await index.forgetRun(ctx.db, runId);
        await ctx.progress(100, 'the test run was deleted: nothing to index');
        return;
      }
      const wanted = componentTexts(run.components);
      const { upserts, removals, releasedHashes } = componentChanges(
        wanted,
        await index.indexedComponents(ctx.db, runId),
      );
      await ctx.db.transaction((tx) =>
        index.applyComponentChanges(tx, { runId, systemId: run.systemId }, upserts, removals),
      );
      await index.dropUnusedTexts(ctx.db, releasedHashes);

      const textOf = new Map(wanted.map((c) => [c.textHash, c.text]));
      const missing = await index.hashesToEmbed(ctx.db, embedder.model, [...textOf.keys()]);
      // One model, one vector length: vectors of another length would compare as nothing.
      let dims = await index.storedDimension(ctx.db, embedder.model);
      for (let done = 0; done < missing.length; done += EMBED_BATCH) {
        ctx.signal.throwIfAborted();
        const batch = missing.slice(done, done + EMBED_BATCH);
        const vectors = await embedder.embed(
          batch.map((h) => textOf.get(h)!),
          ctx.signal,
        );
        const got = vectors[0]?.length;
        if (dims !== undefined && got !== dims) {
          throw new Error(
            `the embeddings answered vectors of ${got} dimensions; those stored for ${embedder.model} have ${dims}`,
          );
        }
        if (done === 0 && got !== undefined && (await hasTestRunVectors(ctx.db))) {
          await addMissingHnswIndex(ctx.db, got, 'test_run_text_vectors');
        }
        dims = got;
        await ctx.db.transaction((tx) =>
          index.insertTextVectors(
            tx,
            embedder.model,
            batch.map((textHash, i) => ({ textHash, embedding: vectors[i]! })),
          ),
        );
        const embedded = Math.min(done + EMBED_BATCH, missing.length);
        await ctx.progress(
          (embedded / missing.length) * 100,
          `${embedded} of ${missing.length} new texts embedded`,
        );
      }
      if (missing.length === 0) await ctx.progress(100, `${wanted.length} components, no new text to embed`);
    },
  };
}
