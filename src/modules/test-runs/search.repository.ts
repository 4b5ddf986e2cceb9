// Test-run search, SQL only. Runs are found and ranked from per-run term counts
// (test_run_search_terms: one row per run and lexeme), so a common word costs one index range of at
// most one row per run; a run matches when it holds every word of the query, in any of its components.
// The page's matches, titles, paths and snippets come from the components' own documents
// (test_run_search_documents) of those 20-100 runs only. Both tables are kept by triggers.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { conditions, type RunFilter } from './test-runs-list.repository.js';
import type { SearchComponentType } from './search.types.js';

export type SearchFilter = Omit<RunFilter, 'limit' | 'offset'> & { componentTypes?: SearchComponentType[] };

/**
 * The query from both configurations, as the documents hold both: english stems (`soaking` finds
 * `soak`, stop words dropped), simple keeps every token as typed. Either may match.
 */
const tsQuery = (q: string): SQL =>
  sql`(plainto_tsquery('english', ${q}) || plainto_tsquery('simple', ${q}))`;

/** A component matches when it holds any word of the query (the run holds them all). */
const anyWord = (q: string): SQL => sql`replace((${tsQuery(q)})::text, ' & ', ' | ')::tsquery`;

const typeFilter = (alias: string, types: SearchComponentType[] | undefined): SQL =>
  types && types.length > 0
    ? sql`AND ${sql.raw(alias)}.component_type IN (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql``;

/**
 * The words of the query, each as its english lexeme (the stem: `soaking` is `soak`); english stop
 * words are no words (as `the`, `at`). The documents hold each token both stemmed and as typed, so a
 * component holding the typed form holds the stem too: the stem's counts cover the typed form's, and
 * ranking reads the stem's rows alone (half the rows of reading both, for the same scores).
 */
const words = (q: string): SQL =>
  sql`SELECT p AS word, min(x.lexeme) FILTER (WHERE x.en) AS lexeme
        FROM (SELECT u.lexeme, u.positions, true AS en FROM unnest(to_tsvector('english', ${q})) u
              UNION ALL
              SELECT u.lexeme, u.positions, false FROM unnest(to_tsvector('simple', ${q})) u) x,
             unnest(x.positions) p
       GROUP BY p HAVING bool_or(x.en)`;

/** The query's words, each as its english lexeme; none for a query of stop words and punctuation. */
async function wordsOf(ex: Executor, q: string): Promise<string[]> {
  const rows = await queryRows<{ lexeme: string }>(ex, sql`SELECT lexeme FROM (${words(q)}) w ORDER BY word`);
  return rows.map((r) => r.lexeme);
}

/**
 * Every live run of the filter holding every word of the query, with its full-text score and
 * creation time, read from the per-run term counts (test_run_search_terms: one row per run, component
 * type and lexeme, not one per matching component). A word scores 1.0 in a title, else 0.4 (ts_rank's
 * weights A and B); the run's score is the sum over the words plus 0.01 per further component holding
 * a word (at most 10 counted).
 *
 * Measured on the bench database (10,000 runs, 2,000,000 steps; `voltage` in every run), alternating
 * with the previous statement (counts read from the heap): 15.7 against 66.2 ms median at load 2, the
 * same 10,000 scores (bench/RESULTS.md). Three things: the counts are read by an index-only scan of the
 * key (migration test_run_search_terms_covering), not from ~7,000 heap blocks a lexeme; one lexeme a
 * word, not two (words); rows are grouped by run id alone, and the runs (live, filter, creation time)
 * joined to the 10,000 groups after, not to the rows before.
 *
 * The lexemes come as values, read first (wordsOf): from an array computed in the same statement the
 * planner guessed 325,500 rows for 20,000, and the cost it saw switched on JIT compilation (87 ms a
 * query). `words >= n` is `words = n` (a run has one group a word), written so: the planner estimates
 * an equality on a count as one row and then joins 10,000 groups to the runs by a nested loop; an
 * inequality it takes for a third of the groups, and hashes.
 */
function ranked(words: string[], f: SearchFilter): SQL {
  const lexemes = sql.join(
    words.map((l, i) => sql`(${i}::int, ${l}::text)`),
    sql`, `,
  );
  return sql`SELECT r.id, (p.best + 0.01 * least(p.n - 1, 10))::float8 AS score, r.created_at
      FROM (SELECT run_id, sum(CASE WHEN title THEN 1.0 ELSE 0.4 END) AS best, max(n) AS n,
                   count(*) AS words
              FROM (SELECT t.run_id, w.word, bool_or(t.n_title > 0) AS title, sum(t.n_title + t.n_body) AS n
                      FROM (VALUES ${lexemes}) AS w(word, lexeme)
                      JOIN test_run_search_terms t ON t.lexeme = w.lexeme ${typeFilter('t', f.componentTypes)}
                     GROUP BY t.run_id, w.word) per_word
             GROUP BY run_id) p
      JOIN test_runs r ON r.id = p.run_id
     WHERE p.words >= ${words.length} AND ${conditions(f)}`;
}

export type SortBy = 'relevance' | 'created_at';

const order = (sortBy: SortBy): SQL =>
  sortBy === 'relevance' ? sql`score DESC, id ASC` : sql`created_at DESC, id DESC`;

export interface RankedRun {
  id: string;
  score: number;
  created_at: string | Date;
}

/** One page of the full-text ranking and the number of runs matching, in one statement. */
export async function fulltextPage(
  ex: Executor,
  q: string,
  f: SearchFilter,
  page: { sortBy: SortBy; limit: number; offset: number },
): Promise<{ runs: { id: string; score: number }[]; total: number }> {
  const words = await wordsOf(ex, q);
  if (words.length === 0) return { runs: [], total: 0 };
  const rows = await queryRows<{ total: number | string; page: { id: string; score: number }[] }>(
    ex,
    sql`WITH ranked AS MATERIALIZED (${ranked(words, f)})
        SELECT (SELECT count(*) FROM ranked) AS total,
               (SELECT coalesce(json_agg(json_build_object('id', p.id, 'score', p.score)), '[]'::json)
                  FROM (SELECT id, score FROM ranked ORDER BY ${order(page.sortBy)}
                         LIMIT ${page.limit} OFFSET ${page.offset}) p) AS page`,
  );
  return { runs: rows[0]?.page ?? [], total: Number(rows[0]?.total ?? 0) };
}

/** The whole full-text ranking, best first (ties by run id): the fusion needs every rank. */
export async function fulltextRanking(ex: Executor, q: string, f: SearchFilter): Promise<RankedRun[]> {
  const words = await wordsOf(ex, q);
  if (words.length === 0) return [];
  return queryRows<RankedRun>(ex, sql`SELECT * FROM (${ranked(words, f)}) x ORDER BY score DESC, id ASC`);
}

/** Of `ids`, the runs that are live and match the filter (semantic hits are filtered by it). */
export async function runsAmong(
  ex: Executor,
  ids: string[],
  f: SearchFilter,
): Promise<{ id: string; created_at: string | Date }[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return queryRows(
    ex,
    sql`SELECT r.id, r.created_at FROM test_runs r WHERE r.id IN (${list}) AND ${conditions(f)}`,
  );
}

/** A component with what its path and title are made of; `snippet` is computed by the query. */
export interface ComponentRow {
  run_id: string;
  component_type: SearchComponentType;
  component_id: string;
  title: string;
  snippet: string;
  card_position: number | null;
  card_title: string | null;
  step_position: number | null;
  step_title: string | null;
}

/** A component's searchable text, every part of it (joined with the component tables as in details). */
const WHOLE_TEXT = sql`CASE m.component_type
    WHEN 'run' THEN concat_ws(' — ', r.title, nullif(r.description, ''))
    WHEN 'card' THEN concat_ws(' — ', c.title, nullif(c.description, ''))
    WHEN 'step' THEN concat_ws(' — ', st.title, nullif(st.description, ''), st.exception)
    WHEN 'observation' THEN o.text
    WHEN 'report' THEN concat_ws(' — ', p.title, nullif(p.summary, ''), nullif(p.content, ''))
    ELSE f.file_name END`;

/**
 * The text of the part `m.part` that a semantic hit matched (search-texts.ts PART_NAMES; a report's
 * `finding_N` shows that finding's description, numbers and all), or the whole
 * text when the part says nothing now (edited since) or is 'whole' (indexed before parts).
 */
const PART_TEXT = sql`coalesce(nullif(CASE m.part
    WHEN 'title' THEN coalesce(r.title, c.title, st.title, p.title)
    WHEN 'description' THEN coalesce(r.description, c.description, st.description)
    WHEN 'exception' THEN st.exception
    WHEN 'summary' THEN p.summary
    WHEN 'content' THEN p.content
    WHEN 'text' THEN o.text
    WHEN 'file_name' THEN f.file_name
    ELSE CASE WHEN left(m.part, 8) = 'finding_' THEN p.findings -> (substr(m.part, 9)::int - 1) ->> 'description' END
    END, ''), ${WHOLE_TEXT})`;

/**
 * The component behind each row of `matched` (columns run_id, component_type, component_id, rank, and
 * part when `text` reads it), with the card and step above it; a component deleted since (a stale
 * semantic hit) drops out. `snippet` is an SQL expression over `text`, the component's text as `text`
 * (an SQL expression over the joined tables) says it.
 */
function details(matched: SQL, snippet: SQL, text: SQL = WHOLE_TEXT): SQL {
  return sql`SELECT m.run_id, m.component_type, m.component_id, m.rank,
      CASE m.component_type WHEN 'run' THEN r.title WHEN 'card' THEN c.title WHEN 'step' THEN st.title
        WHEN 'observation' THEN left(o.text, 80) WHEN 'report' THEN p.title ELSE f.file_name END AS title,
      (SELECT ${snippet} FROM (SELECT ${text} AS text) t) AS snippet,
      pc.position AS card_position, pc.title AS card_title, ps.position AS step_position,
      ps.title AS step_title
    FROM (${matched}) m
    LEFT JOIN test_runs r ON m.component_type = 'run' AND r.id = m.component_id
    LEFT JOIN test_cards c ON m.component_type = 'card' AND c.id = m.component_id
    LEFT JOIN test_steps st ON m.component_type = 'step' AND st.id = m.component_id
    LEFT JOIN test_observations o ON m.component_type = 'observation' AND o.id = m.component_id
    LEFT JOIN test_run_reports p ON m.component_type = 'report' AND p.id = m.component_id
    LEFT JOIN test_data_files f ON m.component_type = 'data' AND f.id = m.component_id
    LEFT JOIN test_steps ps ON ps.id = coalesce(st.id, o.step_id, p.step_id)
    LEFT JOIN test_cards pc ON pc.id = coalesce(c.id, ps.card_id, p.card_id)
   WHERE coalesce(r.id, c.id, st.id, o.id, p.id, f.id) IS NOT NULL
   ORDER BY m.run_id, m.rank DESC, m.component_id`;
}

/**
 * ts_headline's options: the terms between « and », 15-35 words around the best cover of the query.
 * Not fragments: those cut a short step text to the three words around the term.
 */
const HEADLINE = 'StartSel=«, StopSel=», MaxWords=35, MinWords=15';

/** The best `perRun` full-text matches of each run in `runIds`, with their snippets. */
export async function fulltextMatches(
  ex: Executor,
  q: string,
  runIds: string[],
  types: SearchComponentType[] | undefined,
  perRun: number,
): Promise<ComponentRow[]> {
  if (runIds.length === 0) return [];
  const list = sql.join(
    runIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // The page's documents by run (a few thousand rows through the run_id index), then the query on
  // them: left to itself the planner takes the GIN index, which for a common word walks every match
  // of every run (112 ms for 20 runs at 1,000 runs, growing with the data). The LIMIT never cuts (at
  // most `perRun` a run): it tells the planner how few rows come, which it guessed from the row number's
  // filter at ~5x as many; on PGlite (100,000 steps) it then hashed every step, twice, to join them: 66-80
  // ms of the common word's request. With the bound it looks each component up by its key.
  const matched = sql`SELECT * FROM (
      SELECT s.run_id, s.component_type, s.component_id, ts_rank(s.document, ${anyWord(q)}) AS rank,
             row_number() OVER (PARTITION BY s.run_id
                                ORDER BY ts_rank(s.document, ${anyWord(q)}) DESC, s.component_id) AS n
        FROM (SELECT * FROM test_run_search_documents s
               WHERE s.run_id IN (${list}) ${typeFilter('s', types)} OFFSET 0) s
       WHERE s.document @@ ${anyWord(q)}) x
     WHERE x.n <= ${perRun}
     LIMIT ${runIds.length * perRun}`;
  return queryRows(ex, details(matched, sql`ts_headline('english', t.text, ${anyWord(q)}, ${HEADLINE})`));
}

/**
 * The components of semantic hits, their snippet the start (up to 200 characters) of the part that
 * matched: the step's exception an engineer remembers, not its templated title.
 */
export async function componentsOf(
  ex: Executor,
  hits: {
    runId: string;
    componentType: SearchComponentType;
    componentId: string;
    part?: string;
    similarity: number;
  }[],
): Promise<ComponentRow[]> {
  if (hits.length === 0) return [];
  const values = sql.join(
    hits.map(
      (h) =>
        sql`(${h.runId}::uuid, ${h.componentType}::text, ${h.componentId}::uuid, ${h.similarity}::float8, ${h.part ?? 'whole'}::text)`,
    ),
    sql`, `,
  );
  const matched = sql`SELECT * FROM (VALUES ${values}) AS v(run_id, component_type, component_id, rank, part)`;
  return queryRows(
    ex,
    details(
      matched,
      sql`CASE WHEN length(t.text) > 200 THEN left(t.text, 199) || '…' ELSE t.text END`,
      PART_TEXT,
    ),
  );
}
