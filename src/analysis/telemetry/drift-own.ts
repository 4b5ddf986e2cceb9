// A lone channel's drift judged on its own level. With no siblings, the residual of the lagged
// command regression was the series: its slow lags (up to 300 s) are trend regressors, and a slow
// drift of a few sigma is partly fitted away by them (a bus creeping 6 sigma on a constant load read
// 2.7). Within a steady stretch the commands hold, so the channel's own level is what a drift moves.
// Two things make that safe: the stretch starts only once the level has settled, and the drift must
// leave the band the level wanders in over the channel's other steady stretches.
import { firstFlat } from './context.js';
import { interpolate, madSigma, median, rollingMean } from './robust.js';

/**
 * First index s in [c, end) from which y stays within `band` for as long as it took to get there
 * (s - c samples, at least w): a level that has held still as long as its response lasted. Windows
 * are tried by doubling, so the answer may be up to one window later than the exact one. `end` when
 * the level never holds that long.
 */
export function heldFrom(y: Float64Array, c: number, end: number, w: number, band: number): number {
  for (let win = w; win < end - c; win *= 2) {
    const s = firstFlat(y, c, end, win, band);
    if (s >= end) return end;
    if (s - c <= win) return s;
  }
  return end;
}

/**
 * Seconds from each change until the channel's level settled, uncapped. The level rule (the last
 * time the smoothed level is outside 4 sigma of where the stretch ends) is eaten by a drift later in
 * the stretch: the stretch then ends at the drift's level, and the whole stretch up to the drift
 * counted as settling (15% cap, so the channel was skipped). A level that held still within 4 sigma
 * for as long as its response took has settled, whatever comes after; a thermal tail still
 * approaching does not hold still that long. Changes the channel did not answer (`only`) cost the
 * floor of 5 periods.
 */
export function settledAfter(
  y: Float64Array,
  sigma: number,
  t: Float64Array,
  changes: number[],
  period: number,
  only: (c: number, end: number) => boolean = () => true,
): number[] {
  const smooth = rollingMean(y, 11);
  return changes.map((c, k) => {
    const end = k + 1 < changes.length ? changes[k + 1]! : smooth.length;
    if (end - c < 20 || !only(c, end)) return 5 * period;
    const tail = smooth.subarray(c + Math.floor(0.8 * (end - c)), end);
    const final = median(tail);
    const band = Math.max(4 * sigma, 2 * madSigma(tail));
    let last = c;
    for (let i = c; i < end; i++) if (Math.abs(smooth[i]! - final) > band) last = i;
    const held = heldFrom(smooth, c, end, Math.max(20, Math.floor(0.05 * (end - c))), 4 * sigma);
    if (held < last) return t[held]! - t[c]! + 5 * period;
    // The level rule's tail allowance (half again), as settleLevel gives it.
    return 1.5 * (t[last]! - t[c]!) + 5 * period;
  });
}

/**
 * Steady stretches [start, end) for a lone channel: from each change (row 0 is power-on) once the
 * level settled (settledAfter) and not before `from` (seconds) nor the change's own slope settling
 * `slope`, up to the next change.
 */
export function ownSegments(
  t: Float64Array,
  changes: number[],
  settled: number[],
  slope: number,
  from: number,
): [number, number][] {
  const out: [number, number][] = [];
  changes.forEach((c, k) => {
    const start = Math.max(from, t[c]! + Math.max(settled[k]!, slope));
    let a = c;
    while (a < t.length && t[a]! < start) a++;
    const b = k + 1 < changes.length ? changes[k + 1]! : t.length;
    if (b > a) out.push([a, b]);
  });
  return out;
}

/** p95 - p5 of a list. */
function band(xs: number[]): number {
  const r = [...xs].sort((u, v) => u - v);
  const k = r.length;
  return r[Math.floor(0.95 * (k - 1))]! - r[Math.floor(0.05 * (k - 1))]!;
}

/**
 * The widest band (p95 - p5) of y's means over B samples within any of `segments` holding at least
 * 10 such blocks: how far the level wanders on its own over a steady stretch. 0 when none does.
 */
export function wanderBand(y: Float64Array, segments: [number, number][], B: number): number {
  let widest = 0;
  for (const [a, b] of segments) {
    const yb: number[] = [];
    for (let q = a; q + B <= b; q += B) {
      let sum = 0;
      for (let i = q; i < q + B; i++) sum += y[i]!;
      yb.push(sum / B);
    }
    if (yb.length >= 10) widest = Math.max(widest, band(yb));
  }
  return widest;
}

/**
 * y with the spans [i0, i1] blanked and bridged by linear interpolation (y itself when none). A pair's
 * residual while the partner is frozen is the live sensor's own motion less a held value: the pair
 * says nothing there, and unbridged that motion read as a drift, or as wander that hid one.
 */
export function bridged(y: Float64Array, spans: { i0: number; i1: number }[]): Float64Array {
  if (!spans.length) return y;
  const out = Float64Array.from(y);
  for (const { i0, i1 } of spans) out.fill(NaN, Math.max(0, i0), Math.min(out.length, i1 + 1));
  return interpolate(out);
}
