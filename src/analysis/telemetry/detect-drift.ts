// Drift: a slope that starts and persists. Slow drifts (well under one sigma per sample) only show
// over hundreds of samples, so the series is averaged into blocks and a ramp shape (flat, then a
// linear change from onset to end, then held) is fitted on top of the level before it. On a
// channel with siblings the series is the residual against their median, which removes the cycles,
// warm-up and load changes they share; a lone channel is judged on its residual from its commands.
// Against several siblings a ramp the segment-wide fit rejects is judged again on its own
// neighbourhood (drift-local.ts), since the residual may still be settling early in the segment.
import type { Channel } from './context.js';
import type { RawEvent } from './detect-local.js';
import { localRamp, persists, stepResid } from './drift-local.js';
import { wanderBand } from './drift-own.js';
import { finiteMean, madSigma, smallMedian } from './robust.js';

/** Ramp height against the spread of what the fit leaves: 6x keeps cycles and wander out. */
export const DRIFT_MIN_RATIO = 6;
/**
 * And against the per-sample noise, so a very smooth channel does not report tiny slopes. On a
 * pair's residual (and formerly a lone channel's command residual) 10x: at 2-3x thermal tails and
 * load-following currents of 3-6 sigma became false drifts (development seeds, sets 1-4).
 */
const DRIFT_MIN_SIGMA = 10;
/**
 * On a sibling residual what the siblings share (warm-up, load, cycles) has cancelled, and a slow
 * creep of a few sigma shows plainly in block means far apart (one sensor of several ageing): 3x.
 */
const DRIFT_MIN_SIGMA_SIBLINGS = 3;
/**
 * On a lone channel's own level (drift-own.ts) the same 3x: wander and unexplained tails are held
 * off by the band the level wanders in over its other steady stretches (wanderBand), not by the
 * height in per-sample noise (a 5-sigma creep of a regulated rail is as plain as a sensor's).
 */
const DRIFT_MIN_SIGMA_OWN = 3;

/** Ramp height against the range (p95 - p5) the level covered before the onset. */
const DRIFT_HISTORY_RATIO = 3;

/** Shortest ramp, in blocks: a change within fewer is a step (a jump within a few samples). */
const MIN_RAMP_BLOCKS = 5;

/** p95 - p5 of a list. Not detrended: slow wander is exactly what a drift must stand out from. */
function band(xs: number[]): number {
  const r = [...xs].sort((u, v) => u - v);
  const k = r.length;
  return r[Math.floor(0.95 * (k - 1))]! - r[Math.floor(0.05 * (k - 1))]!;
}

interface Fit {
  rss: number;
  /** Level before the onset and the ramp's slope per block. */
  a: number;
  c: number;
}

/**
 * Least squares of y on [1, ramp(j)]: a level, then the ramp. No slope term: a line extrapolated
 * from the history turns the curvature of slow wander into a large "departure", while the level
 * before the onset is what a drift really leaves.
 */
export function fitRamp(y: number[], ramp: (j: number) => number): Fit {
  const m = y.length;
  let sg = 0;
  let sgg = 0;
  let sy = 0;
  let sgy = 0;
  for (let j = 0; j < m; j++) {
    const gj = ramp(j);
    sg += gj;
    sgg += gj * gj;
    sy += y[j]!;
    sgy += gj * y[j]!;
  }
  const det = m * sgg - sg * sg;
  if (Math.abs(det) < 1e-12) return { rss: Infinity, a: 0, c: 0 };
  const c = (m * sgy - sg * sy) / det;
  const a = (sy - c * sg) / m;
  let rss = 0;
  for (let j = 0; j < m; j++) rss += (y[j]! - (a + c * ramp(j))) ** 2;
  return { rss, a, c };
}

/** Block means of y over [s, e): B samples each, about 150 blocks. */
function blocks(y: Float64Array, s: number, e: number): { yb: number[]; B: number } {
  const B = Math.max(1, Math.ceil((e - s) / 150));
  const yb: number[] = [];
  for (let k = s; k + B <= e; k += B) {
    let sum = 0;
    for (let i = k; i < k + B; i++) sum += y[i]!;
    yb.push(sum / B);
  }
  return { yb, B };
}

/**
 * A drift starts: before its onset the level was not already running its way at this fraction of
 * its rate or more. A thermal lag or a settling tail that the segment still holds, and wander that
 * happens to keep going, move before the fitted onset; a sensor that begins to creep does not.
 */
const DRIFT_HISTORY_SLOPE = 0.5;

