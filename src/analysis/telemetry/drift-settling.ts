// A lone channel's drift while it is still approaching the level its last command set. A heat-flux
// plate behind a wall with a four-hour lag, a core temperature behind a slab: after a set-point change
// the level runs a first-order approach for many hours, so the steady-stretch rule (drift-own.ts)
// never finds the stretch settled and nothing in it was judged. The approach itself is what the
// command explains: a level a + b exp(-t / tau) fitted with the ramp (so the fit cannot absorb the
// drift), and a sensor that creeps is a ramp on top of it that is faster than the approach, much
// larger than what the fit leaves, and faster than the approach was running at its onset.
import type { Channel } from './context.js';
import type { RawEvent } from './detect-local.js';
import { solve } from './model.js';
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
  /** Level, then each approach term's amplitude, then the ramp slope per block. */
  p: number[];
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
  const p = [0, 1, 2].map((k) => det(A.map((row, i) => row.map((v, j) => (j === k ? b[i]! : v)))) / D);
  let rss = 0;
  for (let j = 0; j < m; j++) rss += (y[j]! - p[0]! - p[1]! * g[j]! - p[2]! * r[j]!) ** 2;
  return { rss, p };
}

/** Least squares of y on [1, ...cols] through the normal equations. */
function fitCols(y: number[], cols: number[][]): Fit {
  const m = y.length;
  const all = [Array<number>(m).fill(1), ...cols];
  const n = all.length;
  const A = all.map((u) => all.map((v) => u.reduce((s, x, j) => s + x * v[j]!, 0)));
  const b = all.map((u) => u.reduce((s, x, j) => s + x * y[j]!, 0));
  const scale = Math.max(1, ...A.map((row, i) => Math.abs(row[i]!)));
  const p = solve(A, b, 1e-12 * scale);
  // A column solve() left at 0 for a vanishing pivot is a degenerate fit: reject it outright.
  if (p.some((v, i) => !Number.isFinite(v) || (v === 0 && i > 0 && Math.abs(A[i]![i]!) < 1e-12 * scale)))
    return { rss: Infinity, p: Array<number>(n).fill(0) };
  let rss = 0;
  for (let j = 0; j < m; j++) {
    let f = 0;
    for (let q = 0; q < n; q++) f += p[q]! * all[q]![j]!;
    rss += (y[j]! - f) ** 2;
  }
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
  const one = oneLag(ch, yb, age, cur, s, B, e);
  return one ?? twoLags(ch, yb, age, s, B, e);
}

