// Drift: a slope that starts and persists. Slow drifts (well under one sigma per sample) only show
// over hundreds of samples, so the series is averaged into blocks and a ramp shape (flat, then a
// linear change from onset to end, then held) is fitted on top of a straight-line baseline. On a
// channel with siblings the series is the residual against their median, which removes the cycles,
// warm-up and load changes they share; a lone channel is judged on its own level.
import type { Channel } from './context.js';
import type { RawEvent } from './detect-local.js';
import { madSigma } from './robust.js';

/** Ramp height against the spread of what the fit leaves: 6x keeps cycles and wander out. */
const DRIFT_MIN_RATIO = 6;
/** And against the per-sample noise, so a very smooth channel does not report tiny slopes. */
const DRIFT_MIN_SIGMA = 5;

/** Least squares of y on [1, j, g(j)]; returns the residual sum of squares and the g coefficient. */
function fit3(y: number[], g: (j: number) => number): { rss: number; c: number } {
  const m = y.length;
  // Normal equations for columns 1, j, g; solved by Cramer's rule (3x3).
  let s11 = 0, s1j = 0, s1g = 0, sjj = 0, sjg = 0, sgg = 0, sy = 0, sjy = 0, sgy = 0;
  for (let j = 0; j < m; j++) {
    const gj = g(j);
    const v = y[j]!;
    s11 += 1; s1j += j; s1g += gj; sjj += j * j; sjg += j * gj; sgg += gj * gj;
    sy += v; sjy += j * v; sgy += gj * v;
  }
  const det3 = (a: number[]) =>
    a[0]! * (a[4]! * a[8]! - a[5]! * a[7]!) - a[1]! * (a[3]! * a[8]! - a[5]! * a[6]!) + a[2]! * (a[3]! * a[7]! - a[4]! * a[6]!);
  const M = [s11, s1j, s1g, s1j, sjj, sjg, s1g, sjg, sgg];
  const D = det3(M);
  if (Math.abs(D) < 1e-12) return { rss: Infinity, c: 0 };
  const a = det3([sy, s1j, s1g, sjy, sjj, sjg, sgy, sjg, sgg]) / D;
  const b = det3([s11, sy, s1g, s1j, sjy, sjg, s1g, sgy, sgg]) / D;
  const c = det3([s11, s1j, sy, s1j, sjj, sjy, s1g, sjg, sgy]) / D;
  let rss = 0;
  for (let j = 0; j < m; j++) rss += (y[j]! - (a + b * j + c * g(j))) ** 2;
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
  if (m < 20) return null;
  let best = { rss: Infinity, c: 0, k: 0, end: m - 1 };
  for (let k = 2; k < m - 4; k++) {
    const f = fit3(yb, (j) => Math.max(0, j - k));
    if (f.rss < best.rss) best = { ...f, k, end: m - 1 };
  }
  // With the onset fixed, the end of the ramp: after it the level holds.
  for (let end = best.k + 3; end < m - 1; end++) {
    const k = best.k;
    const f = fit3(yb, (j) => Math.min(Math.max(0, j - k), end - k));
    if (f.rss < best.rss) best = { ...f, k, end };
  }
  const height = Math.abs(best.c) * (best.end - best.k);
  const resid = Math.sqrt(best.rss / m);
  const spread = Math.max(resid, madSigma(yb.slice(1).map((v, j) => v - yb[j]!)) / Math.SQRT2);
  if (height < DRIFT_MIN_RATIO * spread || height < DRIFT_MIN_SIGMA * ch.sigma) return null;
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
