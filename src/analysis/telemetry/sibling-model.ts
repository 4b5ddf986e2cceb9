// Siblings of one quantity are not pure offsets of each other: their gains differ by tenths of a percent
// to a few percent (two joints of a busbar, two outlet thermometers), and their thermal lags by hundreds of
// seconds. Their plain residual then moves with the process, and a slow creep of one sensor hides in it.
// Here the channel is modelled from its siblings' median r: own = ref + a + b*r + c*(r - lag_tau(r)),
// where b is the gain difference and c*(r - lag_tau(r)) = c*tau*d/dt lag_tau(r) the first-order lag
// difference (a sensor with lag tau1 reads (1 + tau2 s)/(1 + tau1 s) of one with lag tau2: the second
// term with c*tau = tau2 - tau1 and tau = tau1). The fit carries a ramp (flat, linear, then held) of its own
// at the best place, or at a given candidate's, so the gain and lag terms cannot absorb the drift
// itself: a whole-file gain fit without it took part of a creep into the gain and lost drifts.
import { intervals, lag, solve } from './model.js';
import { interpolate, smallMedian } from './robust.js';

/**
 * The siblings' median where any is live (NaN where frozen), interpolated across the spans where none
 * is: a held value there would feed the lag term a step at the release that was never measured.
 */
export function liveReference(refs: Float64Array[]): Float64Array {
  // The same siblings are referenced again for each drift candidate of a channel: one median each, so
  // that the fits below can reuse what they computed on it.
  const seen = references.get(refs[0]!)?.find((r) => sameArrays(r.refs, refs));
  if (seen) return seen.out;
  const out = median(refs);
  if (refs[0]) references.set(refs[0], [...(references.get(refs[0]) ?? []), { refs, out }]);
  return out;
}

