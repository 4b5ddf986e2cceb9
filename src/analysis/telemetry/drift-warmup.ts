// A lone channel still warming up from power-on. The start-up window is capped (15% of the file), but
// an oil or a heavy thermal mass with a lag of a quarter hour warms for the whole of a half-hour record,
// and the part of its warm-up past the cap read as a drift. A drift has an onset: the channel starts
// moving, or moves faster, where it begins. A warm-up only slows: over the drift the channel moves its
// way no faster than it did over an equal stretch just before, and that stretch reaches back into the
// start-up window, so the move was under way from power-on.
import { meanOf, prefix } from './robust.js';

/** Share of the window at each end whose mean stands for the level there (as drift-ambient.ts). */
const END_SHARE = 0.1;

/**
 * Whether the drift over series indices [i0, i1] on the lone channel x is its start-up's move going on:
 * the stretch of equal length before it (from index 0 at the earliest) begins inside the start-up
 * window (before index `startupEnd`), and x moved over it the drift's way at a rate at least the drift's.
 */
export function warmUpTail(x: Float64Array, i0: number, i1: number, startupEnd: number): boolean {
  const len = i1 - i0;
  if (len < 10 || i0 < 10) return false;
  const p0 = Math.max(0, i0 - len);
  if (p0 >= startupEnd) return false;
  const pre = prefix(x);
  const level = (a: number, b: number) => {
    const w = Math.max(1, Math.floor(END_SHARE * (b - a)));
    return [meanOf(pre, a, a + w), meanOf(pre, b - w, b)] as const;
  };
  const [d0, d1] = level(i0, i1);
  const [b0, b1] = level(p0, i0);
  const driftRate = (d1 - d0) / len;
  const beforeRate = (b1 - b0) / (i0 - p0);
  return (
    driftRate !== 0 &&
    Math.sign(beforeRate) === Math.sign(driftRate) &&
    Math.abs(beforeRate) >= Math.abs(driftRate)
  );
}
