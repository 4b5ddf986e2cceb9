// What explains a change: commanded changes (set-point, command, mode, state columns), the start-up
// transient, and sibling channels. Detectors ask `explained(channel, t)` before reporting, and drift
// detection uses the sibling median to remove what the siblings share (cycles, warm-up, load).
import { stemOf } from './columns.js';
import { interpolate, madSigma, median, rollingMean, smallMedian } from './robust.js';

export interface Channel {
  name: string;
  units: string | null;
  /** Values per series point (a row, or a bucket of rows), NaN where empty. */
  x: Float64Array;
  /** Same with empty cells interpolated. */
  xi: Float64Array;
  sigma: number;
  quantum: number;
}

export interface Context {
  t: Float64Array;
  bucket: number;
  period: number;
  duration: number;
  startupEnd: number;
  /** Per channel: the start-up window, lengthened to the channel's own warm-up or inrush settling. */
  startup: Map<string, number>;
  /** Command change times (s) that may explain this channel, and its settling time after them (s). */
  changes: Map<string, number[]>;
  settle: Map<string, number>;
  siblings: Map<string, string[]>;
}

/** Start-up: the first 5% of the file (at least 10 samples) holds inrush and warm-up, by convention. */
export function startupEnd(t: Float64Array, period: number): number {
  return Math.max(0.05 * (t[t.length - 1] ?? 0), 10 * period);
}

/** At most `max` distinct finite values over the whole series: a discrete state, not a measurement. */
export function isDiscrete(x: Float64Array, max = 4): boolean {
  const seen = new Set<number>();
  for (const v of x) if (Number.isFinite(v) && seen.add(v).size > max) return false;
  return seen.size > 0;
}

/** Indices where a command or state column takes a new value. */
export function changeIndices(cmd: Float64Array): number[] {
  const out: number[] = [];
  let last = NaN;
  for (let i = 0; i < cmd.length; i++) {
    const v = cmd[i]!;
    if (!Number.isFinite(v)) continue;
    if (Number.isFinite(last) && Math.abs(v - last) > 1e-9 * (Math.abs(last) + 1)) out.push(i);
    last = v;
  }
  return out;
}

/**
 * The changes of a command or state column that explain others. A state that toggles dozens of times
 * (a thermostat's heater, a duty-cycled relay) drives a repeating cycle, not commanded changes: its
 * toggles would leave no steady stretch to judge, and the cycle it drives is judged against the
 * channel's own history and its siblings instead.
 */
export function commandChanges(x: Float64Array, cycling = 40): number[] {
  const idx = changeIndices(x);
  return idx.length > cycling && isDiscrete(x) ? [] : idx;
}

/**
 * Every command, set-point, mode or state column may explain every channel: a heater set-point moves
 * temperatures and a motor command sags the bus voltage, and names do not say which. How long each
 * channel takes to settle is measured on the data (settleTime), so a channel that does not respond gets
 * the short floor and loses almost nothing to the mask.
 */
export function explainers(_channel: string, commands: string[]): string[] {
  return commands;
}

/** Siblings: other channels with the same stem and units (temp_1_degC..temp_4_degC, cell_a_V/cell_b_V). */
export function siblingsOf(ch: Channel, all: Channel[]): string[] {
  const stem = stemOf(ch.name);
  return all
    .filter((o) => o.name !== ch.name && o.units === ch.units && stemOf(o.name) === stem)
    .map((o) => o.name);
}

/**
 * Settling time after a command change, measured on the channel: how long its smoothed slope stays
 * above 3x the channel's typical slope (so wander and cycles, which are typical, do not count as a
 * response), plus half again for the tail. A channel that does not respond gets the floor of 20
 * samples; the cap is 15% of the file, so one slow lag cannot mask the whole record.
 */
export function settleTime(ch: Channel, t: Float64Array, changes: number[], period: number): number {
  const duration = t[t.length - 1] ?? 0;
  const floor = 20 * period;
  const cap = Math.max(floor, 0.15 * duration);
  const smooth = rollingMean(ch.xi, 11);
  const n = smooth.length;
  const slope = new Float64Array(n);
  for (let i = 5; i < n - 5; i++) slope[i] = Math.abs(smooth[i + 5]! - smooth[i - 5]!) / 10;
  const threshold = 3 * median(slope.subarray(5, n - 5)) + ch.sigma / 20;
  let worst = floor;
  for (const c of changes) {
    let calm = 0;
    let i = c;
    for (; i < n && calm < 10; i++) calm = slope[i]! > threshold ? 0 : calm + 1;
    const settled = Math.min(n - 1, i - calm);
    worst = Math.max(worst, 1.5 * (t[settled]! - t[c]!) + 5 * period);
  }
  return Math.min(cap, worst);
}

/**
 * First index in [from, end) from which the series stays within `band` (max - min) for `w` samples:
 * where a response has stopped moving. Sliding minimum and maximum, so a long record costs O(n).
 */
export function firstFlat(y: Float64Array, from: number, end: number, w: number, band: number): number {
  const lo: number[] = [];
  const hi: number[] = [];
  let head = from;
  for (let i = from; i < end; i++) {
    const v = y[i]!;
    while (lo.length && y[lo[lo.length - 1]!]! >= v) lo.pop();
    while (hi.length && y[hi[hi.length - 1]!]! <= v) hi.pop();
    lo.push(i);
    hi.push(i);
    // Shrink the window from the left until it is flat; a window of w flat samples is the answer.
    while (y[hi[0]!]! - y[lo[0]!]! > band) {
      head++;
      while (lo[0]! < head) lo.shift();
      while (hi[0]! < head) hi.shift();
    }
    if (i - head + 1 >= w) return head;
  }
  return end;
}

