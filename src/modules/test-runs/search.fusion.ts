// Reciprocal rank fusion (Cormack, Clarke and Büttcher, SIGIR 2009) of the full-text and semantic run
// rankings: a run's score is the sum over the lists it is in of 1 / (k + rank), rank 1-based. It needs
// no calibration between ts_rank and cosine similarity (their scales differ and drift with the query),
// a run near the top of either list ranks high, and one in both ranks higher still. k = 60 is the
// paper's value: it damps the difference between the first few ranks so neither list dominates.
export const RRF_K = 60;

export interface Fused {
  id: string;
  score: number;
}

/** `lists` are run ids, best first; the answer is best first, ties (equal score) by run id. */
export function reciprocalRankFusion(lists: string[][], k = RRF_K): Fused[] {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1)));
  }
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Runs in the order of their best hit (hits nearest first), each once. */
export function runOrder(hits: { runId: string; similarity: number }[]): string[] {
  const best = new Map<string, number>();
  for (const h of hits) best.set(h.runId, Math.max(best.get(h.runId) ?? -Infinity, h.similarity));
  return [...best].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([id]) => id);
}
