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
export function intervals(t: Float64Array, n: number): { index: Uint32Array; dts: number[] } {
  const seenT = intervalCache.get(t);
  if (seenT?.index.length === n) return seenT;
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
  intervalCache.set(t, { index, dts });
  return { index, dts };
}
const intervalCache = new WeakMap<Float64Array, { index: Uint32Array; dts: number[] }>();

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
  const at = (c: number, i: number) => (c === 0 ? 1 : cols[c - 1]![i]!);
  let keep = (_i: number) => true;
  let coef = new Array<number>(k).fill(0);
  for (let pass = 0; pass < 2; pass++) {
    const A = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    const b = new Array<number>(k).fill(0);
    let used = 0;
    for (let i = from; i < n; i++) {
      if (!keep(i)) continue;
      used++;
      for (let p = 0; p < k; p++) {
        const xp = at(p, i);
        b[p] = b[p]! + xp * y[i]!;
        const row = A[p]!;
        for (let q = p; q < k; q++) row[q] = row[q]! + xp * at(q, i);
      }
    }
    for (let p = 0; p < k; p++) {
      for (let q = 0; q < p; q++) A[p]![q] = A[q]![p]!;
      if (p > 0) A[p]![p] = A[p]![p]! + 1e-3 * used;
    }
    const fit = solve(A, b);
    // A fit that is not finite (a non-finite y, an overflow) models nothing: keep the previous one,
    // so the residual is at worst the channel minus its mean, never NaN.
    if (!fit.every(Number.isFinite)) break;
    coef = fit;
    const r = residual(y, coef, at);
    const s = 3 * madSigma(r.subarray(from));
    // A residual MAD of zero (most rows fitted exactly) would keep only those rows: keep all instead.
    keep = s > 0 ? (i) => Math.abs(r[i]!) <= s : () => true;
  }
  return residual(y, coef, at);
}

function residual(y: Float64Array, coef: number[], at: (c: number, i: number) => number): Float64Array {
  return y.map((v, i) => {
    let f = 0;
    for (let p = 0; p < coef.length; p++) f += coef[p]! * at(p, i);
    return v - f;
  });
}
