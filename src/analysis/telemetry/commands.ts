// Commands judged on the data, not only on the name: a numeric column named like a measurement
// (`heater_load_kW`, `freq_MHz`, `pulse_count`) is a programmed value when it holds levels and changes
// in clean steps, and the other channels answer its changes. Such a column explains the changes that
// follow it, and is not judged as a sensor (its held levels are not "stuck", its steps not faults).
// Shape alone is not enough: a stuck sensor holds a level too, and its siblings' reaction to its
// release would then read as a commanded change. So a held-level column must also be answered.
import { quickReturns } from './program-returns.js';
import { meanOf, median, prefix } from './robust.js';

/** A programmed column repeats its previous value on at least 80% of rows (a sensor's noise does not). */
export const PROGRAMMED_HOLD = 0.8;
/**
 * At most 10% of its changes return to the value held before the previous change after holding the
 * new one only briefly (A -> B -> A): a quantised sensor flickers between neighbouring values, a program does not.
 */
export const PROGRAMMED_FLICKER = 0.1;
/** More changes than this make a scan or sweep, not a list of commanded steps (as for toggles). */
export const SCAN_CHANGES = 40;
/** Samples either side of a change over which levels are compared (held before, answered after). */
const ANSWER_WINDOW = 20;
/** A channel answers a change when its mean level moves by this many of its noise sigmas. */
const ANSWER_SIGMA = 4;

/** Holds levels and changes in clean steps: the shape of a program (profile, scan, counter). */
export function looksProgrammed(x: Float64Array): boolean {
  let pairs = 0;
  let holds = 0;
  const changes: number[] = [];
  let prev = NaN;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    if (!Number.isFinite(v)) continue;
    if (Number.isFinite(prev)) {
      pairs++;
      if (v === prev) holds++;
      else changes.push(i);
    }
    prev = v;
  }
  if (!changes.length || holds < PROGRAMMED_HOLD * pairs) return false;
  // Flicker: A -> B -> A with B held only briefly (program-returns.ts).
  const returns = quickReturns(x, changes);
  return returns <= PROGRAMMED_FLICKER * Math.max(1, changes.length - 1);
}

/** Median length of the runs of one held value (empty cells end a run). */
export function medianHold(x: Float64Array): number {
  const runs: number[] = [];
  let len = 0;
  for (let i = 0; i < x.length; i++) {
    if (i > 0 && x[i] === x[i - 1]) len++;
    else {
      if (len) runs.push(len);
      len = 1;
    }
  }
  if (len) runs.push(len);
  return median(runs);
}

/**
 * Whether another channel answers the column's changes: at a change held for ANSWER_WINDOW samples
 * before and twice that after, some other channel's mean over the second window after the change (the
 * first lets its response start) differs from its mean before by ANSWER_SIGMA noise sigmas.
 */
export function answeredBy(
  x: Float64Array,
  others: { xi: Float64Array; sigma: number }[],
  window = ANSWER_WINDOW,
): boolean {
  const n = x.length;
  // A scan that dwells only ~25 samples per level (an EMI frequency step list) is judged over a third
  // of its typical dwell, so its changes can be tested at all; never under 5 samples.
  const w = Math.max(5, Math.min(window, Math.floor(medianHold(x) / 3)));
  const pres = others.map((o) => prefix(o.xi));
  let last = -Infinity;
  const held = (a: number, b: number) => {
    for (let i = Math.max(1, a); i < Math.min(n, b); i++) if (x[i] !== x[i - 1]) return false;
    return a >= 0 && b <= n;
  };
  for (let c = 1; c < n; c++) {
    if (x[c] === x[c - 1] || !Number.isFinite(x[c]!) || !Number.isFinite(x[c - 1]!)) continue;
    const testable = c - last > w && held(c - w, c) && held(c + 1, c + 2 * w);
    last = c;
    if (!testable) continue;
    const moved = others.some((o, k) => {
      const pre = pres[k]!;
      return Math.abs(meanOf(pre, c + w, c + 2 * w) - meanOf(pre, c - w, c)) > ANSWER_SIGMA * o.sigma;
    });
    if (moved) return true;
  }
  return false;
}

/**
 * Looks measured: a column named like a command (`phase_current`, where "phase" is a command word)
 * whose value changes on most rows and reverses direction on more than a third of its changes is
 * noise riding on a measurement. A program holds its value between updates or moves steadily (a ramp,
 * a sweep, a sine set-point reverses once per half period); sensor noise reverses every other sample.
 */
export function looksMeasured(x: Float64Array): boolean {
  let pairs = 0;
  let moves = 0;
  let reversals = 0;
  let lastSign = 0;
  for (let i = 1; i < x.length; i++) {
    const d = x[i]! - x[i - 1]!;
    if (!Number.isFinite(d)) continue;
    pairs++;
    if (d === 0) continue;
    moves++;
    const sign = Math.sign(d);
    if (lastSign && sign !== lastSign) reversals++;
    lastSign = sign;
  }
  return moves > 0.5 * pairs && reversals > MEASURED_REVERSALS * moves;
}

/** Share of a column's changes that reverse direction beyond which it is noise, not a program. */
export const MEASURED_REVERSALS = 1 / 3;
