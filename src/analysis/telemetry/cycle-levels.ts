// The levels a machine's cycle runs at. A plating line runs rack after rack at a current set-point that
// is 0 between racks, so the set-point changes twice a cycle and none of its changes marks a new
// program; when the set-point is raised mid-shift (140 A to 180 A) the first rack at 180 A overlaid on
// its neighbours at 140 A leaves a 40 A square wave, read as an oscillation. An engineer overlays only
// racks run at the same set-point: a cycle is keyed by the levels each cycling command takes within it.
import { isDiscrete } from './context.js';

/** Distinct values a numeric command may take and still be a set of levels (as repeats-cycle.ts). */
const MAX_LEVELS = 8;

/**
 * The key of the cycle over series indices [a, b): for each command column that holds levels (text
 * states, or numeric ones taking few values), the sorted distinct values it takes there. A command
 * moving through a continuum (a ramp, a sine) has no levels to compare and is left out.
 */
export function cycleLevels(
  commands: { x: Float64Array; text: boolean }[],
): (a: number, b: number) => string {
  const held = commands.filter((c) => c.text || isDiscrete(c.x, MAX_LEVELS)).map((c) => c.x);
  return (a, b) =>
    held
      .map((x) => {
        const seen = new Set<number>();
        for (let i = Math.max(0, a); i < Math.min(x.length, b); i++)
          if (Number.isFinite(x[i]!)) seen.add(x[i]!);
        return [...seen].sort((u, v) => u - v).join('|');
      })
      .join(',');
}
