// Drift: a slope that starts and persists. Slow drifts (well under one sigma per sample) only show
// over hundreds of samples, so the series is averaged into blocks and a ramp shape (flat, then a
// linear change from onset to end, then held) is fitted on top of the level before it. On a
// channel with siblings the series is the residual against their median, which removes the cycles,
// warm-up and load changes they share; a lone channel is judged on its own level.
import type { Channel } from './context.js';
import type { RawEvent } from './detect-local.js';
import { madSigma } from './robust.js';

/** Ramp height against the spread of what the fit leaves: 6x keeps cycles and wander out. */
const DRIFT_MIN_RATIO = 6;
/** And against the per-sample noise, so a very smooth channel does not report tiny slopes. */
const DRIFT_MIN_SIGMA = 10;

/** Ramp height against the range (p95 - p5) the detrended level covered before the onset. */
const DRIFT_HISTORY_RATIO = 3;

/**
 * p95 - p5 of the blocks before the onset. Not detrended: slow wander is exactly what a drift must
 * stand out from, and a line through the history would hide it.
 */
function historyBand(yb: number[], k: number): number {
  const r = yb.slice(0, k).sort((u, v) => u - v);
  return r[Math.floor(0.95 * (k - 1))]! - r[Math.floor(0.05 * (k - 1))]!;
}

/**
 * Least squares of y on [1, g(j)]: a level, then the ramp. No slope term: a line extrapolated from
 * the history turns the curvature of slow wander into a large "departure", while the level before
 * the onset is what a drift really leaves.
 */
function fit2(y: number[], g: (j: number) => number): { rss: number; c: number } {
  const m = y.length;
  let sg = 0;
  let sgg = 0;
  let sy = 0;
  let sgy = 0;
  for (let j = 0; j < m; j++) {
    const gj = g(j);
    sg += gj;
    sgg += gj * gj;
    sy += y[j]!;
    sgy += gj * y[j]!;
  }
  const det = m * sgg - sg * sg;
  if (Math.abs(det) < 1e-12) return { rss: Infinity, c: 0 };
  const c = (m * sgy - sg * sy) / det;
  const a = (sy - c * sg) / m;
  let rss = 0;
  for (let j = 0; j < m; j++) rss += (y[j]! - (a + c * g(j))) ** 2;
  return { rss, c };
}

/** Drift within the steady segment [s, e) of series y; at most one per segment. */
export function drift(ch: Channel, y: Float64Array, s: number, e: number): RawEvent | null {
  const len = e - s;
  const B = Math.max(1, Math.ceil(len / 150));
  const yb: number[] = [];
  for (let k = s; k + B <= e; k += B) {
    let sum = 0;
    for (let i = k; i < k + B; i++) sum += y[i]!;
    yb.push(sum / B);
  }
  const m = yb.length;
  if (m < 20 || len < 100) return null;
  let best = { rss: Infinity, c: 0, k: 0, end: m - 1 };
  // At least 10 blocks of history before the onset: with fewer, the pre-onset line that the ramp is
  // measured from is set by a handful of points and trades slope with the ramp freely.
  for (let k = Math.max(10, Math.floor(0.1 * m)); k < m - 4; k++) {
    const f = fit2(yb, (j) => Math.max(0, j - k));
    if (f.rss < best.rss) best = { ...f, k, end: m - 1 };
  }
  // With the onset fixed, the end of the ramp: after it the level holds.
  for (let end = best.k + 3; end < m - 1; end++) {
    const k = best.k;
    const f = fit2(yb, (j) => Math.min(Math.max(0, j - k), end - k));
    if (f.rss < best.rss) best = { ...f, k, end };
  }
  const height = Math.abs(best.c) * (best.end - best.k);
  const resid = Math.sqrt(best.rss / m);
  const spread = Math.max(resid, madSigma(yb.slice(1).map((v, j) => v - yb[j]!)) / Math.SQRT2);
  if (height < DRIFT_MIN_RATIO * spread || height < DRIFT_MIN_SIGMA * ch.sigma) return null;
  // The channel's own history: a drift leaves the band the level wandered in before it started. Wander
  // and cycles are smooth too, so fit quality alone cannot tell them from a drift; their size can.
  const history = historyBand(yb, best.k);
  if (height < DRIFT_HISTORY_RATIO * history) return null;
  return {
    kind: 'drift',
    channels: [ch.name],
    i0: s + best.k * B,
    i1: Math.min(e - 1, s + best.end * B + B - 1),
    peak_sigma: height / ch.sigma,
    values: { change: best.c * (best.end - best.k), slope_per_sample: best.c / B },
    extra: { ratio: height / spread },
  };
}