/**
 * Settling by level rather than slope, for a sibling residual: the time until the smoothed residual
 * stays within 4 sigma (or its tail's own spread) of where it ends before the next command. Sensors
 * with different thermal lags part and rejoin slowly, with slopes too small for settleTime to see.
 * With `untilStill`, the response is over once the level stops moving (flat within that band for 5%
 * of the stretch, at least 20 samples, the window `responded` judges a response on): a drift that
 * starts later moves the level the stretch ends at, but it is not the command's doing and must not
 * stretch the mask over itself. For a sibling residual only: what the siblings share has cancelled,
 * so a pause in the residual is a settled lag difference. A lone channel's thermal tail can pause
 * and go on (load-following, a second time constant), so it keeps the level rule.
 */
export function settleLevel(
  y: Float64Array,
  sigma: number,
  t: Float64Array,
  changes: number[],
  period: number,
  only: (c: number, end: number) => boolean = () => true,
  untilStill = false,
): number {
  const duration = t[t.length - 1] ?? 0;
  const cap = Math.max(20 * period, 0.15 * duration);
  const smooth = rollingMean(y, 11);
  let worst = 20 * period;
  changes.forEach((c, k) => {
    const end = k + 1 < changes.length ? changes[k + 1]! : smooth.length;
    if (end - c < 20 || !only(c, end)) return;
    const tail = smooth.subarray(c + Math.floor(0.8 * (end - c)), end);
    const final = median(tail);
    const band = Math.max(4 * sigma, 2 * madSigma(tail));
    let last = c;
    for (let i = c; i < end; i++) if (Math.abs(smooth[i]! - final) > band) last = i;
    const w = Math.max(20, Math.floor(0.05 * (end - c)));
    const settled = untilStill ? Math.min(last, firstFlat(smooth, c, end, w, band)) : last;
    worst = Math.max(worst, 1.5 * (t[settled]! - t[c]!) + 5 * period);
  });
  return Math.min(cap, worst);
}

/**
 * Whether a series responded to a change at index c (next change at `end`): the mean over the window
 * right after it differs from the mean before by 4 sigma. The window is 5% of the stretch (at least
 * 20 samples), so a slow thermal lag counts as a response at any sample rate, while a channel that
 * ignores the command and departs later (a fault) does not.
 */
export function responded(y: Float64Array, sigma: number, c: number, end: number): boolean {
  const w = Math.max(20, Math.floor(0.05 * (end - c)));
  if (c - w < 0 || c + 2 * w > y.length) return true;
  const mean = (a: number, b: number) => {
    let s = 0;
    for (let i = a; i < b; i++) s += y[i]!;
    return s / (b - a);
  };
  return Math.abs(mean(c + w, c + 2 * w) - mean(c - w, c)) > 4 * sigma;
}

/** An event over [t0, t1] is explained when it starts in the start-up window or meets a settling window. */
export function isExplained(ctx: Context, channel: string, t0: number, t1 = t0): boolean {
  if (t0 < (ctx.startup.get(channel) ?? ctx.startupEnd)) return true;
  const settle = ctx.settle.get(channel) ?? 0;
  // A window detector may place a change a few samples before the command that caused it.
  const pre = 10 * ctx.period;
  return (ctx.changes.get(channel) ?? []).some((c) => t0 <= c + settle && t1 >= c - pre);
}

export function siblingResidual(ch: Channel, sibs: Channel[]): Float64Array | null {
  if (!sibs.length) return null;
  const out = new Float64Array(ch.xi.length);
  const at = new Float64Array(sibs.length);
  const buf = new Float64Array(sibs.length);
  // Siblings may be blanked (NaN) where they are frozen: the median skips them, and where every
  // sibling is blank the last reference is held.
  let last = NaN;
  for (let i = 0; i < out.length; i++) {
    for (let k = 0; k < sibs.length; k++) at[k] = sibs[k]!.xi[i]!;
    const m = smallMedian(at, buf);
    if (Number.isFinite(m)) last = m;
    out[i] = Number.isFinite(last) ? ch.xi[i]! - last : 0;
  }
  return out;
}

export function makeChannel(
  name: string,
  units: string | null,
  x: Float64Array,
  sigma: number,
  q: number,
): Channel {
  return { name, units, x, xi: interpolate(x), sigma, quantum: q };
}

/** First series index at or after time `s`. */
export function indexAt(t: ArrayLike<number>, s: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid]! < s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Stretches with no start-up and no command settling in them: [start, end) series indices. */
export function steadySegments(ctx: Context, channel: string): [number, number][] {
  const settle = ctx.settle.get(channel) ?? 0;
  const changes = ctx.changes.get(channel) ?? [];
  const out: [number, number][] = [];
  let from = ctx.startup.get(channel) ?? ctx.startupEnd;
  for (const c of [...changes, Infinity]) {
    const a = indexAt(ctx.t, from);
    const b = c === Infinity ? ctx.t.length : indexAt(ctx.t, c);
    if (b > a) out.push([a, b]);
    from = Math.max(from, c + settle);
  }
  return out;
}

/** Whether a channel changes value at least three times in [a, b]. */
export function moves(ch: Channel, a: number, b: number): boolean {
  let changes = 0;
  for (let i = a + 1; i <= b && changes < 3; i++) {
    const u = ch.x[i]!;
    const v = ch.x[i - 1]!;
    if (Number.isFinite(u) && Number.isFinite(v) && u !== v) changes++;
  }
  return changes >= 3;
}
