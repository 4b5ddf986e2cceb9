// Test-run search: full text over every component of a run (search.repository.ts), fused with the
// semantic half's nearest components when it answers (reciprocal rank fusion, search.fusion.ts).
// Semantic search is optional and may fail: absent, answering null, throwing or slower than
// SEMANTIC_TIMEOUT_MS, the answer is full text alone, never an error.
import type { Actor } from '../../core/auth.js';
import type { Db } from '../../db/client.js';
import { reciprocalRankFusion, runOrder } from './search.fusion.js';
import { matchOf } from './search.present.js';
import * as repo from './search.repository.js';
import {
  MAX_MATCHES_PER_RUN,
  type SearchAnswer,
  type SearchMatch,
  type SearchQuery,
} from './search.schemas.js';
import type { SearchComponentType, SemanticHit, SemanticSearch } from './search.types.js';
import * as listRepo from './test-runs-list.repository.js';
import { toSummary } from './test-runs.service.js';

/**
 * The nearest components semantic search contributes, whatever the page: a fixed number keeps the
 * fused ranking, and so paging, the same from page to page.
 */
export const SEMANTIC_LIMIT = 200;
/** Full text answers in tens of milliseconds; a semantic half slower than this is left out. */
export const SEMANTIC_TIMEOUT_MS = 2_000;

const time = (d: string | Date) => new Date(d).getTime();

interface Page {
  runs: { id: string; score: number }[];
  total: number;
  /** The semantic hits to list as matches (none when full text answered alone). */
  hits: SemanticHit[];
  /** The runs full text found (only they list full-text matches); undefined: all of the page. */
  textRuns?: Set<string>;
}

export class TestRunSearchService {
  constructor(
    private readonly db: Db,
    private readonly semantic?: SemanticSearch,
    private readonly log?: { warn(obj: object, msg: string): void },
  ) {}

  async search(_actor: Actor, query: SearchQuery): Promise<SearchAnswer> {
    // No letter or digit: nothing to find, by words or by meaning (the model would still rank "!!!").
    if (!/[\p{L}\p{N}]/u.test(query.q)) return { results: [], total_count: 0 };
    const types = query.component_types ? [...new Set(query.component_types)] : undefined;
    const filter: repo.SearchFilter = {
      componentTypes: types,
      systemId: query.system_id,
      createdAfter: query.created_after ? new Date(query.created_after) : undefined,
      createdBefore: query.created_before ? new Date(query.created_before) : undefined,
      hasReports: query.has_reports,
    };
    const paging = { sortBy: query.sort_by ?? 'relevance', limit: query.limit, offset: query.offset };
    // The full-text ranking the fusion needs starts while the query is embedded and its neighbours
    // found, not after: one after the other, a word query with meaning on took the sum of both
    // (bench/test-runs-search.mjs). Unused (and its failure ignored) when meaning cannot answer.
    const ranking = this.semantic ? repo.fulltextRanking(this.db, query.q, filter) : undefined;
    ranking?.catch(() => undefined);
    const hits = await this.nearest(query.q, types, query.system_id);
    const page =
      hits && ranking
        ? await this.fused(filter, hits, paging, await ranking)
        : { ...(await repo.fulltextPage(this.db, query.q, filter, paging)), hits: [] };
    return { results: await this.results(query.q, types, page), total_count: page.total };
  }

  /** The semantic hits, or null when semantic search is absent or cannot answer now. */
  private async nearest(
    q: string,
    componentTypes: SearchComponentType[] | undefined,
    systemId: string | undefined,
  ): Promise<SemanticHit[] | null> {
    if (!this.semantic) return null;
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), SEMANTIC_TIMEOUT_MS);
      });
      const hits = await Promise.race([
        this.semantic(q, { componentTypes, systemId, limit: SEMANTIC_LIMIT }),
        late,
      ]);
      // Types are filtered here too: a hit of another type would list a match the caller excluded.
      return hits && hits.filter((h) => !componentTypes || componentTypes.includes(h.componentType));
    } catch (err) {
      this.log?.warn({ err }, 'semantic test-run search failed; answering by full text only');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Both rankings fused; the semantic runs are held to the same filter (live, system, dates, reports). */
  private async fused(
    filter: repo.SearchFilter,
    hits: SemanticHit[],
    paging: { sortBy: repo.SortBy; limit: number; offset: number },
    fulltext: Awaited<ReturnType<typeof repo.fulltextRanking>>,
  ): Promise<Page> {
    const allowed = await repo.runsAmong(this.db, [...new Set(hits.map((h) => h.runId))], filter);
    const created = new Map([...fulltext, ...allowed].map((r) => [r.id, time(r.created_at)]));
    const live = new Set(allowed.map((r) => r.id));
    const kept = hits.filter((h) => live.has(h.runId));
    const fused = reciprocalRankFusion([fulltext.map((r) => r.id), runOrder(kept)]);
    if (paging.sortBy === 'created_at') {
      fused.sort(
        (a, b) => created.get(b.id)! - created.get(a.id)! || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      );
    }
    return {
      runs: fused.slice(paging.offset, paging.offset + paging.limit),
      total: fused.length,
      hits: kept,
      textRuns: new Set(fulltext.map((r) => r.id)),
    };
  }

  /** The page's summaries and matches: full-text matches first (best first), then semantic ones. */
  private async results(q: string, types: SearchComponentType[] | undefined, page: Page) {
    const ids = page.runs.map((r) => r.id);
    const pageHits = page.hits.filter((h) => ids.includes(h.runId));
    const [summaries, textRows, nearRows] = await Promise.all([
      listRepo.summaries(this.db, ids),
      repo.fulltextMatches(
        this.db,
        q,
        ids.filter((id) => !page.textRuns || page.textRuns.has(id)),
        types,
        MAX_MATCHES_PER_RUN,
      ),
      repo.componentsOf(this.db, pageHits),
    ]);
    const byRun = new Map<string, SearchMatch[]>(ids.map((id) => [id, []]));
    for (const row of textRows) byRun.get(row.run_id)?.push(matchOf(row, 'fulltext'));
    const near = new Map(nearRows.map((r) => [r.component_id, r]));
    for (const hit of pageHits) {
      const row = near.get(hit.componentId);
      const matches = byRun.get(hit.runId)!;
      if (!row || matches.length >= MAX_MATCHES_PER_RUN) continue;
      if (matches.some((m) => m.component_id === hit.componentId)) continue;
      matches.push(matchOf(row, 'semantic'));
    }
    const summary = new Map(summaries.map((r) => [r.id, toSummary(r)]));
    return page.runs.flatMap((r) =>
      summary.has(r.id) ? [{ test_run: summary.get(r.id)!, score: r.score, matches: byRun.get(r.id)! }] : [],
    );
  }
}
