// Robust statistics the detectors share. Median and MAD rather than mean and std: one fault must not
// inflate the scale it is measured against.

export function median(xs: ArrayLike<number>): number {
  return medianInPlace(finiteCopy(xs));
}

/** The median of finite values `a`, reordered in place (callers pass a copy they own). */
function medianInPlace(a: Float64Array): number {
  const n = a.length;
  if (!n) return NaN;
  const m = n >> 1;
  const hi = select(a, m);
  // Even count: the lower middle is the largest value left of m once m is in place.
  if (n % 2) return hi;
  let lo = -Infinity;
  for (let i = 0; i < m; i++) if (a[i]! > lo) lo = a[i]!;
  return (lo + hi) / 2;
}

/**
 * median() of a handful of values (siblings at one instant) into a reused buffer, by insertion sort:
 * the same answer without a fresh array and a quickselect per point, which were most of a sibling
 * residual's cost (called once per sample per channel).
 */
export function smallMedian(xs: ArrayLike<number>, buf: Float64Array): number {
  let n = 0;
  for (let k = 0; k < xs.length; k++) {
    const v = xs[k]!;
    if (!Number.isFinite(v)) continue;
    let i = n++;
    while (i > 0 && buf[i - 1]! > v) {
      buf[i] = buf[i - 1]!;
      i--;
    }
    buf[i] = v;
  }
  if (!n) return NaN;
  const m = n >> 1;
  return n % 2 ? buf[m]! : (buf[m - 1]! + buf[m]!) / 2;
}

/** 1.4826 x MAD: the standard deviation for Gaussian data, unmoved by a minority of outliers. */
export function madSigma(xs: ArrayLike<number>): number {
  return madOf(finiteCopy(xs)).mad;
}

/**
 * Median and 1.4826 x MAD of finite values `a`, in one buffer (overwritten with the deviations): one
 * copy of the series instead of three (median's, the deviations', their median's).
 */
function madOf(a: Float64Array): { median: number; mad: number } {
  const m = medianInPlace(a);
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - m);
    // Deviations past the double range are dropped, as median() drops any non-finite value.
    if (Number.isFinite(d)) a[n++] = d;
  }
  return { median: m, mad: 1.4826 * medianInPlace(a.subarray(0, n)) };
}

function finiteCopy(xs: ArrayLike<number>): Float64Array {
  const a = new Float64Array(xs.length);
  let n = 0;
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i]!;
    if (Number.isFinite(v)) a[n++] = v;
  }
  return a.subarray(0, n);
}

/**
 * The k-th smallest value of `a` (reordered in place; with `from`/`to`, of a range whose values all
 * lie between those either side of it, as a selection leaves them), by quickselect: O(n) where a sort is
 * O(n log n). The detectors take medians of whole series hundreds of times per file, and on a 200 MB
 * file sorting them was most of the analysis time.
 */
