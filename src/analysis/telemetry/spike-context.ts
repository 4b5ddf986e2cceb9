// What explains a spike. A command explains the level changes and transients that follow it while the
// channel settles; a channel's settling window is the longest over all its commands (a slow warm-up
// after one of them), which is right for level changes but far too long for a one-sample glitch: a
// spike 35 s after a speed step whose current settled in 2 s is not that step's doing. So a spike is
// explained only by the start-up window or by the latest change before it, within that change's own
// response measured on the channel (as settleTime measures it, for that change alone).
import { indexAt, type Channel, type Context } from './context.js';
import { finiteRange, median, rollingMean } from './robust.js';

/**
 * Per-change settling (s) of one channel, computed lazily and cached: the smoothed slope is computed
 * once per channel, and only the changes a spike falls after are measured (a sweep command has
 * thousands of changes; measuring each for each spike made a 200k-row file take minutes).
 */
export function changeSettler(ch: Channel, t: Float64Array, period: number): (c: number) => number {
  let slope: Float64Array | null = null;
  let threshold = 0;
  const cache = new Map<number, number>();
  const duration = t[t.length - 1] ?? 0;
  const floor = 20 * period;
  const cap = Math.max(floor, 0.15 * duration);
  return (c: number) => {
    const hit = cache.get(c);
    if (hit !== undefined) return hit;
    if (!slope) {
      const smooth = rollingMean(ch.xi, 11);
      const n = smooth.length;
      slope = new Float64Array(n);
      for (let i = 5; i < n - 5; i++) slope[i] = Math.abs(smooth[i + 5]! - smooth[i - 5]!) / 10;
      threshold = 3 * median(slope.subarray(5, Math.max(5, n - 5))) + ch.sigma / 20;
    }
    const n = slope.length;
    let calm = 0;
    let i = c;
    const end = Math.min(n, indexAt(t, (t[c] ?? 0) + cap) + 10);
    for (; i < end && calm < 10; i++) calm = slope[i]! > threshold ? 0 : calm + 1;
    const settled = Math.min(n - 1, i - calm);
    const s = Math.min(cap, Math.max(floor, 1.5 * (t[settled]! - t[c]!) + 5 * period));
    cache.set(c, s);
    return s;
  };
}

export function spikeExplained(
  ctx: Context,
  ch: Channel,
  t0: number,
  t1: number,
  settleOf: (changeIndex: number) => number,
): boolean {
  if (t0 < (ctx.startup.get(ch.name) ?? ctx.startupEnd)) return true;
  const settle = ctx.settle.get(ch.name) ?? 0;
  const pre = 10 * ctx.period;
  const changes = ctx.changes.get(ch.name) ?? [];
  // The latest change at or before the spike (a detector may place it a few samples early).
  let k = -1;
  for (let lo = 0, hi = changes.length; lo < hi;) {
    const mid = (lo + hi) >> 1;
    if (changes[mid]! - pre <= t1) {
      k = mid;
      lo = mid + 1;
    } else hi = mid;
  }
  if (k < 0) return false;
  const c = changes[k]!;
  if (!(t0 <= c + settle)) return false;
  return t0 <= c + settleOf(indexAt(ctx.t, c));
}

/** Share of a command's range it must move within OSC_MOVE_WINDOW samples of a change to explain an oscillation. */
export const OSC_MOVE_SHARE = 0.05;
/** Samples either side of a change over which the command's move is measured. */
export const OSC_MOVE_WINDOW = 10;

/**
 * The changes of a command that can explain an oscillation: those where the command moves by
 * OSC_MOVE_SHARE of its range within OSC_MOVE_WINDOW samples (a new level, a fast sine's every
 * sample). A slow tracking command changes at every sample too (an antenna's azimuth creeping 0.004
 * degrees a sample across a 100-degree range), and each of those changes, closer to the next sample
 * than any settling window, explained every limit cycle of every channel during the track. A text or
 * discrete state's changes have no scale: all of them count.
 */
export function movingChanges(cmd: Float64Array, changes: number[], categorical: boolean): number[] {
  if (categorical || !changes.length) return changes;
  const floor = OSC_MOVE_SHARE * finiteRange(cmd);
  return changes.filter(
    (c) => finiteRange(cmd.subarray(Math.max(0, c - OSC_MOVE_WINDOW), c + OSC_MOVE_WINDOW + 1)) >= floor,
  );
}

/** Units of a frequency command (a sweep's set frequency), whose every change may explain an oscillation. */
export const FREQUENCY_UNITS = /^[kMG]?Hz$/;

/**
 * An oscillation is explained by the latest change before its onset, not before its end: a limit
 * cycle of 200 s that a laser-power step 6 s before its end interrupts was the step's. An event may
 * start up to an RMS window plus half the high-pass width before the onset (4 x (30 + 20) samples at
 * the slow scale: a commanded sine starting at 80 s was an event from 79.2 s at 200 Hz): 300 samples.
 */
export const ONSET_SAMPLES = 300;

/** The index by which the cause of a spike (its end) or an oscillation (its onset) must have come. */
export function causeBy(e: { kind: string; i0: number; i1: number }): number {
  return e.kind === 'spike' ? e.i1 : Math.min(e.i1, e.i0 + ONSET_SAMPLES);
}
