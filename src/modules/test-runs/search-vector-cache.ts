// The exact nearest texts without pgvector, scored from vectors kept in this process. Reading every
// vector from the database on each search (float32 bytes, base64, ~2.7 KB a text) took seconds at
// 35,000 texts on PostgreSQL (bench/test-runs-search.mjs), past the time the search waits for meaning,
// so a paraphrase was never found there. Here the vectors are read once, then only those added since;
// each search scores them all in memory and asks the database which of the best are said in scope.
//
// Texts dropped from the database (dropUnusedTexts) stay here until the next reconciliation, but are
// never answered: only texts a component in scope says pass the scope check.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { floatsOf } from '../../db/vector-search.js';
import { textsSaidInScope, type SearchScope } from './search-semantic.repository.js';

/** Floats kept at most (128 MB); beyond, the caller scans the database as before. */
export const MAX_CACHED_FLOATS = 32 * 1024 * 1024;
/**
 * Texts added are found by created_at, the inserting transaction's start: one that commits late has
 * an older stamp than rows already read, so each refresh looks this far back (hashes only; vectors
 * are read for the texts not held yet). The job's inserting transactions last milliseconds.
 */
const LATE_COMMIT_MARGIN_MS = 60_000;
/** How often the held hashes are reconciled with the table, dropping the texts gone from it. */
const RECONCILE_MS = 5 * 60_000;
/** Vectors read per round trip. */
const READ_BATCH = 5_000;

interface Held {
  hashes: string[];
  vectors: Float32Array[];
  index: Map<string, number>;
}

export class TextVectorCache {
  private held: Held = { hashes: [], vectors: [], index: new Map() };
  /** The database's time at the last refresh: texts created before it, less the margin, are held. */
  private readAt: Date | undefined;
  private reconciledAt = 0;
  private refreshing: Promise<void> | undefined;
  /** Set once the texts outgrow MAX_CACHED_FLOATS: the caller scans the database instead. */
  tooLarge = false;

  constructor(
    readonly model: string,
    readonly dims: number,
    private readonly maxFloats = MAX_CACHED_FLOATS,
  ) {}

  /**
   * The `limit` texts nearest to `query` said by a component in scope, most similar first; null when
   * the texts are too many to hold.
   */
  async nearest(
    ex: Executor,
    query: readonly number[],
    scope: SearchScope,
    limit: number,
  ): Promise<{ textHash: string; similarity: number }[] | null> {
    await this.refresh(ex);
    if (this.tooLarge) return null;
    const { hashes, vectors } = this.held;
    const q = Float32Array.from(query);
    const scores = new Float32Array(vectors.length);
    for (let t = 0; t < vectors.length; t++) scores[t] = dot(vectors[t]!, q);
    const first = Math.ceil(limit * 1.25);
    let order = bestFirst(scores, first);
    // The best first, checked against the scope a growing chunk at a time: a narrow scope (one system,
    // reports only) may skip most of the nearest texts, a wide one keeps the first chunk. Each text
    // checked is an index probe (800 took 120-200 ms at load 15), so the first chunk is small.
    const found: { textHash: string; similarity: number }[] = [];
    for (let from = 0, size = first; from < scores.length && found.length < limit; from += size, size *= 2) {
      if (from + size > order.length) order = bestFirst(scores, from + size);
      const chunk = Array.from(order.subarray(from, from + size), (t) => hashes[t]!);
      const said = new Set(await textsSaidInScope(ex, chunk, scope));
      for (const t of order.subarray(from, from + size)) {
        if (found.length === limit) break;
        if (said.has(hashes[t]!)) found.push({ textHash: hashes[t]!, similarity: scores[t]! });
      }
    }
    return found;
  }