function select(a: Float64Array, k: number, from = 0, to = a.length - 1): number {
  let lo = from;
  let hi = to;
  while (hi > lo) {
    // Median of three as the pivot: sorted or nearly sorted series (slow ramps) stay linear.
    const mid = (lo + hi) >> 1;
    const p = middleOf(a[lo]!, a[mid]!, a[hi]!);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < p) i++;
      while (a[j]! > p) j--;
      if (i <= j) {
        const tmp = a[i]!;
        a[i] = a[j]!;
        a[j] = tmp;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/**
 * quantile_cont(q) as DuckDB computes it, so a value moved from SQL to JS does not change: the values
 * at floor and ceil of (n - 1) q, interpolated as DuckDB interpolates doubles, lo (1 - d) + hi d
 * (lo + (hi - lo) d differs in the last bit). `a` (no NaN) is reordered.
 */
export function quantileCont(a: Float64Array, q: number): number {
  const rn = (a.length - 1) * q;
  const f = Math.floor(rn);
  const c = Math.ceil(rn);
  const lo = select(a, f);
  if (c === f) return lo;
  // The ceil-th smallest: the least value right of f once f is in place.
  let hi = Infinity;
  for (let i = f + 1; i < a.length; i++) if (a[i]! < hi) hi = a[i]!;
  const d = rn - f;
  return lo * (1 - d) + hi * d;
}

/**
 * quantileCont(a, q) for each of `qs`, from one array: each order statistic they need is selected
 * within the range the statistics already placed leave it (the median first, then each tail in its
 * half), where a quantileCont per q selected over the whole array and then scanned the rest of it for
 * the next value: 2-3 passes of the array instead of about ten. The same values (exact order
 * statistics), interpolated as quantileCont does. `a` (no NaN, not empty) is reordered.
 */
export function quantilesCont(a: Float64Array, qs: number[]): number[] {
  const ranks = qs.map((q) => (a.length - 1) * q);
  const wanted = [...new Set(ranks.flatMap((r) => [Math.floor(r), Math.ceil(r)]))].sort((x, y) => x - y);
  const at = new Map<number, number>();
  const place = (from: number, to: number, ks: number[]) => {
    if (!ks.length) return;
    const mid = ks.length >> 1;
    const k = ks[mid]!;
    at.set(k, select(a, k, from, to));
    place(from, k - 1, ks.slice(0, mid));
    place(k + 1, to, ks.slice(mid + 1));
  };
  place(0, a.length - 1, wanted);
  return ranks.map((rn) => {
    const f = Math.floor(rn);
    const c = Math.ceil(rn);
    const lo = at.get(f)!;
    if (c === f) return lo;
    const d = rn - f;
    return lo * (1 - d) + at.get(c)! * d;
  });
}

/** The middle of three values, as sorting them would give it (no array per partition). */
function middleOf(u: number, v: number, w: number): number {
  if (u > v) [u, v] = [v, u];
  if (v > w) v = w;
  return u > v ? u : v;
}

/** Empty cells filled by linear interpolation (ends held), so window filters see a continuous series. */
export function interpolate(xs: Float64Array): Float64Array {
  const out = Float64Array.from(xs);
  let last = -1;
  for (let i = 0; i < out.length; i++) {
    if (!Number.isFinite(out[i]!)) continue;
    if (last < 0) out.fill(out[i]!, 0, i);
    else if (i - last > 1) {
      const a = out[last]!;
      const b = out[i]!;
      for (let k = last + 1; k < i; k++) out[k] = a + ((b - a) * (k - last)) / (i - last);
    }
    last = i;
  }
  if (last >= 0) out.fill(out[last]!, last + 1);
  return out;
}

/**
 * Centred rolling median over an odd window (edges use the part of the window that exists). The
 * window is kept sorted as it slides: sorting a fresh copy at every point was the analyst's largest
 * single cost on long files. Once the window is full, each point replaces the value leaving it in
 * place (one binary search each way, one shift of the values between the two positions), as an
 * insertion then a removal would leave it; two memmoves per point still cost 1.7 s of a 200 MB file's
 * analysis.
 */
export function rollingMedian(xs: Float64Array, window: number): Float64Array {
  const h = window >> 1;
  const n = xs.length;
  const out = new Float64Array(n);
  const win = new Float64Array(Math.min(n, 2 * h + 1) + 1);
  let len = 0;
  /** First index whose value is above v (or at least v, with `orEqual`). NaN sorts last. */
  const bound = (v: number, orEqual: boolean) => {
    let lo = 0;
    let hi = len;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const w = win[mid]!;
      if (w < v || (!orEqual && w === v) || (v !== v && w === w)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  /** Where `v` is: the first value that is it, sign of zero and NaN included, as it was inserted. */
  const find = (v: number) => {
    let i = bound(v, true);
    while (i < len && !Object.is(win[i], v)) i++;
    return i < len ? i : len - 1;
  };
  const insert = (v: number) => {
    const i = bound(v, false);
    win.copyWithin(i + 1, i, len);
    win[i] = v;
    len++;
  };
  const remove = (v: number) => {
    const i = find(v);
    win.copyWithin(i, i + 1, len);
    len--;
  };
  /** insert(v) then remove(old), in one shift: v goes after its equals, old is the first of its own. */
  const replace = (old: number, v: number) => {
    const i = find(old);
    const u = bound(v, false);
    if (u > i) {
      for (let k = i; k < u - 1; k++) win[k] = win[k + 1]!;
      win[u - 1] = v;
    } else {
      for (let k = i; k > u; k--) win[k] = win[k - 1]!;
      win[u] = v;
    }
  };
  for (let k = 0; k <= Math.min(n - 1, h); k++) insert(xs[k]!);
  for (let i = 0; i < n; i++) {
    const m = len >> 1;
    out[i] = len % 2 ? win[m]! : (win[m - 1]! + win[m]!) / 2;
    const entering = i + 1 + h < n;
    const leaving = i - h >= 0;
    if (entering && leaving) replace(xs[i - h]!, xs[i + 1 + h]!);
    else if (entering) insert(xs[i + 1 + h]!);
    else if (leaving) remove(xs[i - h]!);
  }
  return out;
}

/** Centred rolling mean from prefix sums. */
export function rollingMean(xs: Float64Array, window: number): Float64Array {
  const h = window >> 1;
  const pre = new Float64Array(xs.length + 1);
  for (let i = 0; i < xs.length; i++) pre[i + 1] = pre[i]! + xs[i]!;
  const out = new Float64Array(xs.length);
  for (let i = 0; i < xs.length; i++) {
    const a = Math.max(0, i - h);
    const b = Math.min(xs.length, i + h + 1);
    out[i] = (pre[b]! - pre[a]!) / (b - a);
  }
  return out;
}

/** Mean of xs[a, b) from prefix sums. */
export const meanOf = (pre: Float64Array, a: number, b: number): number =>
  (pre[b]! - pre[a]!) / Math.max(1, b - a);

export function prefix(xs: Float64Array): Float64Array {
  const pre = new Float64Array(xs.length + 1);
  for (let i = 0; i < xs.length; i++) pre[i + 1] = pre[i]! + xs[i]!;
  return pre;
}

/** Smallest step between distinct values: the quantum of a quantised channel (0 if continuous). */
export function quantum(xs: Float64Array): number {
  const vals = Array.from(new Set(Array.from(xs.subarray(0, 5000)).filter(Number.isFinite))).sort(
    (a, b) => a - b,
  );
  let q = Infinity;
  for (let i = 1; i < vals.length; i++) q = Math.min(q, vals[i]! - vals[i - 1]!);
  // Many distinct values means a continuous channel: its smallest difference is not a quantum.
  return Number.isFinite(q) && vals.length < 0.5 * Math.min(xs.length, 5000) ? q : 0;
}

/**
 * Per-sample noise: MAD of first differences / sqrt(2) ignores slow trends and cycles; floored at
 * half a quantum so a quantised channel whose value rarely changes is not given a zero scale.
 */
export function noiseScale(xs: Float64Array): number {
  const d = new Float64Array(Math.max(0, xs.length - 1));
  let n = 0;
  for (let i = 1; i < xs.length; i++) {
    const a = xs[i]!;
    const b = xs[i - 1]!;
    if (Number.isFinite(a) && Number.isFinite(b)) d[n++] = a - b;
  }
  // Differences past the double range are dropped, as median() drops any non-finite value.
  let k = 0;
  for (let i = 0; i < n; i++) if (Number.isFinite(d[i]!)) d[k++] = d[i]!;
  const s = madOf(d.subarray(0, k)).mad / Math.SQRT2;
  const q = quantum(xs);
  // The floor below cannot exceed what the range bounds it by (the level lies within it, and so does
  // every deviation from it): when the noise clears that bound, the two medians of the series that
  // the floor takes are not needed (most series; the same answer).
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const big = Math.max(Math.abs(lo), Math.abs(hi));
  if (big < 1e300 && s >= Math.max(q * 0.5, 1e-9 * (big + 1), 1.4826 * (hi - lo) * 1e-3)) return s;
  // The series' median and spread from one copy (madSigma(xs) and median(xs) made three).
  const { median: level, mad: spread } = madOf(finiteCopy(xs));
  // Last resort for a flat channel: a tiny fraction of its level, so ratios stay finite.
  const floor = Math.max(q * 0.5, 1e-9 * (Math.abs(level) + 1), spread * 1e-3);
  return Math.max(s, floor);
}

/** Mean of the finite values of y over [a, b), clamped to the series (NaN, a blanked span, is skipped). */
export function finiteMean(y: ArrayLike<number>, a: number, b: number): number {
  let sum = 0;
  let k = 0;
  for (let i = Math.max(0, a); i < Math.min(y.length, b); i++)
    if (Number.isFinite(y[i]!)) {
      sum += y[i]!;
      k++;
    }
  return k ? sum / k : NaN;
}

/** Spread of the finite values of x (max - min; 0 with fewer than two distinct ones). */
export function finiteRange(x: ArrayLike<number>): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    if (Number.isFinite(v)) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  return hi > lo ? hi - lo : 0;
}
