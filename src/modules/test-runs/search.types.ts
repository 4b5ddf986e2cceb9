// The contract between test-run search (full text, fusion, the route) and its semantic half
// (component embeddings and nearest neighbours, search-semantic.ts): the search service is given a
// SemanticSearch, or none, and answers by full text alone whenever it is absent or unavailable.
import { SEARCH_COMPONENT_TYPES } from '../../db/tables/test-run-search.js';

export { SEARCH_COMPONENT_TYPES };

/** What a match can be: the run itself, a card, a step, a report, an observation, a data file. */
export type SearchComponentType = (typeof SEARCH_COMPONENT_TYPES)[number];

/** One component near the query; `similarity` is higher for nearer (cosine, at most 1). */
export interface SemanticHit {
  runId: string;
  componentType: SearchComponentType;
  componentId: string;
  /** The part of the component nearest the query (its snippet), when the semantic half says. */
  part?: string;
  similarity: number;
}

/**
 * The components nearest `q`, nearest first, at most `limit`, of those types and that system when
 * given. `null` when the semantic half cannot answer now (model down, timeout, nothing indexed yet):
 * the search then answers by full text only. May include components of deleted runs or components
 * deleted since they were embedded; the search drops them.
 */
export type SemanticSearch = (
  q: string,
  opts: { componentTypes?: SearchComponentType[]; systemId?: string; limit: number },
) => Promise<SemanticHit[] | null>;
