// A program that goes back to a level it held before is not a flickering sensor. A quantised sensor
// near a reading boundary flips to its neighbour and straight back (A -> B -> A with B held a few
// samples); a gear selector, a load schedule or a mode program returns to the previous level only
// after dwelling on the new one (1 -> 2 -> 1 as a car speeds up and slows down again). Only the quick
// returns are flicker: counting every return took a gear column for a sensor, so the engine speed's
// jump at each shift read as a fault.

/**
 * A level held for at least this many samples before the column returns is a dwell, not a flicker:
 * the window over which a command change is judged answered (commands.ts), so a level held that long
 * is one a channel could have answered.
 */
export const DWELL_SAMPLES = 20;

/**
 * How many of the changes at `changes` (indices where `x` takes a new finite value) go back to the
 * value held before the previous change after the level in between was held for fewer than
 * DWELL_SAMPLES samples: the returns that are flicker.
 */
export function quickReturns(x: Float64Array, changes: number[]): number {
  const before = changes.map((c) => {
    for (let k = c - 1; k >= 0; k--) if (Number.isFinite(x[k]!)) return x[k]!;
    return NaN;
  });
  let returns = 0;
  for (let k = 1; k < changes.length; k++) {
    const dwell = changes[k]! - changes[k - 1]!;
    if (x[changes[k]!] === before[k - 1] && dwell < DWELL_SAMPLES) returns++;
  }
  return returns;
}
