// An oscillation's envelope changes slowly: it builds up and dies away over cycles. A step edge (a
// commanded release, a load switched) passes a high-pass filter as a burst one filter-width long, tens
// of times the oscillation's level. Where the two touch, the RMS stays raised from one into the other,
// and the burst's energy, which repeats at no lag, dilutes the periodicity of the whole stretch (valve
// chatter for 4 s up to a commanded release: 6x the typical RMS, then 200x for four windows). The
// stretch is then judged by its pieces between such bursts.

/** A window this many times the raised stretch's median RMS (16x its power) is a transient's burst. */
export const BURST_RATIO = 4;

/**
 * The pieces of a raised stretch of windows [j, k] between bursts: maximal runs of windows whose RMS
 * is under BURST_RATIO x the stretch's median. Empty when the stretch has no burst (it is judged whole).
 */
export function piecesBetweenBursts(rms: ArrayLike<number>, j: number, k: number): [number, number][] {
  const levels: number[] = [];
  for (let i = j; i <= k; i++) levels.push(rms[i]!);
  levels.sort((a, b) => a - b);
  const mid = levels.length >> 1;
  const median = levels.length % 2 ? levels[mid]! : (levels[mid - 1]! + levels[mid]!) / 2;
  const burst = (i: number) => rms[i]! > BURST_RATIO * median;
  const pieces: [number, number][] = [];
  let any = false;
  for (let i = j; i <= k; i++) {
    if (burst(i)) {
      any = true;
      continue;
    }
    let e = i;
    while (e + 1 <= k && !burst(e + 1)) e++;
    pieces.push([i, e]);
    i = e;
  }
  return any ? pieces : [];
}
