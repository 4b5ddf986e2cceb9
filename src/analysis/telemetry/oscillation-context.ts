// What raises a channel's RMS during a scan or a sweep without being an oscillation of its own:
// - a stepped scan (an EMI frequency list): each dwell has its own level, and the staircase of those
//   levels, smooth over frequency, passes the high-pass as a slow wave; within the dwells the channel
//   is as quiet as ever;
// - a sine sweep: a response accelerometer follows the drive at the drive's frequency, louder near a
//   resonance; it moves with another channel (the control accelerometer) that is not itself raised.
// A fault's oscillation leaves both tests: it is inside the dwells, and no calm channel carries it.
import { OSC_PERIODICITY, OSC_RATIO, periodicity } from './detect-local.js';

/** Dwells shorter than this carry no "within" to judge, so a fast sweep's per-sample values are not dwells. */
const MIN_DWELL = 3;

/** Sign changes of x about each w-sample window's mean over [i0, i1]. */
export function crossings(x: ArrayLike<number>, i0: number, i1: number, w: number): number {
  let n = 0;
  for (let s = i0; s <= i1; s += w) {
    const e = Math.min(i1 + 1, s + w);
    let m = 0;
    for (let i = s; i < e; i++) m += x[i]!;
    m /= e - s;
    for (let i = s + 1; i < e; i++) if (x[i]! - m > 0 !== x[i - 1]! - m > 0) n++;
  }
  return n;
}

export function rms(xs: ArrayLike<number>): number {
  let e = 0;
  for (let i = 0; i < xs.length; i++) e += xs[i]! ** 2;
  return Math.sqrt(e / Math.max(1, xs.length));
}

/** Where the context series change over [i0, i1]: the starts of its dwells (i0 first). */
function dwellStarts(context: ArrayLike<number>[], i0: number, i1: number): number[] {
  const starts = [i0];
  for (let i = i0 + 1; i <= i1; i++)
    if (context.some((c) => c[i] !== c[i - 1] && !(Number.isNaN(c[i]!) && Number.isNaN(c[i - 1]!))))
      starts.push(i);
  return starts;
}

/** x minus each dwell's mean, dwell by dwell (the last dwell ends at i1). */
function withinDwells(x: ArrayLike<number>, starts: number[], i1: number): number[][] {
  return starts.map((s, k) => {
    const e = k + 1 < starts.length ? starts[k + 1]! : i1 + 1;
    let m = 0;
    for (let i = s; i < e; i++) m += x[i]!;
    m /= e - s;
    return Array.from({ length: e - s }, (_, j) => x[s + j]! - m);
  });
}

/**
 * How quiet x is within the scan's dwells just outside [i0, i1] (as long again on each side): the
 * median of their RMS, or 0 with fewer than 4 such dwells. A channel whose noise grows with its level
 * (an amplifier's forward power at a higher field) is louder within the dwells of a louder stretch
 * than the file's typical RMS, which a quieter stretch may have set; its neighbours are as loud.
 */
function neighbourDwellRms(
  x: ArrayLike<number>,
  context: ArrayLike<number>[],
  i0: number,
  i1: number,
): number {
  const span = i1 - i0 + 1;
  const sides = [
    [Math.max(0, i0 - span), i0 - 1],
    [i1 + 1, Math.min(x.length - 1, i1 + span)],
  ].filter(([a, b]) => b! - a! >= MIN_DWELL);
  // A side's first and last dwells are cut by its edges: only the whole ones between them count.
  const levels = sides.flatMap(([a, b]) => withinDwells(x, dwellStarts(context, a!, b!), b!).slice(1, -1));
  const quiet = levels
    .filter((d) => d.length >= MIN_DWELL)
    .map(rms)
    .sort((p, q) => p - q);
  return quiet.length >= 4 ? quiet[quiet.length >> 1]! : 0;
}

/**
 * Whether the raise over [i0, i1] of x is the levels of a stepped scan's dwells: the context series
 * change at least 3 times inside, their dwells are at least MIN_DWELL samples (median), and x minus
 * each dwell's mean is within OSC_RATIO of the channel's typical RMS, or of its RMS within the
 * neighbouring dwells of the scan when that is louder.
 */
