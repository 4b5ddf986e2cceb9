// A command that moves sample after sample (a sine, a sweep) drives its plant at its own frequency,
// and the response ends with the drive: a damped mode rings on for a few cycles and decays. An
// oscillation that holds its amplitude for many of its own cycles after every command has stopped
// moving is self-excited (a relief valve chattering, a loop hunting), whatever drive preceded its
// onset: the drive's latest sample explains its onset, not what follows once the drive is still.
import { rollingMean } from './robust.js';

/** Samples between a command's changes within one continuous motion (a sine's samples near its crests). */
export const MOTION_GAP = 3;
/**
 * Cycles an oscillation must last, undecayed, with every command still: a mode with Q = 50 (light for a
 * mechanical or hydraulic system) falls to 1/e^(pi x 20 / 50) = 0.28 of its amplitude in 20 cycles.
 */
export const MIN_STILL_CYCLES = 20;
/** RMS of the still stretch's second half against its first: a ringing decays, a limit cycle holds. */
const HOLD_RATIO = 0.5;

/** Cycles of h over [a, b): crossings of +-half its RMS, so noise riding on a zero crossing counts once. */
function cyclesOf(h: Float64Array, a: number, b: number, level: number): number {
  let side = 0;
  let swings = 0;
  for (let i = a; i < b; i++) {
    const s = h[i]! > level ? 1 : h[i]! < -level ? -1 : 0;
    if (s !== 0 && s !== side) {
      if (side !== 0) swings++;
      side = s;
    }
  }
  return swings / 2;
}

function rmsOf(h: Float64Array, a: number, b: number): number {
  let e = 0;
  for (let i = a; i < b; i++) e += h[i]! ** 2;
  return Math.sqrt(e / Math.max(1, b - a));
}

/**
 * Whether an oscillation over [i0, i1] of x, explained by the command change latest at `cause` (series
 * indices; `changes` sorted, of every command that may explain it), outlasts that change's motion:
 * the change is one of a continuous motion (another change within MOTION_GAP samples), the motion
 * ends inside the event, and from its end to the next change (or the event's end) x oscillates for
 * MIN_STILL_CYCLES of its cycles without decaying to HOLD_RATIO of its RMS.
 */
export function outlastsDrive(
  x: Float64Array,
  changes: number[],
  cause: number,
  i0: number,
  i1: number,
  width = 41,
): boolean {
  let k = -1;
  for (let lo = 0, hi = changes.length; lo < hi;) {
    const mid = (lo + hi) >> 1;
    if (changes[mid]! <= cause) {
      k = mid;
      lo = mid + 1;
    } else hi = mid;
  }
  if (k < 0) return false;
  const moving =
    (k > 0 && changes[k]! - changes[k - 1]! <= MOTION_GAP) ||
    (k + 1 < changes.length && changes[k + 1]! - changes[k]! <= MOTION_GAP);
  if (!moving) return false;
  let e = k;
  while (e + 1 < changes.length && changes[e + 1]! - changes[e]! <= MOTION_GAP) e++;
  const a = Math.max(i0, changes[e]! + 1);
  const b = Math.min(i1 + 1, e + 1 < changes.length ? changes[e + 1]! : i1 + 1);
  if (b - a < 4 * width) return false;
  // The oscillation about its own running mean, over the still stretch only.
  const lo = Math.max(0, a - width);
  const hi = Math.min(x.length, b + width);
  const part = x.subarray(lo, hi);
  const base = rollingMean(part, width);
  const h = part.map((v, i) => v - base[i]!);
  const [sa, sb] = [a - lo, b - lo];
  const mid = (sa + sb) >> 1;
  const level = rmsOf(h, sa, sb);
  if (!(level > 0)) return false;
  if (cyclesOf(h, sa, sb, 0.5 * level) < MIN_STILL_CYCLES) return false;
  return rmsOf(h, mid, sb) >= HOLD_RATIO * rmsOf(h, sa, mid);
}
