// A measured channel that switches between two levels: an on/off actuator read through a sensor (a
// storage heater's element power, a pump's current, a solenoid's coil current). Its readings carry
// noise, so it is no discrete state (isDiscrete) and its switchings are no command changes; a
// thermostat switches it when the tank is warm, with no command column moving. Each switching is a
// level shift of hundreds of sigmas, and the element switching off, or off and on again, read as a
// step (or a drift across it). A sensor's fault on such a channel moves it off its levels (an offset,
// a gain error, a creep of the on level); going from one of its levels to the other is what it does.
import { meanOf, prefix } from './robust.js';

/** The two levels must lie this many noise sigmas apart: an actuator's swing, not a process's wander. */
export const SWITCH_GAP_SIGMA = 20;
/** A reading within this share of the gap of a level sits at that level. */
export const AT_LEVEL_SHARE = 0.1;
/** Share of the readings that must sit at one level or the other (the rest are in transit). */
export const AT_LEVELS = 0.9;
/**
 * Switchings between the levels that make a switching channel: a sensor's fault out and back is two;
 * an actuator switched on, off and on again is three.
 */
export const MIN_SWITCHINGS = 3;

export interface SwitchingLevels {
  low: number;
  high: number;
}

/** The channel's two levels when it is a switching channel (see above), else null. */
export function switchingLevels(x: Float64Array, sigma: number): SwitchingLevels | null {
  const v = [...x].filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length < 10) return null;
  // Two means, started from the extremes a little in (a glitch does not start a level).
  let low = v[Math.floor(0.02 * (v.length - 1))]!;
  let high = v[Math.ceil(0.98 * (v.length - 1))]!;
  for (let it = 0; it < 20 && high > low; it++) {
    const mid = (low + high) / 2;
    let [sl, nl, sh, nh] = [0, 0, 0, 0];
    for (const y of v)
      if (y < mid) [sl, nl] = [sl + y, nl + 1];
      else [sh, nh] = [sh + y, nh + 1];
    if (!nl || !nh) return null;
    [low, high] = [sl / nl, sh / nh];
  }
  const gap = high - low;
  if (!(gap > SWITCH_GAP_SIGMA * sigma)) return null;
  const tol = AT_LEVEL_SHARE * gap;
  let at = 0;
  let switchings = 0;
  let state = 0;
  for (const y of x) {
    if (!Number.isFinite(y)) continue;
    const s = Math.abs(y - low) <= tol ? -1 : Math.abs(y - high) <= tol ? 1 : 0;
    if (!s) continue;
    at++;
    if (state && s !== state) switchings++;
    state = s;
  }
  return at >= AT_LEVELS * v.length && switchings >= MIN_SWITCHINGS ? { low, high } : null;
}

/**
 * Whether a level change over series indices [i0, i1] takes the channel from one of its levels to the
 * other: its mean over w samples ending w before i0 at one level, and over w samples starting w
 * after i1 at the other (the windows clear of the switching's own transit).
 */
export function switchesLevel(
  x: Float64Array,
  levels: SwitchingLevels,
  i0: number,
  i1: number,
  w: number,
): boolean {
  const n = x.length;
  const pre = prefix(x);
  const [a0, a1] = [Math.max(0, i0 - 2 * w), Math.max(0, i0 - w)];
  const [b0, b1] = [Math.min(n, i1 + w + 1), Math.min(n, i1 + 2 * w + 1)];
  if (a1 <= a0 || b1 <= b0) return false;
  const tol = AT_LEVEL_SHARE * (levels.high - levels.low);
  const at = (m: number) => (Math.abs(m - levels.low) <= tol ? -1 : Math.abs(m - levels.high) <= tol ? 1 : 0);
  const [from, to] = [at(meanOf(pre, a0, a1)), at(meanOf(pre, b0, b1))];
  return from !== 0 && to !== 0 && from !== to;
}