const references = new WeakMap<Float64Array, { refs: Float64Array[]; out: Float64Array }[]>();
const sameArrays = (a: Float64Array[], b: Float64Array[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

function median(refs: Float64Array[]): Float64Array {
  const n = refs[0]?.length ?? 0;
  const at = new Float64Array(refs.length);
  const buf = new Float64Array(refs.length);
  const out = new Float64Array(n);
  const [r0, r1, r2] = refs;
  for (let i = 0; i < n; i++) {
    // Two or three siblings all live (most samples): smallMedian's insertion written out.
    if (refs.length === 2 || refs.length === 3) {
      const a = r0![i]!;
      const b = r1![i]!;
      const c = refs.length === 3 ? r2![i]! : 0;
      if (Number.isFinite(a) && Number.isFinite(b) && Number.isFinite(c)) {
        const lo = a > b ? b : a;
        const hi = a > b ? a : b;
        out[i] = refs.length === 2 ? (lo + hi) / 2 : hi > c ? (lo > c ? lo : c) : hi;
        continue;
      }
    }
    for (let k = 0; k < refs.length; k++) at[k] = refs[k]![i]!;
    out[i] = smallMedian(at, buf);
  }
  return interpolate(out);
}

/**
 * Block means of the finite values of x: B samples each (NaN where a block has none); with `parity`,
 * of its even (0) or odd (1) samples only.
 */
function blockMeans(x: ArrayLike<number>, B: number, m: number, parity?: 0 | 1): Float64Array {
  const out = new Float64Array(m);
  const step = parity === undefined || B < 2 ? 1 : 2;
  for (let j = 0; j < m; j++) {
    let s = 0;
    let k = 0;
    for (let i = j * B + (step === 2 ? (j * B + parity!) % 2 : 0); i < (j + 1) * B; i += step)
      if (Number.isFinite(x[i]!)) {
        s += x[i]!;
        k++;
      }
    out[j] = k ? s / k : NaN;
  }
  return out;
}

/** Time constants tried: by factors of sqrt(2) from two sample periods to half the record. */
export function modelLags(period: number, duration: number): number[] {
  const out: number[] = [];
  for (let tau = 2 * period; tau <= 0.5 * duration && out.length < 40; tau *= Math.SQRT2) out.push(tau);
  return out;
}

export interface SiblingFit {
  /** Lag time constant of the lag-difference term, and the coefficients of 1, r, r - lag(r). */
  tau: number;
  beta: number[];
  /** The ramp fitted with them, in samples, and what the fit leaves (RMS of block means). */
  i0: number;
  i1: number;
  rms: number;
  /** What the plain residual's own ramp fit leaves (RMS of block means), for comparison. */
  plain: number;
}

/**
 * Longest ramp the fit may place, as a share of the record: a longer one, shaped like the process
 * itself, trades with the gain and lag terms (a flywheel's bearings: a ramp over two thirds of the run
 * took half the gain and left a 30-sigma ramp in the residual).
 */
const MAX_RAMP = 1 / 3;

/** Largest gain difference a sibling may have from its siblings' median. */
const MAX_GAIN = 0.1;

/** Blocks of the fit: about this many over the record. */
const BLOCKS = 300;

/**
 * The model of a channel from its siblings' median `ref`, fitted on the residual `e` (own - ref) by
 * least squares on block means with a ramp: at [i0, i1] when given (a candidate being judged), else at
 * the onset and end that fit best. The lag time constant is the grid's best. Null with too few blocks.
 */
export function fitSiblingModel(
  e: ArrayLike<number>,
  ref: Float64Array,
  t: Float64Array,
  taus: number[],
  at?: [number, number],
  live?: (i: number) => boolean,
): SiblingFit | null {
  const n = Math.min(e.length, ref.length);
  const B = Math.max(1, Math.ceil(n / BLOCKS));
  const m = Math.floor(n / B);
  if (m < 20) return null;
  // Where no sibling is live the reference is held, not measured: those samples say nothing.
  // The residual from odd samples, the reference terms from even ones: the residual carries the
  // reference's sample noise with a minus sign, and regressed on that same noise the lag term learnt
  // to cancel it (c near -1, two humidity sensors with no lag between them) rather than a lag.
  let masked: ArrayLike<number> = e;
  if (live) {
    const x = new Float64Array(n);
    for (let i = 0; i < n; i++) x[i] = live(i) ? e[i]! : NaN;
    masked = x;
  }
  const eb = blockMeans(masked, B, m, 1);
  const rb = blockMeans(ref, B, m, 0);
  let best: SiblingFit | null = null;
  let bestRss = Infinity;
  const at0 = at && ([Math.floor(at[0] / B), Math.floor(at[1] / B)] as [number, number]);
  const plainFit = rampFit(
    eb,
    () => [1],
    (j) => Number.isFinite(eb[j]!),
    1,
    m,
    at0,
  );
  const plain = plainFit ? Math.sqrt(plainFit.rss / m) : Infinity;
  const leads = leadBlocks(ref, t, taus, B, m);
  for (const tau of [0, ...taus]) {
    const lb = leads.get(tau)!;
    const z = (j: number) => [1, rb[j]!, lb[j]!];
    const valid = (j: number) =>
      Number.isFinite(eb[j]!) && Number.isFinite(rb[j]!) && Number.isFinite(lb[j]!);
    const p = tau ? 3 : 2;
    const fit = rampFit(eb, z, valid, p, m, at0);
    // Siblings of one quantity differ in gain by a few percent: a fit that needs more is no sibling
    // relation (vibration monitors at different mounting points answer a sweep 5x apart).
    if (fit && Math.abs(fit.beta[1]!) <= MAX_GAIN && fit.rss < bestRss) {
      bestRss = fit.rss;
      best = {
        tau,
        beta: tau ? fit.beta : [...fit.beta, 0],
        i0: fit.k * B,
        i1: Math.min(n - 1, fit.end * B + B - 1),
        rms: Math.sqrt(fit.rss / m),
        plain,
      };
    }
  }
  return best;
}

/**
 * Block means of r - lag_tau(r) over the even samples for each time constant (0 gives zeros), computed
 * once per reference and blocking: a channel's free fit and its candidates' fits share them. Only the
 * block sums are kept (a filtered series per time constant, 40 of them over every sample of a 200 MB
 * file, was most of a fit's cost); the arithmetic is that of lag() and of blockMeans() over its
 * output, in the same order.
 */
function leadBlocks(
  ref: Float64Array,
  t: Float64Array,
  taus: number[],
  B: number,
  m: number,
): Map<number, Float64Array> {
  let byKey = leadCache.get(ref);
  if (byKey?.t !== t) leadCache.set(ref, (byKey = { t, blocks: new Map() }));
  const cached = byKey.blocks;
  const key = (tau: number) => `${tau}|${B}|${m}`;
  const missing = taus.filter((tau) => tau && !cached.has(key(tau)));
  if (missing.length) {
    // The time constants filtered four at a time, each filter's state in a local: one pass over all
    // of them kept 40 states and 80 block-sum arrays in memory and cost ~17 ns a sample and constant;
    // four chains side by side keep the processor busy while each waits on its last step.
    // Samples past the last block feed nothing and are not filtered.
    const n = Math.min(ref.length, m * B);
    const { index, dts } = intervals(t, n);
    for (let g = 0; g < missing.length; g += 4) {
      // A last group of fewer than four repeats its last constant (computed twice, kept once).
      const group = [0, 1, 2, 3].map((r) => missing[Math.min(g + r, missing.length - 1)]!);
      const outs = leadBlocks4(ref, index, dts, group, B, m, n);
      group.forEach((tau, r) => cached.set(key(tau), outs[r]!));
    }
  }
  return new Map([0, ...taus].map((tau) => [tau, tau ? cached.get(key(tau))! : new Float64Array(m)]));
}

/**
 * Block means of r - lag_tau(r) over the samples blockMeans() takes (the even ones when B > 1) for
 * four time constants. A bucketed series' times are means of row times, so its intervals differ in
 * the last bits from sample to sample and an exp per sample per constant was most of this pass: each
 * distinct interval's gain once per constant (the value lag() computes for it).
 */
function leadBlocks4(
  ref: Float64Array,
  index: Uint32Array,
  dts: number[],
  taus: number[],
  B: number,
  m: number,
  n: number,
): Float64Array[] {
  const gains = new Float64Array(4 * dts.length);
  for (let q = 0; q < dts.length; q++)
    for (let r = 0; r < 4; r++) gains[4 * q + r] = 1 - Math.exp(-dts[q]! / taus[r]!);
  const outs = [0, 1, 2, 3].map(() => new Float64Array(m));
  const [o0, o1, o2, o3] = outs as [Float64Array, Float64Array, Float64Array, Float64Array];
  const every = B < 2;
  let y0 = ref[0] ?? 0;
  let y1 = y0;
  let y2 = y0;
  let y3 = y0;
  let i = 0;
  for (let j = 0; j < m; j++) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    for (const end = Math.min(n, (j + 1) * B); i < end; i++) {
      const q = 4 * index[i]!;
      const x = ref[i]!;
      y0 = y0 + (x - y0) * gains[q]!;
      y1 = y1 + (x - y1) * gains[q + 1]!;
      y2 = y2 + (x - y2) * gains[q + 2]!;
      y3 = y3 + (x - y3) * gains[q + 3]!;
      if (every || i % 2 === 0) {
        const v0 = x - y0;
        const v1 = x - y1;
        const v2 = x - y2;
        const v3 = x - y3;
        if (Number.isFinite(v0)) {
          s0 = s0 + v0;
          c0++;
        }
        if (Number.isFinite(v1)) {
          s1 = s1 + v1;
          c1++;
        }
        if (Number.isFinite(v2)) {
          s2 = s2 + v2;
          c2++;
        }
        if (Number.isFinite(v3)) {
          s3 = s3 + v3;
          c3++;
        }
      }
    }
    o0[j] = c0 ? s0 / c0 : NaN;
    o1[j] = c1 ? s1 / c1 : NaN;
    o2[j] = c2 ? s2 / c2 : NaN;
    o3[j] = c3 ? s3 / c3 : NaN;
  }
  return outs;
}

const leadCache = new WeakMap<Float64Array, { t: Float64Array; blocks: Map<string, Float64Array> }>();

/**
 * The residual less the fitted model (its ramp left in: that is what a drift detector must see). The
 * lead r - lag_tau(r) is formed sample by sample as lag() filters (no series of it).
 */
export function modelledResidual(e: ArrayLike<number>, ref: Float64Array, t: Float64Array, fit: SiblingFit) {
  const [a, b, c] = fit.beta as [number, number, number];
  const n = Math.min(e.length, ref.length);
  const out = new Float64Array(n);
  if (!fit.tau) {
    for (let i = 0; i < n; i++) out[i] = e[i]! - a - b * ref[i]! - c * 0;
    return out;
  }
  const lagged = lag(ref, t, fit.tau);
  for (let i = 0; i < n; i++) out[i] = e[i]! - a - b * ref[i]! - c * (ref[i]! - lagged[i]!);
  return out;
}

/**
 * Least squares of y on the covariates z (p of them) and a ramp min(max(0, j - k), end - k): the
 * covariates are partialled out once, and each ramp is scored from prefix sums in O(p^2).
 */
function rampFit(
  y: Float64Array,
  z: (j: number) => number[],
  valid: (j: number) => boolean,
  p: number,
  m: number,
  at?: [number, number],
): { rss: number; beta: number[]; k: number; end: number } | null {
  const rows = Array.from({ length: m }, (_, j) => (valid(j) ? z(j).slice(0, p) : null));
  const G = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const zy = new Array<number>(p).fill(0);
  let count = 0;
  rows.forEach((r, j) => {
    if (!r) return;
    count++;
    for (let u = 0; u < p; u++) {
      zy[u] = zy[u]! + r[u]! * y[j]!;
      const row = G[u]!;
      for (let v = 0; v < p; v++) row[v] = row[v]! + r[u]! * r[v]!;
    }
  });
  if (count < 20) return null;
  // Columns of G^-1, so that G^-1 w is a sum of them.
  const Ginv = Array.from({ length: p }, (_, c) =>
    solve(
      G,
      G.map((_, r) => (r === c ? 1 : 0)),
    ),
  );
  const mul = (w: number[]) => w.map((_, r) => w.reduce((s, wc, c) => s + Ginv[c]![r]! * wc, 0));
  const g0 = mul(zy);
  // Residual of y on the covariates, and prefix sums (over block index) for the ramp's products.
  const P = (k: number) => Array.from({ length: k }, () => new Float64Array(m + 1));
  const [pv, pj, pjj, pe, pje] = P(5) as Float64Array[];
  const pz = P(p);
  const pjz = P(p);
  let ee = 0;
  for (let j = 0; j < m; j++) {
    const r = rows[j];
    const ej = r ? y[j]! - r.reduce((s, x, u) => s + x * g0[u]!, 0) : 0;
    const v = r ? 1 : 0;
    ee += ej * ej;
    pv![j + 1] = pv![j]! + v;
    pj![j + 1] = pj![j]! + v * j;
    pjj![j + 1] = pjj![j]! + v * j * j;
    pe![j + 1] = pe![j]! + ej;
    pje![j + 1] = pje![j]! + j * ej;
    for (let u = 0; u < p; u++) {
      const x = r ? r[u]! : 0;
      pz[u]![j + 1] = pz[u]![j]! + x;
      pjz[u]![j + 1] = pjz[u]![j]! + j * x;
    }
  }
  const over = (s: Float64Array, a: number, b: number) => s[b]! - s[a]!;
  // Sum over the ramp of g*w for w with prefix sums s (plain) and sj (times j).
  const dot = (s: Float64Array, sj: Float64Array, k: number, end: number) =>
    over(sj, k + 1, end + 1) - k * over(s, k + 1, end + 1) + (end - k) * over(s, end + 1, m);
  // The ramp search scores every (onset, end) pair of every lag: written out in searchRamps() on flat
  // arrays, with no call or allocation per pair, in the arithmetic and order of over() and dot() here.
  const M1 = m + 1;
  const sz = new Float64Array(p * M1);
  const sjz = new Float64Array(p * M1);
  for (let u = 0; u < p; u++) {
    sz.set(pz[u]!, u * M1);
    sjz.set(pjz[u]!, u * M1);
  }
  const gi = new Float64Array(p * p);
  for (let c = 0; c < p; c++) for (let u = 0; u < p; u++) gi[c * p + u] = Ginv[c]![u]!;
  const prefixes = { pv: pv!, pj: pj!, pjj: pjj!, pe: pe!, pje: pje!, sz, sjz, gi, p, m };
  const best = at
    ? searchRamps(
        prefixes,
        Math.max(0, Math.min(at[0], m - 2)),
        Math.max(Math.min(at[1], m - 1), Math.min(at[0], m - 2) + 1),
      )
    : searchRamps(prefixes);
  if (best.score === -Infinity) return { rss: ee, beta: g0, k: 0, end: 0 };
  // Covariate coefficients with the ramp taken out: G^-1 Z'(y - h g).
  const zBest = pz.map((s, u) => dot(s, pjz[u]!, best.k, best.end));
  const beta = g0.map((b, u) => b - best.h * mul(zBest)[u]!);
  return { rss: ee - best.score, beta, k: best.k, end: best.end };
}

interface RampPrefixes {
  pv: Float64Array;
  pj: Float64Array;
  pjj: Float64Array;
  pe: Float64Array;
  pje: Float64Array;
  /** Prefix sums of each covariate and of it times j, p rows of m + 1. */
  sz: Float64Array;
  sjz: Float64Array;
  /** G^-1, column c at c * p. */
  gi: Float64Array;
  p: number;
  m: number;
}

/**
 * The best ramp by score (the first of equal ones in search order): the one at (k0, end0) when given,
 * else every onset and end up to MAX_RAMP of the record.
 */
function searchRamps(
  { pv, pj, pjj, pe, pje, sz, sjz, gi, p, m }: RampPrefixes,
  k0?: number,
  end0?: number,
): { score: number; k: number; end: number; h: number } {
  if (p === 3 && k0 === undefined) return searchRamps3({ pv, pj, pjj, pe, pje, sz, sjz, gi, p, m });
  const M1 = m + 1;
  const zg = new Float64Array(p);
  let best = { score: -Infinity, k: 0, end: 0, h: 0 };
  const kFrom = k0 ?? 1;
  const kTo = k0 === undefined ? m - 3 : k0 + 1;
  for (let k = kFrom; k < kTo; k++) {
    const k1 = k + 1;
    const endFrom = end0 ?? k + 3;
    const endTo = end0 === undefined ? Math.min(m, k + MAX_RAMP * m) : end0 + 1;
    for (let end = endFrom; end < endTo; end++) {
      const L = end - k;
      const e1 = end + 1;
      const gg =
        pjj[e1]! -
        pjj[k1]! -
        2 * k * (pj[e1]! - pj[k1]!) +
        k * k * (pv[e1]! - pv[k1]!) +
        L * L * (pv[m]! - pv[e1]!);
      for (let u = 0; u < p; u++) {
        const o = u * M1;
        zg[u] =
          sjz[o + e1]! - sjz[o + k1]! - k * (sz[o + e1]! - sz[o + k1]!) + L * (sz[o + m]! - sz[o + e1]!);
      }
      // zg' G^-1 zg, summed in the order mul() and reduce() would.
      let zMz = 0;
      for (let u = 0; u < p; u++) {
        let proj = 0;
        for (let c = 0; c < p; c++) proj += gi[c * p + u]! * zg[c]!;
        zMz += zg[u]! * proj;
      }
      const gMg = gg - zMz;
      if (!(gMg > 1e-9)) continue;
      const ge = pje[e1]! - pje[k1]! - k * (pe[e1]! - pe[k1]!) + L * (pe[m]! - pe[e1]!);
      const score = (ge * ge) / gMg;
      if (score > best.score) best = { score, k, end, h: ge / gMg };
    }
  }
  return best;
}

type Nine = [number, number, number, number, number, number, number, number, number];

/**
 * searchRamps() over every ramp with three covariates (an intercept, the reference and its lead: the
 * fit of every lag but 0), with the covariates in scalars: the same sums in the same order.
 */
function searchRamps3({ pv, pj, pjj, pe, pje, sz, sjz, gi, m }: RampPrefixes) {
  const M1 = m + 1;
  const [g00, g01, g02, g10, g11, g12, g20, g21, g22] = Array.from(gi) as Nine;
  const [a, b, c] = [0, M1, 2 * M1];
  const vm = pv[m]!;
  const [s0m, s1m, s2m] = [sz[a + m]!, sz[b + m]!, sz[c + m]!];
  const em = pe[m]!;
  let best = { score: -Infinity, k: 0, end: 0, h: 0 };
  for (let k = 1; k < m - 3; k++) {
    const k1 = k + 1;
    const [jjk, jk, vk, twoK, kk] = [pjj[k1]!, pj[k1]!, pv[k1]!, 2 * k, k * k];
    const [s0k, s1k, s2k] = [sz[a + k1]!, sz[b + k1]!, sz[c + k1]!];
    const [j0k, j1k, j2k] = [sjz[a + k1]!, sjz[b + k1]!, sjz[c + k1]!];
    const [ek, jek] = [pe[k1]!, pje[k1]!];
    const endTo = Math.min(m, k + MAX_RAMP * m);
    for (let end = k + 3; end < endTo; end++) {
      const L = end - k;
      const e1 = end + 1;
      const ve = pv[e1]!;
      const gg = pjj[e1]! - jjk - twoK * (pj[e1]! - jk) + kk * (ve - vk) + L * L * (vm - ve);
      const s0 = sz[a + e1]!;
      const s1 = sz[b + e1]!;
      const s2 = sz[c + e1]!;
      const z0 = sjz[a + e1]! - j0k - k * (s0 - s0k) + L * (s0m - s0);
      const z1 = sjz[b + e1]! - j1k - k * (s1 - s1k) + L * (s1m - s1);
      const z2 = sjz[c + e1]! - j2k - k * (s2 - s2k) + L * (s2m - s2);
      const p0 = 0 + g00 * z0 + g10 * z1 + g20 * z2;
      const p1 = 0 + g01 * z0 + g11 * z1 + g21 * z2;
      const p2 = 0 + g02 * z0 + g12 * z1 + g22 * z2;
      const gMg = gg - (0 + z0 * p0 + z1 * p1 + z2 * p2);
      if (!(gMg > 1e-9)) continue;
      const ee = pe[e1]!;
      const ge = pje[e1]! - jek - k * (ee - ek) + L * (em - ee);
      const score = (ge * ge) / gMg;
      if (score > best.score) best = { score, k, end, h: ge / gMg };
    }
  }
  return best;
}