/** Least-squares slope of xs against its index. */
function slopeOf(xs: number[]): number {
  const n = xs.length;
  const mx = (n - 1) / 2;
  const my = xs.reduce((p, v) => p + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((v, j) => {
    sxy += (j - mx) * (v - my);
    sxx += (j - mx) ** 2;
  });
  return sxx > 0 ? sxy / sxx : 0;
}

/**
 * Drift within the steady segment [s, e) of series y; at most one per segment. `elsewhere`, for a
 * lone channel judged on its own level: its other steady stretches, whose widest wander band the
 * ramp must leave DRIFT_HISTORY_RATIO times over, as it must the history before its onset.
 */
export function drift(
  ch: Channel,
  y: Float64Array,
  s: number,
  e: number,
  againstSiblings = false,
  elsewhere?: [number, number][],
): RawEvent | null {
  const minSigma = againstSiblings
    ? DRIFT_MIN_SIGMA_SIBLINGS
    : elsewhere
      ? DRIFT_MIN_SIGMA_OWN
      : DRIFT_MIN_SIGMA;
  const len = e - s;
  const { yb, B } = blocks(y, s, e);
  const m = yb.length;
  if (m < 20 || len < 100) return null;
  let best = { fit: { rss: Infinity, a: 0, c: 0 }, k: 0, end: m - 1 };
  // At least 10 blocks of history before the onset: with fewer, the pre-onset level that the ramp is
  // measured from is set by a handful of points and trades with the ramp freely.
  for (let k = Math.max(10, Math.floor(0.1 * m)); k < m - MIN_RAMP_BLOCKS; k++) {
    const fit = fitRamp(yb, (j) => Math.max(0, j - k));
    if (fit.rss < best.fit.rss) best = { fit, k, end: m - 1 };
  }
  // With the onset fixed, the end of the ramp: after it the level holds.
  for (let end = best.k + MIN_RAMP_BLOCKS; end < m - 1; end++) {
    const k = best.k;
    const fit = fitRamp(yb, (j) => Math.min(Math.max(0, j - k), end - k));
    if (fit.rss < best.fit.rss) best = { ...best, fit, end };
  }
  const { fit, k, end } = best;
  const noise = madSigma(yb.slice(1).map((v, j) => v - yb[j]!)) / Math.SQRT2;
  const event = (k: number, end: number, c: number, ratio: number): RawEvent => ({
    kind: 'drift',
    channels: [ch.name],
    i0: s + k * B,
    i1: Math.min(e - 1, s + end * B + B - 1),
    peak_sigma: (Math.abs(c) * (end - k)) / ch.sigma,
    values: { change: c * (end - k), slope_per_sample: c / B },
    extra: { ratio },
  });
  const whole = judge(ch.sigma * minSigma, noise, Math.sqrt(fit.rss / m), yb.slice(0, k), fit.c, end - k);
  if (elsewhere)
    return whole && Math.abs(fit.c) * (end - k) >= DRIFT_HISTORY_RATIO * wanderBand(y, elsewhere, B)
      ? event(k, end, fit.c, whole)
      : null;
  if (whole) return event(k, end, fit.c, whole);
  // Against siblings, the drift's own neighbourhood too: a residual still settling early in the
  // segment is no history for a creep that starts on a flat stretch later.
  if (!againstSiblings) return null;
  const near = localRamp(yb, MIN_RAMP_BLOCKS);
  // A level shift is the step detector's, and an excursion that comes back is no drift.
  if (!near || stepResid(yb, near) <= near.resid || !persists(yb, near)) return null;
  const local = judge(
    ch.sigma * minSigma,
    noise,
    near.resid,
    yb.slice(near.from, near.k),
    near.c,
    near.end - near.k,
  );
  return local ? event(near.k, near.end, near.c, local) : null;
}

/**
 * The tests a fitted ramp (slope c per block over `blocks` blocks) must pass, on the history before
 * its onset: its height against what the fit leaves (`resid`, floored at the block noise), against the
 * floor, against the band the level wandered in before, and the level must not have been on its way
 * already. Returns the height/spread ratio when it passes.
 */
function judge(
  floor: number,
  noise: number,
  resid: number,
  history: number[],
  c: number,
  blocks: number,
): number | null {
  const height = Math.abs(c) * blocks;
  const spread = Math.max(resid, noise);
  if (height < DRIFT_MIN_RATIO * spread || height < floor) return null;
  // The channel's own history: a drift leaves the band the level wandered in before it started.
  // Wander and cycles are smooth too, so fit quality alone cannot tell them from a drift; their
  // size can, and so can whether the level was already on its way.
  if (height < DRIFT_HISTORY_RATIO * band(history)) return null;
  const before = slopeOf(history);
  if (Math.sign(before) === Math.sign(c) && Math.abs(before) >= DRIFT_HISTORY_SLOPE * Math.abs(c))
    return null;
  return height / spread;
}

/**
 * A sibling-residual drift must be this many times the largest change of any sibling against the
 * others (the drifting channel left out) over the same window. One sensor that creeps leaves the
 * others still against each other; cells or load cells that part under load move alike, and when two
 * of five part, each of them is one of the other's siblings.
 */
export const STAND_OUT = 3;

/**
 * Whether a drift over [i0, i1] on residual `own` stands out from its siblings (their series `sibs`):
 * the change between windows of a fifth of the drift (at least 10 samples) before its onset and at its
 * end, against the same change of each sibling minus the median of the other siblings. With one
 * sibling the pair cannot say which sensor moved: kept.
 */
export function standsOut(own: Float64Array, sibs: Float64Array[], i0: number, i1: number): boolean {
  if (sibs.length < 2) return true;
  const w = Math.max(10, Math.floor((i1 - i0) / 5));
  const a = Math.max(0, i0 - w);
  const b = Math.min(own.length, i1 + 1);
  const change = (y: ArrayLike<number>, from: number) =>
    Math.abs(finiteMean(y, i1 - w + 1 - from, i1 + 1 - from) - finiteMean(y, i0 - w - from, i0 - from));
  // The others' median per point into reused buffers (smallMedian): a fresh array and a median
  // call per point were most of this test's cost.
  const at = new Float64Array(sibs.length);
  const buf = new Float64Array(sibs.length);
  const r = new Float64Array(Math.max(0, b - a));
  const theirs = sibs.map((x, j) => {
    const rest = sibs.filter((_, k) => k !== j);
    const others = at.subarray(0, rest.length);
    for (let i = a; i < b; i++) {
      for (let k = 0; k < rest.length; k++) others[k] = rest[k]![i]!;
      r[i - a] = x[i]! - smallMedian(others, buf);
    }
    return change(r, a);
  });
  const most = Math.max(0, ...theirs.filter(Number.isFinite));
  return change(own, 0) >= STAND_OUT * most;
}
