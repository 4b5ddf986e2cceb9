// The semantic half of test-run search: the components nearest in meaning to the query. The search
// service (GET /test-runs/search) fuses these hits with full text; when the model cannot answer in
// time, or nothing is indexed yet in the scope, this answers null and search answers full text only.
//
// Only the query is embedded here (one short text: ~10-20 ms with the built-in model once loaded);
// the components were embedded by the test_run_embedding job.
import type { Embedder } from '../../analysis/embeddings.js';
import type { Db } from '../../db/client.js';
import { hasTestRunVectors } from '../../db/test-run-vectors.js';
import * as repo from './search-semantic.repository.js';
import { TextVectorCache } from './search-vector-cache.js';
import type { SemanticSearch } from './search.types.js';

export type { SearchComponentType, SemanticHit, SemanticSearch } from './search.types.js';

/**
 * How long a query's embedding may take before search gives up on meaning: the built-in model answers
 * a short query in ~20 ms, but it shares its thread with the embedding job (a batch is ~0.5 s) and
 * loads in ~0.3-1 s on first use; an endpoint may be slow or down.
 */
export const DEFAULT_QUERY_TIMEOUT_MS = 2000;
/** Query vectors kept per process: paging through one search embeds its query once. */
const QUERY_CACHE_SIZE = 256;

export function semanticSearch(
  db: Db,
  embedder: Embedder,
  options: { queryTimeoutMs?: number } = {},
): SemanticSearch {
  const timeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const cache = new Map<string, number[]>();
  // pgvector's table appears at a start (migration) and is never dropped: once seen, it is there.
  let withPgvector = false;
  // Without pgvector, the vectors held in memory (search-vector-cache.ts), per vector length.
  let held: TextVectorCache | undefined;

  async function queryVector(q: string): Promise<number[] | null> {
    const cached = cache.get(q);
    if (cached) return cached;
    const vector = await embedWithin(embedder, q, timeoutMs);
    if (!vector) return null;
    if (cache.size >= QUERY_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(q, vector);
    return vector;
  }

  return async (q, opts) => {
    const text = q.trim();
    if (text === '' || opts.limit <= 0) return [];
    const vector = await queryVector(text);
    if (!vector) return null;
    const scope = { systemId: opts.systemId, componentTypes: opts.componentTypes };
    withPgvector ||= await hasTestRunVectors(db);
    if (!withPgvector && held?.dims !== vector.length)
      held = new TextVectorCache(embedder.model, vector.length);
    const texts =
      (!withPgvector && (await held!.nearest(db, vector, scope, opts.limit))) ||
      (await repo.nearestTexts(db, vector, embedder.model, scope, opts.limit, withPgvector));
    if (texts.length === 0) return null; // nothing of this model indexed in scope yet
    return repo.componentsSaying(db, texts, scope, opts.limit);
  };
}

/**
 * The query's vector, or null when the model failed or took longer than `timeoutMs`. The call is
 * aborted on timeout (an endpoint stops; the built-in thread finishes its queue and is ignored).
 */
export async function embedWithin(
  embedder: Embedder,
  text: string,
  timeoutMs: number,
): Promise<number[] | null> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`the query was not embedded within ${timeoutMs} ms`));
      resolve(null);
    }, timeoutMs);
  });
  try {
    const answer = await Promise.race([
      embedder.embed([text], controller.signal, { query: true }).then(
        (vectors) => vectors[0] ?? null,
        () => null,
      ),
      timedOut,
    ]);
    return answer && answer.length > 0 ? answer : null;
  } finally {
    clearTimeout(timer);
  }
}
