// A drive that moves all along does not explain a raise it does not cause elsewhere. An actuator
// cycled by a sine command for most of a test presses its supply pressure into the same ripple every
// cycle; the file's typical RMS is that ripple. A relief valve chattering at 3 Hz for 70 s in the
// middle of it triples the RMS while the command moves exactly as it did before and after. The
// command's latest change explains the onset of anything (every sample is a change), so without this
// every fault during the motion would be the motion's. Where the test comes back to the same motion
// (about the same level, with the same spread and rate of swings) after leaving it, and the channel
// is calm through those returns, the motion is not what raised it. A sweep passes a resonance once
// and its neighbouring windows are the only ones that move alike (no return: the drive keeps
// explaining it); a drive that has moved to a new operating point (an angle past stall) sits at a
// level it has nowhere else.
import { OSC_RATIO } from './detect-local.js';
import { crossings, rms } from './oscillation-context.js';
import { median, rollingMean } from './robust.js';

/** A window's drive matches the event's when its spread and its swings are within this factor. */
export const SAME_DRIVE = 1.25;
/** Windows of the same drive needed in the returns, at least, to say how the channel answers it. */
export const MIN_SAME_WINDOWS = 10;

interface DriveWindow {
  /** Inside the event, or within a window of it (neither event nor return). */
  place: 'event' | 'margin' | 'out';
  mean: number;
  spread: number;
  swings: number;
  level: number;
}

/**
 * Whether the raise of x over [i0, i1] (x less its rolling mean over `width`, the detector's
 * high-pass) is beyond what the drive `cmd` does to it where the test returns to the same motion.
 * Windows of w samples (twice the high-pass, or a quarter of the event if longer, so each holds
 * cycles of the drive) match the event's when the command sits at the event's level with its spread
 * and swings (medians of the event's windows, within SAME_DRIVE). The event's own stretch of motion
 * ends where the drive leaves it (holds, or moves to another level); the matching windows beyond
 * those departures (the returns),
 * at least MIN_SAME_WINDOWS and as many as the event's, must have a median RMS of the high-passed x
 * under 1/OSC_RATIO of the event's. A command that holds over the event (no spread) is no motion.
 */
export function beyondSameDrive(
  x: Float64Array,
  cmd: ArrayLike<number>,
  i0: number,
  i1: number,
  width: number,
): boolean {
  const n = Math.min(x.length, cmd.length);
  const w = Math.max(2 * width, Math.ceil((i1 - i0 + 1) / 4));
  const base = rollingMean(x, width);
  const windows: DriveWindow[] = [];
  for (let s = 0; s + w <= n; s += w) {
    const e = s + w - 1;
    const c = Array.from({ length: w }, (_, k) => cmd[s + k]!);
    const m = c.reduce((p, q) => p + q, 0) / w;
    windows.push({
      place: s >= i0 && e <= i1 ? 'event' : e >= i0 - w && s <= i1 + w ? 'margin' : 'out',
      mean: m,
      spread: rms(c.map((v) => v - m)),
      swings: crossings(cmd, s, e, w),
      level: rms(Array.from({ length: w }, (_, k) => x[s + k]! - base[s + k]!)),
    });
  }
  const event = windows.filter((v) => v.place === 'event');
  if (!event.length) return false;
  const spread = median(event.map((v) => v.spread));
  const swings = median(event.map((v) => v.swings));
  const mean = median(event.map((v) => v.mean));
  if (!(spread > 0)) return false;
  const within = (a: number, b: number) => a <= SAME_DRIVE * b && b <= SAME_DRIVE * a;
  const matches = (v: DriveWindow) =>
    v.place === 'out' &&
    Math.abs(v.mean - mean) <= 0.5 * spread &&
    within(v.spread, spread) &&
    (v.swings === swings || within(v.swings, swings));
  // The event's own stretch of motion ends where the drive leaves it: it holds (a quarter of the
  // spread or less) or moves to another level. A sweep never leaves its motion, only drifts in rate.
  const left = (v: DriveWindow) =>
    v.place === 'out' && (v.spread <= 0.25 * spread || Math.abs(v.mean - mean) > 2 * spread);
  const first = windows.findIndex((v) => v.place !== 'out');
  let a = first;
  let b = first;
  while (b + 1 < windows.length && windows[b + 1]!.place !== 'out') b++;
  while (a >= 0 && !left(windows[a]!)) a--;
  while (b < windows.length && !left(windows[b]!)) b++;
  const returns = windows.filter((v, k) => (k < a || k > b) && matches(v));
  if (returns.length < Math.max(MIN_SAME_WINDOWS, event.length)) return false;
  return median(event.map((v) => v.level)) > OSC_RATIO * median(returns.map((v) => v.level));
}
