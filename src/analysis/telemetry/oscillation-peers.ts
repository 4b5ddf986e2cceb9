// A command's change explains what the channel does after it for as long as the channel settles. But a
// plant answers a command's like moves alike: a towing carriage brought to speed run after run settles
// the same way each time, and a 0.6 Hz hunt 30 s into one run, while its settling window (the slowest
// of all its answers) still covers it, is not the speed step's doing when the same stretch after every
// other like step (same direction, a size within a factor of 2; a state's change to the same value) was
// calm. A ringing step response rings after each of its like steps, in proportion to the step: the
// others' levels are scaled by the sizes' ratio before they are compared.
import { OSC_RATIO } from './detect-local.js';
import { rollingMean } from './robust.js';

/** Like changes (other than the one explaining the event) needed to say how the channel answers them. */
export const MIN_PEERS = 2;
/** Sizes within this factor of the explaining change's make a like change. */
const SIZE_FACTOR = 2;

/** RMS of x less its rolling mean over `width` (the detector's high-pass) on [a, b]. */
function raisedLevel(x: Float64Array, a: number, b: number, width: number): number {
  const lo = Math.max(0, a - width);
  const hi = Math.min(x.length, b + 1 + width);
  const part = x.subarray(lo, hi);
  const base = rollingMean(part, width);
  let e = 0;
  let m = 0;
  for (let i = a; i <= b; i++) {
    const v = part[i - lo]! - base[i - lo]!;
    if (Number.isFinite(v)) {
      e += v * v;
      m++;
    }
  }
  return m ? Math.sqrt(e / m) : NaN;
}

/** The command's level just before and after its change at c (the first value either side). */
function move(cmd: ArrayLike<number>, c: number): [number, number] {
  return [cmd[Math.max(0, c - 1)]!, cmd[c]!];
}

/**
 * Whether an oscillation over [i0, i1] of x (series indices) is unlike the channel's answers to the
 * like changes of `cmd` to the one at `c` (the change that would explain it; `changes` are the
 * command's change indices): the same stretch after at least MIN_PEERS like changes, whose command
 * holds through it as it holds through the event's, has a median RMS (scaled by the sizes' ratio)
 * under 1/OSC_RATIO of the event's.
 */
export function unlikeItsAnswers(
  x: Float64Array,
  cmd: ArrayLike<number>,
  changes: number[],
  c: number,
  i0: number,
  i1: number,
  width: number,
  categorical: boolean,
): boolean {
  const n = Math.min(x.length, cmd.length);
  const [before, after] = move(cmd, c);
  const size = after - before;
  if (!categorical && !(Math.abs(size) > 0)) return false;
  // The event's stretch relative to its change; the command must hold to its end as it did for the event.
  const [a, b] = [i0 - c, i1 - c];
  const holds = (k: number) => {
    const next = changes.find((j) => j > k);
    return next === undefined || next > k + b;
  };
  if (!holds(c)) return false;
  const event = raisedLevel(x, i0, i1, width);
  if (!(event > 0)) return false;
  const levels: number[] = [];
  for (const k of changes) {
    if (k === c || k + a < 0 || k + b >= n || !holds(k)) continue;
    // Not overlapping the event itself.
    if (k + b >= i0 && k + a <= i1) continue;
    const [p, q] = move(cmd, k);
    let scale = 1;
    if (categorical) {
      if (q !== after) continue;
    } else {
      const s = q - p;
      if (Math.sign(s) !== Math.sign(size)) continue;
      const r = Math.abs(size / s);
      if (r > SIZE_FACTOR || r < 1 / SIZE_FACTOR) continue;
      scale = r;
    }
    const level = raisedLevel(x, k + a, k + b, width);
    if (Number.isFinite(level)) levels.push(level * scale);
  }
  if (levels.length < MIN_PEERS) return false;
  levels.sort((u, v) => u - v);
  const mid = levels.length >> 1;
  const typical = levels.length % 2 ? levels[mid]! : (levels[mid - 1]! + levels[mid]!) / 2;
  return event > OSC_RATIO * typical;
}
