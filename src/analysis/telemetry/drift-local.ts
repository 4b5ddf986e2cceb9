// A drift judged on its own neighbourhood: the level just before its onset, the ramp, and the level
// it holds after. The segment-wide ramp fit measures the onset against everything before it, so a
// sibling residual that is still settling at the start of a soak (sensors with different thermal lags
// rejoining) counts as "history" and hides a creep that starts later on a flat stretch: a 6-sigma
// creep of one thermocouple read 0.85x the band of that settling. Here the history is only as long as
// the ramp (at least 10 blocks), so what happened well before the onset does not judge it.

/** Prefix sums of 1, j, j^2, y, j*y, y^2 over block means, for O(1) least squares on any window. */
class Sums {
  private readonly p: Float64Array[];
  constructor(y: number[]) {
    const m = y.length;
    this.p = Array.from({ length: 5 }, () => new Float64Array(m + 1));
    const [j1, j2, s1, sj, s2] = this.p as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    for (let j = 0; j < m; j++) {
      const v = y[j]!;
      j1[j + 1] = j1[j]! + j;
      j2[j + 1] = j2[j]! + j * j;
      s1[j + 1] = s1[j]! + v;
      sj[j + 1] = sj[j]! + j * v;
      s2[j + 1] = s2[j]! + v * v;
    }
  }
  /** Sums over [a, b): of j, j^2, y, j*y, y^2. */
  over(a: number, b: number): [number, number, number, number, number] {
    const d = (k: number) => this.p[k]![b]! - this.p[k]![a]!;
    return [d(0), d(1), d(2), d(3), d(4)];
  }
}

export interface LocalRamp {
  /** Onset and end of the ramp, and the first and last+1 blocks of the window it was judged on. */
  k: number;
  end: number;
  from: number;
  to: number;
  /** Level before the onset, slope per block, RMS of what the fit leaves. */
  a: number;
  c: number;
  resid: number;
}

/**
 * The ramp (flat, linear from k to end, then held) whose slope is most significant against what its
 * own window leaves: the window is [k - H, end + H) with H the ramp's length (at least `minHistory`
 * blocks), clipped to the series; the history before the onset must keep `minHistory` blocks.
 */
export function localRamp(y: number[], minRamp: number, minHistory = 10): LocalRamp | null {
  const m = y.length;
  const S = new Sums(y);
  let best: LocalRamp | null = null;
  let bestT = 0;
  for (let k = minHistory; k < m - minRamp; k++)
    for (let end = k + minRamp; end < m; end++) {
      const L = end - k;
      const H = Math.max(L, minHistory);
      const from = Math.max(0, k - H);
      const to = Math.min(m, end + H);
      // Regressor g: 0 before k, j - k on the ramp, L after it.
      const n = to - from;
      const [rj, rj2, ry, rjy] = S.over(k, end);
      const [, , hy] = S.over(end, to);
      const nr = end - k;
      const nh = to - end;
      const sg = rj - k * nr + L * nh;
      const sgg = rj2 - 2 * k * rj + k * k * nr + L * L * nh;
      const sgy = rjy - k * ry + L * hy;
      const [, , sy, , syy] = S.over(from, to);
      const det = n * sgg - sg * sg;
      if (det <= 1e-12) continue;
      const c = (n * sgy - sg * sy) / det;
      const a = (sy - c * sg) / n;
      const rss = Math.max(0, syy - a * sy - c * sgy);
      const resid = Math.sqrt(rss / n);
      // t of the slope: its size against the fit's residual and the regressor's spread in the window.
      const t = (Math.abs(c) * Math.sqrt(det / n)) / Math.max(resid, 1e-300);
      if (t > bestT) {
        bestT = t;
        best = { k, end, from, to, a, c, resid };
      }
    }
  return best;
}

/**
 * RMS of the best single level shift within the ramp (split anywhere from its onset to its end) over
 * the ramp's window: a step that a ramp of a few blocks also fits leaves less here than the ramp does.
 */
export function stepResid(y: number[], r: LocalRamp): number {
  let sy = 0;
  let syy = 0;
  for (let j = r.from; j < r.to; j++) {
    sy += y[j]!;
    syy += y[j]! ** 2;
  }
  let left = 0;
  for (let j = r.from; j < r.k; j++) left += y[j]!;
  let best = Infinity;
  for (let p = r.k; p <= r.end; p++) {
    const n1 = p - r.from;
    const n2 = r.to - p;
    if (n1 > 0 && n2 > 0) best = Math.min(best, syy - left ** 2 / n1 - (sy - left) ** 2 / n2);
    left += y[p]!;
  }
  return Math.sqrt(Math.max(0, best) / (r.to - r.from));
}

/**
 * Whether the level after the ramp stays at least half its height away from where it started, to
 * the end of the series (judged on means of three blocks, so one noisy block does not decide): a
 * drift persists, while the first half of an excursion that comes back (a dip towards a limit and
 * out again) is a ramp too, over its own short window.
 */
export function persists(y: number[], r: LocalRamp): boolean {
  const height = r.c * (r.end - r.k);
  for (let j = r.end; j + 3 <= y.length; j++)
    if ((y[j]! + y[j + 1]! + y[j + 2]!) / 3 - r.a < 0.5 * height === height > 0) return false;
  return true;
}
