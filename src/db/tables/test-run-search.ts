// Test-run full-text search: one row per searchable component of a run (the run itself, a card, a
// step, an observation, a report, a data file) holding its weighted text-search document. Database
// triggers keep it (migration test_run_search_triggers): every insert, text change and delete of a
// component changes its row in the same statement, whoever writes it (a route, a job, an import), so
// a changed step is findable at once and no writer has to remember the index.
//
// One table rather than a generated column on each component table: the ranking groups by run_id
// without joining six tables, `component_type` filters in the same index scan, and the documents
// (kilobytes per run) never ride along with the ORM's `select()` of cards and steps.
import { customType, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { testRuns } from './test-runs.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const SEARCH_COMPONENT_TYPES = ['run', 'card', 'step', 'report', 'observation', 'data'] as const;

export const testRunSearchDocuments = pgTable(
  'test_run_search_documents',
  {
    /** The component's own id (the run's id for the run itself): ids are UUIDv7, unique across tables. */
    componentId: uuid('component_id').primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    componentType: text('component_type').$type<(typeof SEARCH_COMPONENT_TYPES)[number]>().notNull(),
    /** test_run_search_document(title, body): english (stemmed) and simple (as typed) lexemes, title A, body B. */
    document: tsvector('document').notNull(),
  },
  (t) => [
    index('test_run_search_documents_gin').using('gin', t.document),
    // The page's matches and the cascade from a run read by run.
    index('test_run_search_documents_run_idx').on(t.runId),
  ],
);

/**
 * Per run and component type, how many components hold each lexeme in their title and how many only in
 * their body, kept by a trigger on test_run_search_documents (migration test_run_search_terms). Ranking
 * a common word then reads one row per run from this key's range instead of every matching document:
 * "voltage" is in 250,585 of 2,210,000 documents at 10,000 runs, 456 MB read (bench/RESULTS.md).
 */
export const testRunSearchTerms = pgTable(
  'test_run_search_terms',
  {
    lexeme: text('lexeme').notNull(),
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    componentType: text('component_type').$type<(typeof SEARCH_COMPONENT_TYPES)[number]>().notNull(),
    nTitle: integer('n_title').notNull(),
    nBody: integer('n_body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lexeme, t.runId, t.componentType] })],
);
