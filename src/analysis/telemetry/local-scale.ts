// The noise around a point rather than across the file. A channel whose noise grows with its level (an
// RF amplifier's output power, a motor current under load) or that swings by design (power cycling,
// vibration levels that ramp) has a file-wide noise scale set by its quiet stretches; judged against
// it, every busy stretch is full of "outliers". A rolling robust scale judges each point against its
// neighbours instead.

/**
 * Window of the local scale: 101 samples. Long against a spike (at most 3 samples, which cannot move
 * a median of 101) and short against the stretches between commanded changes, so a level-dependent
 * noise is measured at the level where the point is.
 */
export const LOCAL_SCALE_WINDOW = 101;

/**
 * The local scale of a residual centred on zero (a series minus its rolling median) at point i: 1.4826 x
 * the median of |r| in the window before the point, in the window after it and in the one centred on
 * it, whichever is largest. Where the noise changes (a quiet channel powered up), a centred window is
 * half quiet and under-states the busy side: one window wholly on the busy side says how noisy it is.
 * Answered for the points asked about only, each from its three windows' medians
 * (cached, so neighbouring points share them). A point can be a spike only where its residual exceeds
 * SPIKE_Z x the file-wide scale, a handful per series: the full rolling median of |r| at every point
 * of all 24 series of a 200 MB file cost 2 s and was read at those few points.
 */
export function localScaleAt(r: Float64Array, window = LOCAL_SCALE_WINDOW): (i: number) => number {
  const n = r.length;
  const h = window >> 1;
  const buf = new Float64Array(Math.min(n, 2 * h + 1));
  const centred = new Map<number, number>();
  /** rollingMedian(|r|, window)[j]: the median of |r| over the part of the centred window that exists. */
  const centredAt = (j: number) => {
    const hit = centred.get(j);
    if (hit !== undefined) return hit;
    const a = Math.max(0, j - h);
    const b = Math.min(n - 1, j + h);
    const len = b - a + 1;
    const w = buf.subarray(0, len);
    for (let k = 0; k < len; k++) w[k] = Math.abs(r[a + k]!);
    // A typed array sorts numerically with NaN last, as rollingMedian's window is kept.
    w.sort();
    const m = len >> 1;
    const v = len % 2 ? w[m]! : (w[m - 1]! + w[m]!) / 2;
    centred.set(j, v);
    return v;
  };
  const g = h + 1;
  return (i: number) =>
    1.4826 * Math.max(centredAt(i), centredAt(Math.max(0, i - g)), centredAt(Math.min(n - 1, i + g)));
}

/**
 * The scale of a series centred on zero (a residual, second differences) around point i, by blocks:
 * 1.4826 x the median of |r| per block of `window` samples, the point's block and its two neighbours,
 * whichever is largest. Asked at every point of a series, so one median per block (a sort of 101
 * values per 101 samples), not per point: a vibration channel rests between loud sweeps, and its
 * rests' noise, far under the file-wide scale, is what a shock there is judged against.
 */
export function blockScaleAt(r: Float64Array, window = LOCAL_SCALE_WINDOW): (i: number) => number {
  const n = r.length;
  const count = Math.ceil(n / window);
  // Each block's median on the first question that needs it: a spike search asks at the few points
  // whose residual falls between its two bars, and sorting every block of the series for them was
  // ~30 ms a series.
  const blocks = new Float64Array(count);
  const known = new Uint8Array(count);
  const buf = new Float64Array(window);
  const blockAt = (b: number) => {
    if (known[b]) return blocks[b]!;
    const a = b * window;
    const len = Math.min(window, n - a);
    const w = buf.subarray(0, len);
    for (let k = 0; k < len; k++) w[k] = Math.abs(r[a + k]!);
    w.sort();
    const m = len >> 1;
    known[b] = 1;
    return (blocks[b] = 1.4826 * (len % 2 ? w[m]! : (w[m - 1]! + w[m]!) / 2));
  };
  const last = count - 1;
  return (i: number) => {
    const b = Math.floor(i / window);
    return Math.max(blockAt(b), blockAt(Math.max(0, b - 1)), blockAt(Math.min(last, b + 1)));
  };
}
