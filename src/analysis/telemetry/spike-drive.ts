// Which commands' changes may explain a spike on a channel. A command that moves on most samples (a
// fatigue frame's 4 Hz load command, a sweep) has a change one sample before every glitch of every
// channel, and within the floor of its settling: a specimen thermocouple's 11-sigma glitch in the
// middle of a load block read as the load's doing. A channel that shows none of that motion (its
// fast part does not follow the command's) was not kicked by it. Commands that hold levels between
// changes keep their say over every channel: a small command step kicks the channel it drives, and
// one step is too little to test the channel's following on.
import type { Channel, Context } from './context.js';
import { rollingMean, rollingMedian } from './robust.js';

/** A command that changes on more than this share of its samples moves continuously. */
export const CONTINUOUS_SHARE = 0.5;
/** High-pass width (samples): the motion a channel must follow, not its slow course (as the oscillation detector). */
const FOLLOW_WIDTH = 41;
/** Lags (samples, either way) at which the channel may follow: a servo's or a sensor's delay. */
const FOLLOW_LAG = 10;
/**
 * Correlation of the fast parts above which the channel follows the motion. A channel that ignores
 * it correlates at about 1/sqrt(n) (0.006 over 30,000 samples); one driven by it at well over half.
 */
export const FOLLOW_CORR = 0.3;

/**
 * Share of its range the command's fast part (RMS) must carry: a sine faster than the high-pass
 * carries 0.35 of its peak-to-peak. A slow ramp or creep that changes every sample (an antenna's
 * azimuth, a sweep's frequency) has almost none: its channels answer it through their slow course,
 * or through a pattern or a resonance, never sample by sample, and following cannot be told here.
 */
export const FAST_SHARE = 0.1;

/** Whether a command column changes value on most of its samples, and fast. */
export function movesContinuously(cmd: Float64Array): boolean {
  if (!changesMostSamples(cmd)) return false;
  const fast = fastPart(cmd);
  let e = 0;
  let lo = Infinity;
  let hi = -Infinity;
  let m = 0;
  for (let i = 0; i < cmd.length; i++) {
    e += fast[i]! ** 2;
    if (Number.isFinite(cmd[i]!)) [lo, hi, m] = [Math.min(lo, cmd[i]!), Math.max(hi, cmd[i]!), m + 1];
  }
  return m > 0 && hi > lo && Math.sqrt(e / cmd.length) >= FAST_SHARE * (hi - lo);
}

function changesMostSamples(cmd: Float64Array): boolean {
  let pairs = 0;
  let changes = 0;
  for (let i = 1; i < cmd.length; i++) {
    const [a, b] = [cmd[i - 1]!, cmd[i]!];
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    pairs++;
    if (a !== b) changes++;
  }
  return pairs > 0 && changes > CONTINUOUS_SHARE * pairs;
}

/** The series less its rolling mean (the fast part), non-finite values as 0. */
function fastPart(x: Float64Array): Float64Array {
  const clean = x.map((v) => (Number.isFinite(v) ? v : 0));
  const base = rollingMean(clean, FOLLOW_WIDTH);
  return clean.map((v, i) => v - base[i]!);
}

/** Whether channel x follows the command's fast motion: |correlation| >= FOLLOW_CORR at some lag. */
export function followsMotion(x: Float64Array, cmd: Float64Array): boolean {
  return followingLag(x, cmd) !== null;
}

/** The lag (samples, x[i] against cmd[i + lag]) at which x follows the command best, or null if it does not. */
export function followingLag(x: Float64Array, cmd: Float64Array): number | null {
  const a = fastPart(x);
  const b = fastPart(cmd);
  const n = a.length;
  let best: number | null = null;
  let top = FOLLOW_CORR;
  for (let lag = -FOLLOW_LAG; lag <= FOLLOW_LAG; lag++) {
    let sab = 0;
    let saa = 0;
    let sbb = 0;
    for (let i = Math.max(0, -lag); i < n && i + lag < n; i++) {
      const u = a[i]!;
      const v = b[i + lag]!;
      sab += u * v;
      saa += u * u;
      sbb += v * v;
    }
    const r = saa > 0 && sbb > 0 ? Math.abs(sab) / Math.sqrt(saa * sbb) : 0;
    if (r >= top) [best, top] = [lag, r];
  }
  return best;
}

/**
 * The commands (by name) whose changes may explain a spike on channel x: all but those that move
 * continuously and that x does not follow.
 */
export function spikeCommands(x: Float64Array, commands: { name: string; x: Float64Array }[]): string[] {
  return commands.filter((c) => !movesContinuously(c.x) || followsMotion(x, c.x)).map((c) => c.name);
}

/** Samples either side of a change over which a ramp's usual increment is read. */
const RAMP_WINDOW = 10;
/** A change more than this many times the command's usual increment around it is a step, not the ramp's. */
const STEP_RATIO = 3;

