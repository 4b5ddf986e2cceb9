// GET /test-runs/search: what it takes and answers (spec: Test run search result, Test runs
// endpoints, Errors rule 1, Limits: `limit` default 20, max 100; `offset` default 0).
import { Type, type Static } from 'typebox';
import { Uuid } from '../../core/schemas.js';
import { pageQuery } from '../../core/pagination.js';
import { TestRunSummarySchema } from './test-runs.schemas.js';
import { SEARCH_COMPONENT_TYPES } from './search.types.js';

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 100;
/** A query longer than a paragraph is not a search; PostgreSQL parses what it is given, so bound it. */
export const MAX_QUERY = 1_000;
/** Matches listed per run, best first: a common word can match every step of a run (200 and more). */
export const MAX_MATCHES_PER_RUN = 10;
/** The marks around each matched term in `snippet`: plain text, safe to show without HTML escaping. */
export const SNIPPET_START = '«';
export const SNIPPET_STOP = '»';

const ComponentType = Type.Enum([...SEARCH_COMPONENT_TYPES]);

export const SearchQuery = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: MAX_QUERY,
      pattern: '\\S',
      description:
        'words to find; every word must occur in the run, in any of its components (stemmed: `soaking` finds `soak`; ' +
        'part numbers and tokens such as `TVAC`, `-40C`, `J3.2`, `TLV75533` as typed)',
    }),
    mode: Type.Optional(Type.Enum(['default'], { default: 'default' })),
    component_types: Type.Optional(
      Type.Array(ComponentType, {
        maxItems: SEARCH_COMPONENT_TYPES.length * 2,
        description: 'repeatable; only these components match (default: all)',
      }),
    ),
    system_id: Type.Optional(Uuid),
    created_after: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601, inclusive' })),
    created_before: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601, exclusive' })),
    has_reports: Type.Optional(Type.Boolean({ description: 'true: runs with reports; false: runs without' })),
    sort_by: Type.Optional(
      Type.Enum(['relevance', 'created_at'], {
        default: 'relevance',
        description: '`relevance`: best score first; `created_at`: newest first. Ties: run id',
      }),
    ),
    ...pageQuery(SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchMatchSchema = Type.Object({
  component_type: ComponentType,
  component_id: Uuid,
  component_title: Type.String({
    description: 'the title (run, card, step, report), the file name (data), the text start (observation)',
  }),
  path: Type.String({ description: 'where it is inside the run: `Card 2 › Step 3: Soak at -40 °C`' }),
  snippet: Type.String({
    description:
      `full text: the matching excerpt, each matched term between ${SNIPPET_START} and ` +
      `${SNIPPET_STOP}; semantic: the start of the component’s text`,
  }),
  match_type: Type.Enum(['fulltext', 'semantic']),
});
export type SearchMatch = Static<typeof SearchMatchSchema>;

export const SearchResultSchema = Type.Object({
  test_run: TestRunSummarySchema,
  score: Type.Number({
    description:
      'relevance, non-increasing down the list under `sort_by=relevance`: the reciprocal rank fusion ' +
      'of the full-text and semantic rankings (k = 60) when semantic search answered, else the ' +
      'full-text score (per word 1.0 when in a title, else 0.4, summed; + 0.01 per further component ' +
      'holding a word, up to 10)',
  }),
  matches: Type.Array(SearchMatchSchema, {
    description: `the matching components, best first, at most ${MAX_MATCHES_PER_RUN}`,
  }),
});
export type SearchResult = Static<typeof SearchResultSchema>;

export const SearchAnswerSchema = Type.Object({
  results: Type.Array(SearchResultSchema),
  total_count: Type.Integer({ minimum: 0, description: 'runs matching, not the page size' }),
});
export type SearchAnswer = Static<typeof SearchAnswerSchema>;
