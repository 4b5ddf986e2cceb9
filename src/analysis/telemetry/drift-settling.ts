// A lone channel's drift while it is still approaching the level its last command set. A heat-flux
// plate behind a wall with a four-hour lag, a core temperature behind a slab: after a set-point change
// the level runs a first-order approach for many hours, so the steady-stretch rule (drift-own.ts)
// never finds the stretch settled and nothing in it was judged. The approach itself is what the
// command explains: a level a + b exp(-t / tau) fitted with the ramp (so the fit cannot absorb the
// drift), and a sensor that creeps is a ramp on top of it that is faster than the approach, much
// larger than what the fit leaves, and faster than the approach was running at its onset.
import type { Channel } from './context.js';
import type { RawEvent } from './detect-local.js';
import { madSigma } from './robust.js';

/** Ramp height against the spread of what the fit leaves, as DRIFT_MIN_RATIO in detect-drift.ts. */
const MIN_RATIO = 6;
/** And against the channel's per-sample noise, as a lone channel's own level (drift-own.ts): 3x. */
const MIN_SIGMA = 3;
/** Shortest ramp, in blocks: fewer is a step's. */
const MIN_RAMP_BLOCKS = 5;
/** What the fit leaves, at most this many times the block means' own noise. */
const FIT_NOISE = 1.5;
/** The first share of the stretch is the fast part of the answer, which one time constant fits badly. */
const SKIP_SHARE = 0.1;

interface Fit {
  rss: number;
  /** Level, approach amplitude, ramp slope per block. */
  p: [number, number, number];
}

/** Least squares of y on [1, g, r] through the 3x3 normal equations (Cramer's rule). */
function fit3(y: number[], g: number[], r: number[]): Fit {
  const m = y.length;
  const cols = [Array<number>(m).fill(1), g, r];
  const A = cols.map((u) => cols.map((v) => u.reduce((s, x, j) => s + x * v[j]!, 0)));
  const b = cols.map((u) => u.reduce((s, x, j) => s + x * y[j]!, 0));
  const det = (M: number[][]) =>
    M[0]![0]! * (M[1]![1]! * M[2]![2]! - M[1]![2]! * M[2]![1]!) -
    M[0]![1]! * (M[1]![0]! * M[2]![2]! - M[1]![2]! * M[2]![0]!) +
    M[0]![2]! * (M[1]![0]! * M[2]![1]! - M[1]![1]! * M[2]![0]!);
  const D = det(A);
  if (Math.abs(D) < 1e-12 * Math.max(1, Math.abs(A[0]![0]! * A[1]![1]! * A[2]![2]!)))
    return { rss: Infinity, p: [0, 0, 0] };
  const p = [0, 1, 2].map((k) => det(A.map((row, i) => row.map((v, j) => (j === k ? b[i]! : v)))) / D) as [
    number,
    number,
    number,
  ];
  let rss = 0;
  for (let j = 0; j < m; j++) rss += (y[j]! - p[0] - p[1] * g[j]! - p[2] * r[j]!) ** 2;
  return { rss, p };
}

/**
 * A drift within the stretch [c, e) after the change at c that the channel was still approaching
 * when it started: the ramp fitted with a first-order approach under it (tau on a log grid), judged
 * on its height against what the fit leaves and the channel's noise, and against the approach's own
 * rate at the onset (the ramp must be at least twice as fast, or it is the tail). Null when none passes.
 */
export function settlingDrift(ch: Channel, y: Float64Array, c: number, e: number): RawEvent | null {
  if (e - c < 400) return null;
  const s = c + Math.floor(SKIP_SHARE * (e - c));
  const B = Math.max(1, Math.ceil((e - s) / 150));
  const yb: number[] = [];
  for (let q = s; q + B <= e; q += B) {
    let sum = 0;
    for (let i = q; i < q + B; i++) sum += y[i]!;
    yb.push(sum / B);
  }
  const m = yb.length;
  if (m < 40 || yb.some((v) => !Number.isFinite(v))) return null;
  // Time since the change, in blocks, at each block's middle.
  const age = yb.map((_, j) => (s - c) / B + j + 0.5);
  let best: { fit: Fit; tau: number; k: number; end: number } | null = null;
  for (let q = 0; q < 16; q++) {
    const tau = (m / 20) * Math.pow(2, q / 3);
    const g = age.map((a) => Math.exp(-a / tau));
    for (let k = Math.floor(0.1 * m); k < m - MIN_RAMP_BLOCKS; k++) {
      const f = fit3(
        yb,
        g,
        yb.map((_, j) => Math.max(0, j - k)),
      );
      if (!best || f.rss < best.fit.rss) best = { fit: f, tau, k, end: m - 1 };
    }
  }
  if (!best) return null;
  let cur: { fit: Fit; tau: number; k: number; end: number } = best;
  // The ramp's end with its onset fixed, then the onset with the end fixed, twice: a ramp held to the
  // stretch's end trades its onset with the approach, so the first onset is too early.
  const g = age.map((a) => Math.exp(-a / cur.tau));
  const ramp = (k: number, end: number) => yb.map((_, j) => Math.min(Math.max(0, j - k), end - k));
  for (let round = 0; round < 2; round++) {
    for (let end = cur.k + MIN_RAMP_BLOCKS; end < m - 1; end++) {
      const f = fit3(yb, g, ramp(cur.k, end));
      if (f.rss < cur.fit.rss) cur = { ...cur, fit: f, end };
    }
    for (let k = Math.floor(0.1 * m); k <= cur.end - MIN_RAMP_BLOCKS; k++) {
      const f = fit3(yb, g, ramp(k, cur.end));
      if (f.rss < cur.fit.rss) cur = { ...cur, fit: f, k };
    }
  }
  const { fit, tau, k, end } = cur;
  const [, amp, slope] = fit.p;
  const height = Math.abs(slope) * (end - k);
  const noise = madSigma(yb.slice(1).map((v, j) => v - yb[j]!)) / Math.SQRT2;
  const spread = Math.max(Math.sqrt(fit.rss / m), noise);
  if (height < MIN_RATIO * spread || height < MIN_SIGMA * ch.sigma) return null;
  // The approach must be what the command explains: one time constant fitting the level to its noise
  // (a process with a course of its own, a batch warming or a volume filling, leaves more) ...
  if (Math.sqrt(fit.rss / m) > FIT_NOISE * noise) return null;
  // ... seen to settle within the stretch (three time constants: else the approach is a near-straight
  // line that trades with any ramp) ...
  if (3 * tau > m) return null;
  // ... the creep faster than it (a ramp as slow as the approach is the approach misfitted), and held
  // after its ramp for as long as the ramp lasted: a creep keeps its offset.
  if (end - k >= tau || m - 1 - end < end - k) return null;
  const approachRate = (-amp / tau) * Math.exp(-age[k]! / tau);
  if (Math.sign(approachRate) === Math.sign(slope) && Math.abs(approachRate) * 2 > Math.abs(slope))
    return null;
  return {
    kind: 'drift',
    channels: [ch.name],
    i0: s + k * B,
    i1: Math.min(e - 1, s + end * B + B - 1),
    peak_sigma: height / ch.sigma,
    values: { change: slope * (end - k), slope_per_sample: slope / B },
    extra: { ratio: height / spread, tau_s: tau * B },
  };
}
