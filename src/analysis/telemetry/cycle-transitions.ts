// A machine that switches state every cycle (a PSA's beds swapping, a press's stroke reversing) often
// leaves the same one-sample mark on a channel at every switch: a pressure surge as a valve opens. Only
// the few switches whose mark the noise made a little larger reach the spike detector's bar, and with
// three or fewer firings repeats.ts keeps them all as rare. Rare among firings is not rare among
// switches: a spike at a switch is compared with the channel at every switch of the same kind (same
// states before and after), read at the same offset from it and from the level before it, and is the
// cycle's texture unless it stands SPIKE_Z robust sigmas off what those switches usually show.
import { changeIndices } from './context.js';
import { SPIKE_Z } from './detect-local.js';
import type { RowEvent } from './findings.js';
import { madSigma, median } from './robust.js';

/** Samples either side of a switch a spike may sit and still be that switch's. */
const NEAR = 2;
/** Switches of one kind needed before they say what is usual. */
const MIN_SWITCHES = 8;
/** Samples before a switch whose median is the level the switch starts from. */
const BEFORE = 5;

/** The sample `offset` from switch `s`, less the level before both (NaN where it cannot be read). */
function fromLevel(x: Float64Array, s: number, offset: number): number {
  const end = s + Math.min(0, offset);
  if (end - BEFORE < 0 || s + offset >= x.length) return NaN;
  const level = median(x.subarray(end - BEFORE, end));
  return x[s + offset]! - level;
}

/**
 * Spikes that sit at a switch of a cycling state column and lie within SPIKE_Z robust sigmas of what
 * the channel shows at that kind of switch are dropped; every other event is kept. `series(name)` is
 * the channel's values per series point; rows map to points by `bucket`.
 */
export function dropSwitchMarks(
  events: RowEvent[],
  cycling: Float64Array[],
  series: (name: string) => Float64Array | undefined,
  bucket: number,
): RowEvent[] {
  if (!cycling.length) return events;
  const switches = cycling.map((state) => changeIndices(state));
  return events.filter((e) => {
    if (e.kind !== 'spike' || e.channels.length !== 1) return true;
    const x = series(e.channels[0]!);
    if (!x) return true;
    const at = Math.floor(e.r0 / bucket);
    for (const [c, state] of cycling.entries()) {
      const near = switches[c]!.find((s) => Math.abs(s - at) <= NEAR);
      if (near === undefined) continue;
      const kind = (s: number) => `${state[s - 1]}>${state[s]}`;
      const offset = at - near;
      const own = fromLevel(x, near, offset);
      const others = switches[c]!.filter((s) => s !== near && kind(s) === kind(near))
        .map((s) => fromLevel(x, s, offset))
        .filter(Number.isFinite);
      if (!Number.isFinite(own) || others.length < MIN_SWITCHES) continue;
      const usual = median(others);
      const spread = madSigma(others);
      if (spread > 0 && Math.abs(own - usual) < SPIKE_Z * spread) return false;
    }
    return true;
  });
}
