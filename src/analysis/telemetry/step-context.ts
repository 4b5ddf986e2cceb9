// What explains a step. A level change right after a command is the command's doing only if the
// command really moved there and the channel was still settling from that change. Otherwise two
// things masked real steps: a set-point ramp or a sine command whose every sample is a change (so a
// change always lies a row before any step); and a settling window measured over all commands, or
// stretched by the step itself (the level it settles to is the faulty one), covering a step long
// after the channel had settled from the latest change.
import { isExplained, type Context } from './context.js';
import { median } from './robust.js';

/**
 * A command change is material when the command's trend changes there by at least this share of its
 * own range over the step detector's window: a new commanded level, or the start of a fast ramp,
 * changes it by a good part of the range; a slow set-point ramp by a fraction of a percent, and the
 * middle of any ramp not at all (a brake's speed ramp does not re-explain every second of a stop).
 */
export const MATERIAL_CHANGE = 0.05;
/**
 * ...and by this many times its typical move over such windows around the change (2 to 6 windows
 * either side): within a sine, a random or a ramped stretch of a command every window moves alike, so
 * no one of its changes stands out; a command that holds its levels has a typical move of zero.
 */
export const MATERIAL_STANDOUT = 3;
const NEIGHBOUR_WINDOWS = [-6, -5, -4, -3, -2, 2, 3, 4, 5, 6];
/**
 * At a ramp's corner the trend's change (rate x w / 2) is 1/12 of the ramp's travel across the six
 * windows either side; a corner must move by at least 1/CORNER_SHARE of that travel.
 */
export const CORNER_SHARE = 24;

/**
 * Changes of a command column that move it materially over `w` samples either side (a text or
 * discrete state: every change, its codes have no scale); with `corners`, a fast ramp's start and end
 * too.
 */
export function materialChanges(
  cmd: Float64Array,
  changes: number[],
  categorical: boolean,
  w: number,
  corners = true,
): number[] {
  if (categorical || !changes.length) return changes;
  const n = cmd.length;
  // Prefix sums of the finite values and of their count: empty cells carry no information.
  const sum = new Float64Array(n + 1);
  const cnt = new Float64Array(n + 1);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = cmd[i]!;
    const ok = Number.isFinite(v);
    sum[i + 1] = sum[i]! + (ok ? v : 0);
    cnt[i + 1] = cnt[i]! + (ok ? 1 : 0);
    if (ok) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  const mean = (a: number, b: number) => {
    const [p, q] = [Math.max(0, a), Math.min(n, b)];
    const k = cnt[q]! - cnt[p]!;
    return k ? (sum[q]! - sum[p]!) / k : NaN;
  };
  // The change in the command's trend across c (second difference of window means): a step or the
  // start of a ramp changes it, the middle of a ramp does not, however fast the ramp.
  const move = (c: number) => Math.abs(mean(c, c + w) - 2 * mean(c - w, c) + mean(c - 2 * w, c - w));
  const floor = MATERIAL_CHANGE * (hi - lo);
  // How far the command travels across the neighbour windows around c.
  const span = NEIGHBOUR_WINDOWS[NEIGHBOUR_WINDOWS.length - 1]! * w;
  const travel = (c: number) => {
    let a = Infinity;
    let b = -Infinity;
    for (let i = Math.max(0, c - span); i < Math.min(n, c + span); i++) {
      const v = cmd[i]!;
      if (Number.isFinite(v)) {
        a = Math.min(a, v);
        b = Math.max(b, v);
      }
    }
    return b > a ? b - a : 0;
  };
  const material = (c: number) => {
    const around = NEIGHBOUR_WINDOWS.map((k) => move(c + k * w)).filter(Number.isFinite);
    const m = move(c);
    const standout = MATERIAL_STANDOUT * median(around);
    if (!(m < Math.max(floor, standout))) return true;
    // A ramp's corner (its start or end): the trend changes there by only rate x w / 2, under the
    // floor whenever the ramp lasts many windows (a slew or a speed ramp sampled at 50 Hz), yet the
    // ramp carries the command a material distance. Such a corner stands out from its neighbours,
    // its move is a good share of the travel (the middle of a quantised ramp moves by rounding only)
    // and the travel across the neighbour windows clears the floor.
    if (!corners) return false;
    const far = travel(c);
    return m >= standout && m > 0 && m >= far / CORNER_SHARE && far >= floor;
  };
  return changes.filter(material);
}

/**
 * A step is explained by the start-up window, or by the latest material change before it (a window
 * detector may place the step a few samples early) while the channel is still settling from that
 * change alone (`settleOf`, seconds, measured on the series the step was found in), and within the
 * channel's overall settling window.
 */
export function stepExplained(
  ctx: Context,
  channel: string,
  i0: number,
  i1: number,
  changes: number[],
  settleOf: (changeIndex: number, stepIndex: number) => number,
): boolean {
  const t0 = ctx.t[i0]!;
  const t1 = ctx.t[i1]!;
  if (t0 < (ctx.startup.get(channel) ?? ctx.startupEnd)) return true;
  if (!isExplained(ctx, channel, t0, t1)) return false;
  const pre = 10 * ctx.period;
  let c = -1;
  for (const k of changes) if (ctx.t[k]! - pre <= t1) c = k;
  if (c < 0) return false;
  return t0 <= ctx.t[c]! + settleOf(c, i0);
}