export function followsDwells(
  x: ArrayLike<number>,
  context: ArrayLike<number>[],
  i0: number,
  i1: number,
  typical: number,
): boolean {
  const starts = dwellStarts(context, i0, i1);
  if (starts.length < 4) return false;
  const bounds = [...starts, i1 + 1];
  const lengths = starts.map((s, k) => bounds[k + 1]! - s).sort((a, b) => a - b);
  if (lengths[lengths.length >> 1]! < MIN_DWELL) return false;
  const left = withinDwells(x, starts, i1).flat();
  const own = rms(left);
  return (
    own < OSC_RATIO * typical ||
    own < OSC_RATIO * neighbourDwellRms(x, context, i0, i1) ||
    periodicity(Float64Array.from(left), 0, left.length - 1, DWELL_MAX_LAG) < OSC_PERIODICITY
  );
}

/**
 * Lags searched for a period in what the dwells leave: the fast scale's high-pass width. A staircase's
 * levels, smooth over frequency, pass the high-pass as a slow wave and read as periodic; an
 * oscillation of the channel's own is still periodic once each dwell's mean is taken out, while the
 * staircase leaves noise, which repeats at no lag however loud it has grown with the level (an
 * amplifier's forward power, 4x its quiet noise at full field).
 */
const DWELL_MAX_LAG = 41;

/**
 * Whether x over [i0, i1] is another channel's motion, window by window (`w` samples): x regressed
 * on the reference and its derivative (any sinusoid at the reference's frequency, whatever its gain
 * and phase) leaves no more than OSC_RATIO of x's typical RMS. The caller passes only references that
 * are not raised themselves over the same stretch.
 */
export function followsReference(
  x: ArrayLike<number>,
  ref: ArrayLike<number>,
  i0: number,
  i1: number,
  typical: number,
  w = 30,
): boolean {
  // The reference must swing as often as x does (crossings of its window means within a factor of
  // two): a slow channel (a temperature) is a ramp in every window and would fit any slow wave.
  const cx = crossings(x, i0, i1, w);
  const cr = crossings(ref, i0, i1, w);
  if (cx === 0 || cr < 0.5 * cx || cr > 2 * cx) return false;
  const left: number[] = [];
  const own: number[] = [];
  for (let s = i0; s <= i1; s += w) {
    const e = Math.min(i1 + 1, s + w);
    const n = e - s;
    if (n < 8) break;
    // Centred columns: x, the reference and its central difference.
    const a: number[] = [];
    const b: number[] = [];
    const y: number[] = [];
    for (let i = s; i < e; i++) {
      a.push(ref[i]!);
      b.push((ref[Math.min(ref.length - 1, i + 1)]! - ref[Math.max(0, i - 1)]!) / 2);
      y.push(x[i]!);
    }
    const centre = (v: number[]) => {
      const m = v.reduce((p, q) => p + q, 0) / v.length;
      return v.map((q) => q - m);
    };
    const [ca, cb, cy] = [centre(a), centre(b), centre(y)];
    const dot = (u: number[], v: number[]) => u.reduce((p, q, k) => p + q * v[k]!, 0);
    const [aa, bb, ab, ay, by] = [dot(ca, ca), dot(cb, cb), dot(ca, cb), dot(ca, cy), dot(cb, cy)];
    const det = aa * bb - ab * ab;
    const [p, q] =
      det > 1e-12 * (aa * bb + 1e-300) ? [(ay * bb - by * ab) / det, (by * aa - ay * ab) / det] : [0, 0];
    for (let k = 0; k < n; k++) {
      left.push(cy[k]! - p * ca[k]! - q * cb[k]!);
      own.push(cy[k]!);
    }
  }
  // And the reference must carry the wave, not merely fit some noise: three quarters of x's power
  // within the windows goes with it.
  return left.length > 0 && rms(left) < OSC_RATIO * typical && rms(left) <= 0.5 * rms(own);
}
