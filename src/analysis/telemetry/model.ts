// The channel modelled from what should explain it: its siblings' median and the command columns,
// each also through first-order lags of several time constants (thermal lag, motor spin-up). The
// residual of this lagged regression is where steps and drifts are looked for, so a sensor that
// lags its siblings by 30 s, or a bus voltage that sags with a motor command, leaves nothing behind.
import { madSigma } from './robust.js';

/** First-order lag with time constant tau (s) on an irregular time base. */
export function lag(x: Float64Array, t: Float64Array, tau: number): Float64Array {
  const out = new Float64Array(x.length);
  let y = x[0] ?? 0;
  // The gain of each distinct interval once: an exp per sample per time constant was most of the
  // sibling model's fit (sibling-model.ts tries 40 of them), and a bucketed series' times, means of
  // row times, differ in the last bits from one interval to the next.
  const { index, dts } = intervals(t, x.length);
  const gains = dts.map((dt) => 1 - Math.exp(-dt / tau));
  for (let i = 0; i < x.length; i++) {
    y += (x[i]! - y) * gains[index[i]!]!;
    out[i] = y;
  }
  return out;
}

/**
 * The intervals of the first n samples of t as lag() takes them (0 first, none negative): the
 * distinct values, and each sample's index into them.
 */
export function intervals(t: Float64Array, n: number): Intervals {
  // Kept per length: lag() asks for the whole series and the sibling model's blocks for the samples
  // the blocks cover, and one entry per series recomputed each time the two alternated (a Map of
  // ~200,000 near-distinct intervals, ~0.15 s a 200 MB file).
  let byLength = intervalCache.get(t);
  if (!byLength) intervalCache.set(t, (byLength = new Map<number, Intervals>()));
  const seenT = byLength.get(n);
  if (seenT) return seenT;
  const index = new Uint32Array(n);
  const dts: number[] = [];
  const seen = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const dt = i ? Math.max(0, t[i]! - t[i - 1]!) : 0;
    let q = seen.get(dt);
    if (q === undefined) {
      q = dts.push(dt) - 1;
      seen.set(dt, q);
    }
    index[i] = q;
  }
  byLength.set(n, { index, dts });
  return { index, dts };
}
interface Intervals {
  index: Uint32Array;
  dts: number[];
}
const intervalCache = new WeakMap<Float64Array, Map<number, Intervals>>();

/** Time constants tried: 1 s to 300 s by factors of ~3, kept between 3 periods and 15% of the file. */
export function lagSet(period: number, duration: number): number[] {
  return [1, 3, 10, 30, 100, 300].filter((tau) => tau >= 3 * period && tau <= 0.15 * duration);
}

/**
 * Solves A x = b (A symmetric positive definite with a small ridge) by Gaussian elimination; a pivot
 * under `tiny` leaves its unknown at 0.
 */
export function solve(A: number[][], b: number[], tiny = 1e-12): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    const d = M[c]![c]!;
    if (Math.abs(d) < tiny) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r]![c]! / d;
      if (f !== 0) for (let k = c; k <= n; k++) M[r]![k] = M[r]![k]! - f * M[c]![k]!;
    }
  }
  return M.map((row, i) => (Math.abs(row[i]!) < tiny ? 0 : row[n]! / row[i]!));
}

/**
 * Regressors centred and scaled by their standard deviation over the fitted rows, so the ridge means
 * the same for volts and kilopascals. A command that is mostly constant has a MAD of zero, and its
 * first-order lags decay towards the constant through denormal numbers (5e-324): scaling by such a
 * "spread" gave infinite columns and a NaN fit, which the step detector read as hundreds of steps. So
 * the scale is the standard deviation, and a regressor whose spread is below 1e-9 of its magnitude
 * (constant within floating-point rounding over the fitted rows) explains nothing and is dropped.
 * Non-finite values count as the regressor's mean (no information), never as numbers.
 */
export function conditioned(regs: Float64Array[], from: number): Float64Array[] {
  const out: Float64Array[] = [];
  for (const r of regs) {
    let n = 0;
    let m = 0;
    let big = 0;
    for (let i = from; i < r.length; i++) {
      const v = r[i]!;
      if (!Number.isFinite(v)) continue;
      n++;
      m += v;
      big = Math.max(big, Math.abs(v));
    }
    if (n < 2) continue;
    m /= n;
    let ss = 0;
    for (let i = from; i < r.length; i++) if (Number.isFinite(r[i]!)) ss += (r[i]! - m) ** 2;
    const sd = Math.sqrt(ss / (n - 1));
    if (!(sd > 1e-9 * big) || !Number.isFinite(sd)) continue;
    out.push(r.map((v) => (Number.isFinite(v) ? (v - m) / sd : 0)));
  }
  return out;
}

/**
 * Residual of y against the regressors (plus an intercept), fitted on rows >= from. Two passes: the
 * second drops rows whose residual is beyond 3 robust sigma, so a fault does not bend the model that
 * is meant to expose it.
 */
export function residualOf(y: Float64Array, regs: Float64Array[], from: number): Float64Array {
  const n = y.length;
  const cols = conditioned(regs, from);
  const k = cols.length + 1;
  // The normal equations summed in flat typed arrays with the regressors read in place (a closure per
  // term and arrays of arrays were most of this fit's cost); the same sums in the same order.
  let coef = new Array<number>(k).fill(0);
  /** The previous pass's residual and its bar: rows beyond it are left out of the next pass. */
  let kept: { r: Float64Array; s: number } | null = null;
  for (let pass = 0; pass < 2; pass++) {
    const A = new Float64Array(k * k);
    const b = new Float64Array(k);
    let used = 0;
    for (let i = from; i < n; i++) {
      if (kept && !(Math.abs(kept.r[i]!) <= kept.s)) continue;
      used++;
      const yi = y[i]!;
      for (let p = 0; p < k; p++) {
        const xp = p === 0 ? 1 : cols[p - 1]![i]!;
        b[p] = b[p]! + xp * yi;
        const row = p * k;
        for (let q = p; q < k; q++) A[row + q] = A[row + q]! + xp * (q === 0 ? 1 : cols[q - 1]![i]!);
      }
    }
    const M = Array.from({ length: k }, (_, p) => Array.from(A.subarray(p * k, p * k + k)));
    for (let p = 0; p < k; p++) {
      for (let q = 0; q < p; q++) M[p]![q] = M[q]![p]!;
      if (p > 0) M[p]![p] = M[p]![p]! + 1e-3 * used;
    }
    const fit = solve(M, Array.from(b));
    // A fit that is not finite (a non-finite y, an overflow) models nothing: keep the previous one,
    // so the residual is at worst the channel minus its mean, never NaN.
    if (!fit.every(Number.isFinite)) break;
    coef = fit;
    const r = residual(y, coef, cols);
    const s = 3 * madSigma(r.subarray(from));
    // A residual MAD of zero (most rows fitted exactly) would keep only those rows: keep all instead.
    kept = s > 0 ? { r, s } : null;
  }
  return residual(y, coef, cols);
}

/** y less the fit: coef[0] (the intercept) plus coef[p] times regressor p - 1, summed in that order. */
function residual(y: Float64Array, coef: number[], cols: Float64Array[]): Float64Array {
  const out = new Float64Array(y.length);
  for (let i = 0; i < y.length; i++) {
    let f = 0;
    for (let p = 0; p < coef.length; p++) f += coef[p]! * (p === 0 ? 1 : cols[p - 1]![i]!);
    out[i] = y[i]! - f;
  }
  return out;
}
