// A channel's response to a program that repeats is its own history. A load profile run five times,
// a brake stop every 120 s: at the same point of the same program step the channel did the same thing
// before, so the mean of its repetitions is what the program explains, and the residual
// against it leaves what is new. A slow creep through the steps (a bus sagging a little more at every
// load, a stator pair parting a little more at every stop) is cut by every change into stretches each
// under the floor, and the responses it rides on are many times its size; against the program's own
// template it is a plain ramp that then holds.
import { interpolate } from './robust.js';

/**
 * A step of the program must have run this many times for its mean response to be a template. The
 * mean, not the median: a creep that runs through some of the repetitions shifts every step's
 * template by about the same share of its height (the share of repetitions after it), so the residual
 * keeps its shape; a median takes whichever repetition is in the middle, the one during the creep for
 * one step and one after it for the next, and cuts the creep into offsets that differ by step.
 */
const MIN_REPEATS = 3;
/** Share of the judged samples that must lie in repeated steps: else the program does not repeat. */
const MIN_COVERAGE = 0.9;
/**
 * A program that repeats only in blocks (repeatedStretches) is a block of strokes or cycles: each of
 * its steps runs dozens of times. A test plan whose few steps come back three or four times leaves a
 * template that a slow process (a chamber's dew point through humidity steps) does not follow, and
 * its uncovered stretches are then not a block's surroundings but steps the template never had.
 */
export const BLOCK_REPEATS = 10;

/**
 * y less the mean response at the same offset into the same program step (`keyAt` the state that
 * starts it: every command's value) over the step's repetitions. `changes` are the sorted indices where
 * the program changed. Past the offset that fewer than MIN_REPEATS repetitions reach, the template holds
 * its last value (a longer dwell holds the level the response reached). Null unless steps run at least
 * MIN_REPEATS times cover MIN_COVERAGE of [from, end).
 */
export function programResidual(
  y: Float64Array,
  changes: number[],
  keyAt: (i: number) => string,
  from: number,
): Float64Array | null {
  const r = programTemplate(y, changes, keyAt);
  const n = y.length;
  let covered = 0;
  for (let i = from; i < n; i++) if (Number.isFinite(r[i]!)) covered++;
  if (n <= from || covered < MIN_COVERAGE * (n - from)) return null;
  return interpolate(r);
}

/**
 * y less its program template (as programResidual), NaN where the step does not repeat `minRepeats`
 * times: the residual only where the program explains the channel.
 */
export function programTemplate(
  y: Float64Array,
  changes: number[],
  keyAt: (i: number) => string,
  minRepeats = MIN_REPEATS,
): Float64Array {
  const n = y.length;
  const starts = [0, ...changes.filter((c) => c > 0 && c < n)];
  const steps = new Map<string, [number, number][]>();
  starts.forEach((c, k) => {
    const end = k + 1 < starts.length ? starts[k + 1]! : n;
    const key = keyAt(c);
    const runs = steps.get(key);
    if (runs) runs.push([c, end]);
    else steps.set(key, [[c, end]]);
  });
  const r = new Float64Array(n).fill(NaN);
  for (const runs of steps.values()) {
    if (runs.length < minRepeats) continue;
    // Longest first, so at each offset only the runs that reach it are visited: the cost is the
    // samples covered, not offsets x runs (a sweep's thousands of one-sample steps and one long hold).
    runs.sort((u, v) => v[1] - v[0] - (u[1] - u[0]));
    let reach = runs.length;
    let held = NaN;
    for (let j = 0; j < runs[0]![1] - runs[0]![0]; j++) {
      while (runs[reach - 1]![1] - runs[reach - 1]![0] <= j) reach--;
      let sum = 0;
      for (let q = 0; q < reach; q++) sum += y[runs[q]![0] + j]!;
      if (reach >= minRepeats) held = sum / reach;
      for (let q = 0; q < reach; q++) r[runs[q]![0] + j] = y[runs[q]![0] + j]! - held;
    }
  }
  return r;
}

/**
 * The stretches [s, e) of at least `min` samples from `from` on where the program repeats (`r` from
 * programTemplate finite throughout): a block of strokes or cycles within a test whose other parts run
 * once. Within it the template explains the channel as it does over a program that fills the record.
 */
export function repeatedStretches(r: Float64Array, from: number, min: number): [number, number][] {
  const out: [number, number][] = [];
  let a = -1;
  for (let i = from; i <= r.length; i++) {
    const ok = i < r.length && Number.isFinite(r[i]!);
    if (ok && a < 0) a = i;
    if (!ok && a >= 0) {
      if (i - a >= min) out.push([a, i]);
      a = -1;
    }
  }
  return out;
}
