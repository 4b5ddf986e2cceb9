// Semantic search over test runs: what each component of a run (the run, its cards, steps, reports,
// observations, data files) says, embedded once per distinct text. Runs made from templates repeat
// the same step texts thousands of times (2,000,000 steps from a few thousand templates in the bench),
// so vectors are keyed by (model, hash of the text) and a component row only points at its text's hash.
//
// The float32 `bytea` here is the canonical copy on every database; where pgvector is installed (always
// on PGlite) the vectors are also in `test_run_text_vectors` with an HNSW index (db/test-run-vectors.ts).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.js';
import { testRuns } from './test-runs.js';

import { SEARCH_COMPONENT_TYPES } from './test-run-search.js';

type SearchComponentType = (typeof SEARCH_COMPONENT_TYPES)[number];

/** One vector per distinct text and model: what the embedding job computed. */
export const testRunSearchTexts = pgTable(
  'test_run_search_texts',
  {
    model: text('model').notNull(),
    /** SHA-256 of the embedded text, first 16 bytes in hex (see textHash in search-texts.ts). */
    textHash: text('text_hash').notNull(),
    dims: integer('dims').notNull(),
    /** Unit length: cosine similarity is the dot product. */
    embedding: bytea('embedding').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.textHash] }),
    // The vector cache (search-vector-cache.ts) asks on every search for the texts added in the last
    // minute: without this index that was a scan of every text of the model.
    index('test_run_search_texts_model_created_idx').on(t.model, t.createdAt),
  ],
);

/**
 * Each part with text of each live component (a step's title, description, exception...: search-texts.ts
 * PART_NAMES), pointing at its text's hash; rewritten by the job when it changes. A component is as near
 * to a query as its nearest part.
 */
export const testRunSearchComponents = pgTable(
  'test_run_search_components',
  {
    componentType: text('component_type').$type<SearchComponentType>().notNull(),
    componentId: uuid('component_id').notNull(),
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    /** The run's system, repeated so a search of one system filters without joining runs. */
    systemId: uuid('system_id').notNull(),
    /** Which part of the component the text is ('whole': all of it, as indexed before parts). */
    part: text('part').notNull(),
    textHash: text('text_hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.componentId, t.componentType, t.part] }),
    // The job compares a run's rows with what the run says now.
    index('test_run_search_components_run_idx').on(t.runId),
    // From a nearest text to its first components in answer order, newest runs first (ids are
    // time-ordered UUIDv7), read in order and stopped at the limit however many steps say the text.
    index('test_run_search_components_text_idx').on(t.textHash, t.runId.desc(), t.componentId),
    // Whether a candidate text is said by a component in scope, answered from the index alone: with
    // the filters checked on table rows, a text said by 50 components cost 50 row reads per candidate,
    // and a search of one system's reports (0.75% of 100,000) took 513 ms p50 (bench/test-run-semantic.mjs).
    index('test_run_search_components_scope_idx').on(t.textHash, t.systemId, t.componentType),
    // The runs still indexed as whole components (before parts), for the start to queue their
    // re-indexing (requestIndexingOfWholeComponents): empty once they are, and never written after.
    index('test_run_search_components_whole_idx')
      .on(t.runId)
      .where(sql`part = 'whole'`),
  ],
);

/**
 * Per run: the job that indexes it (one per run, made at its first write) and the run of that job
 * still waiting to be claimed, if any. A write finding that run still pending enqueues nothing: a
 * burst of writes to one run is one embedding run (search-index-queue.repository.ts).
 */
export const testRunSearchState = pgTable('test_run_search_state', {
  runId: uuid('run_id')
    .primaryKey()
    .references(() => testRuns.id, { onDelete: 'cascade' }),
  jobId: uuid('job_id').notNull(),
  pendingJobRunId: uuid('pending_job_run_id'),
});