  /** Reads the texts added since the last refresh (one refresh at a time; callers share it). */
  private refresh(ex: Executor): Promise<void> {
    this.refreshing ??= this.readNew(ex).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async readNew(ex: Executor): Promise<void> {
    if (this.tooLarge) return;
    if (Date.now() - this.reconciledAt > RECONCILE_MS) await this.reconcile(ex);
    // Measured from the last read, not from the newest text: from the newest text, every search of a
    // quiet index re-read the last minute of its last burst (3,900 hashes, 25 ms at 2M steps).
    const since = this.readAt ? new Date(this.readAt.getTime() - LATE_COMMIT_MARGIN_MS) : new Date(0);
    const recent = await queryRows<{ read_at: string | Date; text_hash: string | null }>(
      ex,
      sql`SELECT now() AS read_at, t.text_hash FROM (SELECT 1) AS one
        LEFT JOIN test_run_search_texts t ON t.model = ${this.model} AND t.dims = ${this.dims}
          AND t.created_at >= ${since.toISOString()}`,
    );
    if (recent[0]) this.readAt = new Date(recent[0].read_at);
    const wanted = recent
      .map((r) => r.text_hash)
      .filter((h): h is string => h !== null && !this.held.index.has(h));
    if ((this.held.hashes.length + wanted.length) * this.dims > this.maxFloats) {
      this.tooLarge = true;
      this.held = { hashes: [], vectors: [], index: new Map() };
      return;
    }
    for (let i = 0; i < wanted.length; i += READ_BATCH) {
      const batch = wanted.slice(i, i + READ_BATCH);
      const rows = await queryRows<{ text_hash: string; embedding: string }>(
        ex,
        sql`SELECT text_hash, encode(embedding, 'base64') AS embedding FROM test_run_search_texts
          WHERE model = ${this.model} AND text_hash IN (${sql.join(
            batch.map((h) => sql`${h}`),
            sql`, `,
          )})`,
      );
      for (const r of rows) this.hold(r.text_hash, floatsOf(Buffer.from(r.embedding, 'base64')));
    }
  }

  private hold(hash: string, vector: Float32Array): void {
    if (this.held.index.has(hash) || vector.length !== this.dims) return;
    this.held.index.set(hash, this.held.hashes.length);
    this.held.hashes.push(hash);
    this.held.vectors.push(Float32Array.from(vector));
  }

  /** Drops the texts no longer in the table (their vectors were only taking memory). */
  private async reconcile(ex: Executor): Promise<void> {
    this.reconciledAt = Date.now();
    if (this.held.hashes.length === 0) return;
    const rows = await queryRows<{ text_hash: string }>(
      ex,
      sql`SELECT text_hash FROM test_run_search_texts WHERE model = ${this.model} AND dims = ${this.dims}`,
    );
    const present = new Set(rows.map((r) => r.text_hash));
    const before = this.held;
    this.held = { hashes: [], vectors: [], index: new Map() };
    before.hashes.forEach((h, i) => {
      if (present.has(h)) this.hold(h, before.vectors[i]!);
    });
  }
}

/** The dot product, four sums at a time: the scan of every held vector is most of a search's cost. */
function dot(v: Float32Array, q: Float32Array): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  const n = v.length - (v.length % 4);
  for (let i = 0; i < n; i += 4) {
    s0 += v[i]! * q[i]!;
    s1 += v[i + 1]! * q[i + 1]!;
    s2 += v[i + 2]! * q[i + 2]!;
    s3 += v[i + 3]! * q[i + 3]!;
  }
  for (let i = n; i < v.length; i++) s0 += v[i]! * q[i]!;
  return s0 + s1 + s2 + s3;
}

/**
 * The indices of the `k` highest scores, best first (ties by index), as the first `k` of a full sort:
 * the scores are sorted natively to find the k-th, and only those at or above it by the comparator.
 * A full comparator sort of 37,000 scores took 15 ms a search; the page needs the first ~250.
 */
export function bestFirst(scores: Float32Array, k: number): Uint32Array {
  const byScore = (a: number, b: number) => scores[b]! - scores[a]! || a - b;
  if (k >= scores.length) return Uint32Array.from(scores.keys()).sort(byScore);
  if (k <= 0) return new Uint32Array(0);
  const threshold = Float32Array.from(scores).sort()[scores.length - k]!;
  const best: number[] = [];
  for (let t = 0; t < scores.length; t++) if (scores[t]! >= threshold) best.push(t);
  return Uint32Array.from(best.sort(byScore).slice(0, k));
}
