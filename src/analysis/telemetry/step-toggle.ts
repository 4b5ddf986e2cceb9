// A step at a cycling state's toggle. A thermostat's compressor or a duty-cycled heater toggles
// dozens of times, so its toggles are no commanded changes (context.ts commandChanges) and explain
// nothing by themselves: a fault can fall on any of them. But the channel the state drives answers
// each toggle with the same move (the compressor current rises by its running current at every
// start), and a step the detector finds right at one toggle, the same way and no larger than that
// usual answer, is that answer, not a fault. A state toggling faster than the step detector's window
// (a power cycle every 2 s) cannot be told apart from anything else the windows hold: it explains
// nothing here.
import { changeIndices, commandChanges, isDiscrete } from './context.js';
import { IGNORE_EVIDENCE } from './command-answer.js';
import { sameTransition } from './toggle-transition.js';
import { median, meanOf, prefix } from './robust.js';

/** Share of a direction's clean toggles the channel must answer the same way. */
export const TOGGLE_AGREEMENT = 2 / 3;
/** The step may be at most this many times the usual answer to the toggle. */
export const TOGGLE_SIZE = 1.5;

/** The toggles of a cycling discrete state (none for a command or a state that changes seldom). */
export function cyclingToggles(x: Float64Array): number[] {
  const idx = changeIndices(x);
  return idx.length && isDiscrete(x) && !commandChanges(x).length ? idx : [];
}

/**
 * Whether the step at index i (change `size` on series y, noise sigma) is the usual answer of y to a
 * toggle of the state x lying within the step window w of it.
 */
export function toggleAnswer(
  x: Float64Array,
  toggles: number[],
  y: Float64Array,
  sigma: number,
  i: number,
  size: number,
  w: number,
): boolean {
  // The toggle in the step's own windows, with no other toggle in its windows either side.
  const clean = toggles.filter(
    (c, k) =>
      c - w >= 0 &&
      c + w <= y.length &&
      c - (toggles[k - 1] ?? -Infinity) > w &&
      (toggles[k + 1] ?? Infinity) - c > w,
  );
  const at = clean.find((c) => Math.abs(c - i) <= w);
  if (at === undefined) return false;
  // Toggles of the same transition (toggle-transition.ts): a rest entered from a charge is answered
  // the other way from one entered from a discharge.
  const same = clean.filter((c) => sameTransition(x, c, at));
  if (same.length < IGNORE_EVIDENCE) return false;
  const pre = prefix(y);
  const answers = same.map((c) => meanOf(pre, c, c + w) - meanOf(pre, c - w, c));
  const usual = median(answers);
  // The channel answers: a material move (4 sigma, as answeredMove) the same way at most toggles.
  if (!(Math.abs(usual) > 4 * sigma)) return false;
  const agree = answers.filter((a) => Math.sign(a) === Math.sign(usual)).length;
  if (agree < TOGGLE_AGREEMENT * answers.length) return false;
  return Math.sign(size) === Math.sign(usual) && Math.abs(size) <= TOGGLE_SIZE * Math.abs(usual);
}