/**
 * The changes of a slowly ramping command (a fire furnace's ISO 834 curve, a chamber's profile
 * written every sample) that are only its ramp going on: about the size of the increments around
 * them. A ramp moves the channels it drives through their slow course; its 0.1-degree increment
 * kicks nothing, yet as a change on every sample it explained every glitch on every channel for the
 * whole ramp (a 24-sigma pressure spike mid-exposure went unreported). A step within the ramp, or
 * the first change after a hold, stands out from the increments around it and keeps its say.
 */
export function rampIncrements(cmd: Float64Array, changes: number[]): number[] {
  if (!changesMostSamples(cmd) || movesContinuously(cmd)) return [];
  const delta = (i: number) =>
    i > 0 && Number.isFinite(cmd[i]!) && Number.isFinite(cmd[i - 1]!) ? Math.abs(cmd[i]! - cmd[i - 1]!) : NaN;
  return changes.filter((c) => {
    const around: number[] = [];
    for (let k = c - RAMP_WINDOW; k <= c + RAMP_WINDOW; k++) {
      const d = k === c ? NaN : delta(k);
      if (Number.isFinite(d)) around.push(d);
    }
    if (around.length < RAMP_WINDOW) return false;
    around.sort((a, b) => a - b);
    const usual = around[around.length >> 1]!;
    return usual > 0 && delta(c) <= STEP_RATIO * usual;
  });
}

/** Rolling-median width (samples): a glitch of a sample or two leaves it, a pattern's null does not. */
const HOLD_WIDTH = 5;
/** Samples either side of an increment over which the channel must hold its level. */
const HOLD_SPAN = 200;
/** Noise sigmas the channel's median may move by around an increment and still be held. */
const HOLD_SIGMAS = 8;

/**
 * The increments (of `increments`, sorted) around which the channel holds its level: its short
 * rolling median moves by no more than a few noise sigmas within HOLD_SPAN samples. A channel the
 * ramp moves (the furnace's thermocouples) or moves through a pattern (an antenna's received power
 * as the azimuth passes a null, an accelerometer as a sweep passes a resonance) answers the ramp in
 * ways an increment can explain; a pressure held at its own set-point through a furnace's temperature
 * ramp does not.
 */
function heldIncrements(ch: Channel, increments: number[], median: () => Float64Array): Set<number> {
  const held = new Set<number>();
  if (increments.length === 0) return held;
  const med = median();
  // Minimum and maximum per block of HOLD_SPAN samples: an increment's span is its block and the two
  // beside it.
  const blocks = Math.ceil(med.length / HOLD_SPAN);
  const lo = new Float64Array(blocks).fill(Infinity);
  const hi = new Float64Array(blocks).fill(-Infinity);
  for (let i = 0; i < med.length; i++) {
    const b = Math.floor(i / HOLD_SPAN);
    if (!Number.isFinite(med[i]!)) continue;
    if (med[i]! < lo[b]!) lo[b] = med[i]!;
    if (med[i]! > hi[b]!) hi[b] = med[i]!;
  }
  for (const i of increments) {
    const b = Math.floor(i / HOLD_SPAN);
    let [l, h] = [Infinity, -Infinity];
    for (let k = Math.max(0, b - 1); k <= Math.min(blocks - 1, b + 1); k++)
      [l, h] = [Math.min(l, lo[k]!), Math.max(h, hi[k]!)];
    if (h >= l && h - l <= HOLD_SIGMAS * ch.sigma) held.add(i);
  }
  return held;
}

/**
 * The context spikes are judged in: each channel's explaining changes are those of spikeCommands,
 * less the increments of a slow ramp (rampIncrements) the channel holds its level around. Nothing to
 * do (the context itself) when no command moves continuously and none ramps.
 */
export function spikeContext(
  ctx: Context,
  channels: Channel[],
  commands: { name: string; x: Float64Array; changes: number[] }[],
): Context {
  const ramps = commands.map((c) => rampIncrements(c.x, c.changes));
  const continuous = commands.some((c) => movesContinuously(c.x));
  if (!continuous && ramps.every((r) => r.length === 0)) return ctx;
  const changes = new Map(
    channels.map((ch) => {
      // The channel's short rolling median once, whichever ramps ask for it.
      let med: Float64Array | undefined;
      const median = () => (med ??= rollingMedian(ch.xi, HOLD_WIDTH));
      const ignored = ramps.map((r) => heldIncrements(ch, r, median));
      const kicks = commands.map((c, k) => c.changes.filter((i) => !ignored[k]!.has(i)));
      if (!continuous) {
        // A time some other command changed at keeps its say.
        const kept = new Set(kicks.flat().map((i) => ctx.t[i]!));
        const ramp = new Set(ignored.flatMap((s) => [...s].map((i) => ctx.t[i]!)));
        const times = ctx.changes.get(ch.name) ?? [];
        return [ch.name, times.filter((c) => kept.has(c) || !ramp.has(c))] as const;
      }
      const names = new Set(spikeCommands(ch.xi, commands));
      const idx = [...new Set(commands.flatMap((c, k) => (names.has(c.name) ? kicks[k]! : [])))];
      return [ch.name, idx.sort((a, b) => a - b).map((i) => ctx.t[i]!)] as const;
    }),
  );
  return { ...ctx, changes };
}
