// What explains a change: commanded changes (set-point, command, mode, state columns), the start-up
// transient, and sibling channels. Detectors ask `explained(channel, t)` before reporting, and drift
// detection uses the sibling median to remove what the siblings share (cycles, warm-up, load).
import { stemOf, tokensOf } from './columns.js';
import { interpolate, madSigma, median, rollingMean } from './robust.js';

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
  /** Command change times (s) that may explain this channel, and its settling time after them (s). */
  changes: Map<string, number[]>;
  settle: Map<string, number>;
  siblings: Map<string, string[]>;
}

/** Start-up: the first 5% of the file (at least 10 samples) holds inrush and warm-up, by convention. */
export function startupEnd(t: Float64Array, period: number): number {
  return Math.max(0.05 * (t[t.length - 1] ?? 0), 10 * period);
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
 * A command explains the channels sharing a name token with it (motor_cmd -> motor_current_A); a
 * command that shares a token with no channel (heater_setpoint vs temp_1) explains all channels,
 * because which sensor a heater moves is physics, not naming.
 */
export function explainers(channel: string, commands: string[], all: string[]): string[] {
  const owns = (cmd: string, ch: string) => tokensOf(cmd).some((tk) => tokensOf(ch).includes(tk));
  return commands.filter((cmd) => owns(cmd, channel) || !all.some((ch) => owns(cmd, ch)));
}

/** Siblings: other channels with the same stem and units (temp_1_degC..temp_4_degC, cell_a_V/cell_b_V). */
export function siblingsOf(ch: Channel, all: Channel[]): string[] {
  const stem = stemOf(ch.name);
  return all
    .filter((o) => o.name !== ch.name && o.units === ch.units && stemOf(o.name) === stem)
    .map((o) => o.name);
}

/**
 * Settling time after a command change, measured on the channel: the time until its smoothed level
 * stays within a band (4 sigma, or 10% of the change) of the level it settles at. Capped at 15% of the
 * file, floored at 20 samples, so a slow thermal lag is learnt from the data, not assumed.
 */
export function settleTime(ch: Channel, t: Float64Array, changes: number[], period: number): number {
  const duration = t[t.length - 1] ?? 0;
  const floor = 20 * period;
  const cap = Math.max(floor, 0.15 * duration);
  const smooth = rollingMean(ch.xi, 11);
  let worst = floor;
  changes.forEach((c, k) => {
    const end = k + 1 < changes.length ? changes[k + 1]! : smooth.length;
    if (end - c < 20) return;
    const tail = smooth.subarray(c + Math.floor(0.8 * (end - c)), end);
    const final = median(tail);
    const initial = median(smooth.subarray(Math.max(0, c - 10), c));
    const band = Math.max(4 * ch.sigma, 0.1 * Math.abs(final - initial), 2 * madSigma(tail));
    let last = c;
    for (let i = c; i < end - Math.floor(0.2 * (end - c)); i++)
      if (Math.abs(smooth[i]! - final) > band) last = i;
    worst = Math.max(worst, t[last]! - t[c]! + 5 * period);
  });
  return Math.min(cap, worst);
}

export function isExplained(ctx: Context, channel: string, t: number): boolean {
  if (t < ctx.startupEnd) return true;
  const settle = ctx.settle.get(channel) ?? 0;
  // A window detector may place a change a few samples before the command that caused it.
  const pre = 10 * ctx.period;
  return (ctx.changes.get(channel) ?? []).some((c) => t >= c - pre && t <= c + settle);
}

export function siblingResidual(ch: Channel, sibs: Channel[]): Float64Array | null {
  if (!sibs.length) return null;
  const out = new Float64Array(ch.xi.length);
  const buf: number[] = [];
  for (let i = 0; i < out.length; i++) {
    buf.length = 0;
    for (const s of sibs) buf.push(s.xi[i]!);
    out[i] = ch.xi[i]! - median(buf);
  }
  return out;
}

export function makeChannel(name: string, units: string | null, x: Float64Array, sigma: number, q: number): Channel {
  return { name, units, x, xi: interpolate(x), sigma, quantum: q };
}

/** First series index at or after time `s`. */
export function indexAt(t: Float64Array, s: number): number {
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
  let from = ctx.startupEnd;
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
