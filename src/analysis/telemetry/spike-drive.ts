// Which commands' changes may explain a spike on a channel. A command that moves on most samples (a
// fatigue frame's 4 Hz load command, a sweep) has a change one sample before every glitch of every
// channel, and within the floor of its settling: a specimen thermocouple's 11-sigma glitch in the
// middle of a load block read as the load's doing. A channel that shows none of that motion (its
// fast part does not follow the command's) was not kicked by it. Commands that hold levels between
// changes keep their say over every channel: a small command step kicks the channel it drives, and
// one step is too little to test the channel's following on.
import type { Channel, Context } from './context.js';
import { rollingMean } from './robust.js';

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

/**
 * The context spikes are judged in: each channel's explaining changes are those of spikeCommands.
 * Nothing to do (the context itself) when no command moves continuously.
 */
export function spikeContext(
  ctx: Context,
  channels: Channel[],
  commands: { name: string; x: Float64Array; changes: number[] }[],
): Context {
  if (!commands.some((c) => movesContinuously(c.x))) return ctx;
  const changes = new Map(
    channels.map((ch) => {
      const names = new Set(spikeCommands(ch.xi, commands));
      const idx = [...new Set(commands.filter((c) => names.has(c.name)).flatMap((c) => c.changes))];
      return [ch.name, idx.sort((a, b) => a - b).map((i) => ctx.t[i]!)] as const;
    }),
  );
  return { ...ctx, changes };
}