function oneLag(
  ch: Channel,
  yb: number[],
  age: number[],
  cur: { fit: Fit; tau: number; k: number; end: number },
  s: number,
  B: number,
  e: number,
): RawEvent | null {
  const m = yb.length;
  const { fit, tau, k, end } = cur;
  const [, amp, slope] = fit.p as [number, number, number];
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
  const approachRate = (-amp / tau) * Math.exp(-age[k]! / tau);
  // ... the creep faster than it (a ramp as slow as the approach is the approach misfitted), and held
  // after its ramp for as long as the ramp lasted: a creep keeps its offset. Not where the ramp runs
  // against an approach still plainly under way (what it had left to go, amp exp(-age / tau), well
  // above the fit's spread): the step response of lags has one direction and never turns back, so a
  // level that does is no misfit of it, however long its ramp or late its end.
  if (
    (end - k >= tau || m - 1 - end < end - k) &&
    !against(approachRate, slope, height, amp * Math.exp(-age[k]! / tau), spread)
  )
    return null;
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

/**
 * The approach through two lags (a chamber behind its plate behind the plate's set-point): the slow
 * time constant over the fast one, 1.5 to 8.
 */
const LAG_RATIOS = [1.5, 1.75, 2, 2.25, 2.5, 3, 4, 6, 8];

/**
 * The same judgement when one lag does not hold the ramp (oneLag rejected it): the approach as two
 * exponentials, a plant behind a plant. One lag fitted to a two-lag approach leaves its slow tail as
 * a ramp from too early an onset, longer than the time constant and unheld, which oneLag rightly
 * refuses; two lags take that tail out and put the onset where the creep starts. The time constants
 * on a twelfth-octave grid: on a third-octave one the fit, a grid step off, again traded the tail
 * with the ramp. Passes a ramp in the approach's direction that outruns it (see below).
 */
function twoLags(ch: Channel, yb: number[], age: number[], s: number, B: number, e: number): RawEvent | null {
  const m = yb.length;
  const k0 = Math.floor(0.1 * m);
  const ramp = (k: number, end: number) => yb.map((_, j) => Math.min(Math.max(0, j - k), end - k));
  let best: { rss: number; taus: [number, number]; k: number } | null = null;
  for (let q = 0; q < 64; q++) {
    const slow = (m / 20) * Math.pow(2, q / 12);
    for (const r of LAG_RATIOS) {
      const taus: [number, number] = [slow, slow / r];
      const o = bestOnset(
        yb,
        taus.map((tau) => age.map((a) => Math.exp(-a / tau))),
        k0,
        m - MIN_RAMP_BLOCKS,
      );
      if (o && (!best || o.rss < best.rss)) best = { rss: o.rss, taus, k: o.k };
    }
  }
  if (!best) return null;
  const gs = best.taus.map((tau) => age.map((a) => Math.exp(-a / tau)));
  let cur = { fit: fitCols(yb, [...gs, ramp(best.k, m - 1)]), taus: best.taus, gs, k: best.k, end: m - 1 };
  for (let round = 0; round < 2; round++) {
    for (let end = cur.k + MIN_RAMP_BLOCKS; end < m - 1; end++) {
      const f = fitCols(yb, [...cur.gs, ramp(cur.k, end)]);
      if (f.rss < cur.fit.rss) cur = { ...cur, fit: f, end };
    }
    for (let k = k0; k <= cur.end - MIN_RAMP_BLOCKS; k++) {
      const f = fitCols(yb, [...cur.gs, ramp(k, cur.end)]);
      if (f.rss < cur.fit.rss) cur = { ...cur, fit: f, k };
    }
  }
  const { fit, taus, k, end } = cur;
  const [, a1, a2, slope] = fit.p as [number, number, number, number];
  const height = Math.abs(slope) * (end - k);
  const noise = madSigma(yb.slice(1).map((v, j) => v - yb[j]!)) / Math.SQRT2;
  const rms = Math.sqrt(fit.rss / m);
  const spread = Math.max(rms, noise);
  const rateAt = (j: number) =>
    -(a1 / taus[0]) * Math.exp(-age[j]! / taus[0]) - (a2 / taus[1]) * Math.exp(-age[j]! / taus[1]);
  const leftAt = (j: number) => a1 * Math.exp(-age[j]! / taus[0]) + a2 * Math.exp(-age[j]! / taus[1]);
  if (height < MIN_RATIO * spread || height < MIN_SIGMA * ch.sigma) return null;
  // The approach what the command explains, to the noise, and seen to settle within the stretch, as
  // with one lag.
  if (rms > FIT_NOISE * noise || 3 * taus[0] > m) return null;
  // Not a ramp against the approach, as oneLag passes: two exponentials of opposite amplitudes and
  // near time constants make a hump, an approach that turns back by itself, so its direction says
  // nothing (a lidar's chamber and TEC current read as drifts against their fitted approach). Only
  // one in its direction that outruns it:
  // - it starts once the part of the approach still under way (the term carrying most of what is left
  //   at the onset) has run three of its time constants, 95% of its move: before that a ramp in the
  //   approach's direction trades with the approach itself (a slewed set-point through a lag is a
  //   ramp then an approach);
  // - the approach is fitted over at least as long before the onset as the ramp runs after it: an
  //   unheld ramp over most of the stretch leaves the approach whatever the ramp does not take (a
  //   warm-up and a rising excursion cut by the next command);
  // - by the ramp's end the approach moves at under half the ramp's rate and has less left to go than
  //   half the ramp's height, so what the level still does there is not the approach's tail (two lags
  //   fit the tail itself, and the tail only ever slows).
  const onsetTau =
    Math.abs(a1 * Math.exp(-age[k]! / taus[0])) >= Math.abs(a2 * Math.exp(-age[k]! / taus[1]))
      ? taus[0]
      : taus[1];
  const ok =
    age[k]! >= 3 * onsetTau &&
    k >= end - k &&
    Math.abs(rateAt(end)) * 2 <= Math.abs(slope) &&
    Math.abs(leftAt(end)) * 2 <= height;
  if (!ok) return null;
  return {
    kind: 'drift',
    channels: [ch.name],
    i0: s + k * B,
    i1: Math.min(e - 1, s + end * B + B - 1),
    peak_sigma: height / ch.sigma,
    values: { change: slope * (end - k), slope_per_sample: slope / B },
    extra: { ratio: height / spread, tau_s: taus[0] * B, settled_onset: age[k]! >= 3 * onsetTau ? 1 : 0 },
  };
}

/**
 * A time constant off by the grid's step, or a second lag, bends a fitted approach by a tenth or so
 * of what it has left to go, either way: a ramp against the approach must be at least this share of
 * that to be more than such a bend.
 */
const AGAINST_SHARE = 0.25;

/**
 * Whether a ramp of `slope` over `height` runs against an approach moving at `rate` with `left` still
 * to go: that at least MIN_RATIO times the fit's spread (else the approach's direction is no longer
 * plain), and the ramp at least AGAINST_SHARE of it.
 */
function against(rate: number, slope: number, height: number, left: number, spread: number): boolean {
  return (
    rate !== 0 &&
    Math.sign(rate) !== Math.sign(slope) &&
    Math.abs(left) >= MIN_RATIO * spread &&
    height >= AGAINST_SHARE * Math.abs(left)
  );
}

/**
 * The onset k in [from, to) of a ramp running to the series' end that, with a level and the columns
 * gs, leaves the least: the normal equations from suffix sums, so each onset costs a few products.
 */
function bestOnset(y: number[], gs: number[][], from: number, to: number): { k: number; rss: number } | null {
  const m = y.length;
  const mean = y.reduce((a, v) => a + v, 0) / m;
  const yc = y.map((v) => v - mean);
  const base = [Array<number>(m).fill(1), ...gs, yc];
  const nb = base.length;
  // Suffix sums over j > k of x_j and of j * x_j for every base column (y last), and of j and j^2.
  const S0 = base.map(() => new Float64Array(m + 1));
  const S1 = base.map(() => new Float64Array(m + 1));
  const J1 = new Float64Array(m + 1);
  const J2 = new Float64Array(m + 1);
  for (let j = m - 1; j >= 0; j--) {
    for (let c = 0; c < nb; c++) {
      S0[c]![j] = S0[c]![j + 1]! + base[c]![j]!;
      S1[c]![j] = S1[c]![j + 1]! + j * base[c]![j]!;
    }
    J1[j] = J1[j + 1]! + j;
    J2[j] = J2[j + 1]! + j * j;
  }
  const n = nb - 1;
  const A0 = Array.from({ length: n }, (_, a) =>
    Array.from({ length: n }, (_, b) => base[a]!.reduce((t, x, j) => t + x * base[b]![j]!, 0)),
  );
  const b0 = Array.from({ length: n }, (_, a) => base[a]!.reduce((t, x, j) => t + x * yc[j]!, 0));
  // The fit without the ramp, and the inverse of its normal matrix column by column: adding the ramp
  // lowers the residual sum by (r'e)^2 / (r'r - u' M u), u = X'r, e the residual without it.
  const scale = Math.max(1, ...A0.map((row, i) => Math.abs(row[i]!)));
  const p0 = solve(A0, b0, 1e-12 * scale);
  const M = A0.map((_, c) =>
    solve(
      A0,
      A0.map((__, i) => (i === c ? 1 : 0)),
      1e-12 * scale,
    ),
  );
  if (!p0.every(Number.isFinite) || !M.every((col) => col.every(Number.isFinite))) return null;
  const rss0 = yc.reduce((t, v, j) => {
    let f = 0;
    for (let c = 0; c < n; c++) f += p0[c]! * base[c]![j]!;
    return t + (v - f) ** 2;
  }, 0);
  let best: { k: number; rss: number } | null = null;
  const u = new Float64Array(n);
  for (let k = from; k < to; k++) {
    // Ramp r_j = j - k for j > k: its products with each column, with y and with itself.
    for (let c = 0; c < n; c++) u[c] = S1[c]![k + 1]! - k * S0[c]![k + 1]!;
    const ry = S1[n]![k + 1]! - k * S0[n]![k + 1]!;
    const rr = J2[k + 1]! - 2 * k * J1[k + 1]! + k * k * (m - k - 1);
    let uMu = 0;
    let re = ry;
    for (let a = 0; a < n; a++) {
      re -= u[a]! * p0[a]!;
      for (let b = 0; b < n; b++) uMu += u[a]! * M[b]![a]! * u[b]!;
    }
    const d = rr - uMu;
    if (!(d > 1e-12 * rr)) continue;
    const rss = rss0 - (re * re) / d;
    if (!best || rss < best.rss) best = { k, rss };
  }
  return best;
}
