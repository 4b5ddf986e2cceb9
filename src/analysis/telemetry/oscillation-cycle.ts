// A machine that repeats one cycle at a fixed period (a press stroke every 20 s, a moulding shot every
// 25 s) moves its channels far more within each cycle than a fault does: a valve chattering at 3 Hz
// through three strokes adds a few bar to a pressure that swings 160 bar each stroke, and the stroke's
// edges set the channel's typical short-scale RMS. An engineer overlays the strokes: what one stroke
// does that its neighbours do not is the fault. So the channel is also judged, for oscillation, on
// its cycle residual: each sample less the median of the same point (samples since the cycle began)
// of the NEIGHBOURS cycles either side. Only a regular cycle is overlaid (a thermostat's cycles vary
// in length, and its edges would not line up).
import type { Channel } from './context.js';
import { oscillations, SLOW_OSCILLATION_SCALE, type RawEvent } from './detect-local.js';
import { noiseScale, smallMedian } from './robust.js';

/** Fewest cycles that make a repeating process. */
export const MIN_CYCLES = 10;
/** The middle 80% of cycle lengths lie within this share of the median length: a regular cycle. */
export const REGULAR_SPREAD = 0.05;
/** Cycles either side whose median makes the template (a set-point raised mid-test changes the cycle). */
const NEIGHBOURS = 5;

/**
 * Where each cycle begins (series indices): the entries into the state value entered most often, when
 * the cycles between them are regular; null otherwise.
 */
export function cycleStarts(state: Float64Array): number[] | null {
  const entries = new Map<number, number[]>();
  for (let i = 1; i < state.length; i++) {
    const v = state[i]!;
    if (Number.isFinite(v) && v !== state[i - 1]) entries.set(v, [...(entries.get(v) ?? []), i]);
  }
  const starts = [...entries.values()].sort((a, b) => b.length - a.length)[0];
  if (!starts || starts.length < MIN_CYCLES + 1) return null;
  const lengths = starts
    .slice(1)
    .map((s, k) => s - starts[k]!)
    .sort((a, b) => a - b);
  const at = (q: number) => lengths[Math.floor(q * (lengths.length - 1))]!;
  const mid = at(0.5);
  return at(0.9) - at(0.1) <= REGULAR_SPREAD * mid ? starts : null;
}

/**
 * x less, at each sample of each cycle, the median of the same point of the neighbouring cycles (the
 * cycle itself left out, so a fault in it does not make its own template) that run under the same
 * program (`program`: the key of the cycle from its first sample to the next cycle's, such as the
 * commands' values at its start and the levels they take in it; a raised set-point makes another
 * stroke). Samples outside the complete cycles, or of a cycle with no such neighbour, are 0.
 */
export function cycleResidual(
  x: Float64Array,
  starts: number[],
  program: (a: number, b: number) => string = () => '',
): Float64Array {
  const out = new Float64Array(x.length);
  const buf = new Float64Array(2 * NEIGHBOURS);
  const at = new Float64Array(2 * NEIGHBOURS);
  const cycles = starts.length - 1;
  for (let c = 0; c < cycles; c++) {
    const [a, b] = [starts[c]!, starts[c + 1]!];
    const key = program(a, b);
    const same = Array.from({ length: 2 * NEIGHBOURS + 1 }, (_, j) => c + j - NEIGHBOURS).filter(
      (o) => o !== c && o >= 0 && o < cycles && program(starts[o]!, starts[o + 1]!) === key,
    );
    if (!same.length) continue;
    for (let k = 0; a + k < b; k++) {
      let m = 0;
      for (const o of same) {
        const i = starts[o]! + k;
        at[m++] = i < starts[o + 1]! ? x[i]! : NaN;
      }
      const med = smallMedian(at.subarray(0, m), buf);
      out[a + k] = Number.isFinite(med) ? x[a + k]! - med : 0;
    }
  }
  return out;
}

/** Share of the overlaid cycles whose mean level must move the same way for the level to be climbing. */
export const CLIMB_AGREEMENT = 0.8;

/**
 * Whether x's level climbs (or falls) through the cycles an event on its cycle residual overlays, by
 * more per cycle than the event's amplitude. The overlay exposes what one cycle does beyond its
 * neighbours only when they run at one level: through a build-up (a PSA's purity rising 3% a bed
 * cycle for half an hour after start), each cycle sits a full step above the one before, and a sample
 * or two of misalignment, or the bend where the climb ends, leaves a residual that swings at the cycle
 * period: the climb's imprint, not an oscillation. An oscillation of the channel's own averages out
 * over a cycle (its cycle means alternate, they do not march one way), and where the level holds,
 * its cycle means barely move.
 */
export function climbsThroughCycles(
  x: Float64Array,
  starts: number[],
  i0: number,
  i1: number,
  amplitude: number,
): boolean {
  // The event's cycles and the neighbours either side that made their template.
  const first = Math.max(0, starts.findIndex((s) => s > i0) - 1 - NEIGHBOURS);
  let last = starts.findIndex((s) => s > i1);
  last = Math.min(starts.length - 1, (last < 0 ? starts.length - 1 : last) + NEIGHBOURS);
  const means: number[] = [];
  for (let c = first; c < last; c++) {
    let sum = 0;
    let k = 0;
    for (let i = starts[c]!; i < starts[c + 1]!; i++)
      if (Number.isFinite(x[i]!)) {
        sum += x[i]!;
        k++;
      }
    if (k) means.push(sum / k);
  }
  if (means.length < 3) return false;
  const moves = means.slice(1).map((m, k) => m - means[k]!);
  const up = moves.filter((d) => d > 0).length;
  const agree = Math.max(up, moves.length - up);
  if (agree < CLIMB_AGREEMENT * moves.length) return false;
  const size = [...moves].map(Math.abs).sort((a, b) => a - b)[moves.length >> 1]!;
  return size > amplitude;
}

/**
 * Oscillations on channel x's cycle residual against each regular cycle (cycle starts per cycling
 * state), at both of the detector's scales, that `explained` does not claim, nor a climb of the
 * level through the cycles overlaid (climbsThroughCycles).
 */
export function cycleOscillations(
  ch: Channel,
  x: Float64Array,
  cycles: number[][],
  program: (a: number, b: number) => string,
  explained: (e: RawEvent) => boolean,
): RawEvent[] {
  return cycles.flatMap((starts) => {
    const r = cycleResidual(x, starts, program);
    const res = { ...ch, xi: r, sigma: noiseScale(r) };
    return [...oscillations(res, r), ...oscillations(res, r, SLOW_OSCILLATION_SCALE)]
      .filter((e) => !explained(e) && !climbsThroughCycles(x, starts, e.i0, e.i1, e.values.amplitude ?? 0))
      .map((e) => ({ ...e, extra: { ...e.extra, residual: 'cycle' } }));
  });
}
