// A scan or a sweep is a program that moves on every few dozen samples (an EMI frequency step list),
// and a counter only ever moves on (a cycle count): their changes explain nothing in particular, and
// as settling windows they would mask the whole record. Counting changes alone took a gear selector
// for one: a car's gear changes dozens of times over a repeated drive cycle, yet it moves among a few
// positions it keeps returning to and holds each for many seconds, and the engine speed's jump at every
// shift is the shift's doing, not a fault.
import { medianHold, SCAN_CHANGES } from './commands.js';

/**
 * A selector dwelling at least this many samples on its typical position is a list of commanded
 * steps however many there are: three times the window a change's answer is judged over (commands.ts),
 * so a channel can settle and be seen answering before the next change. A scan's dwell is shorter, and
 * its answer window is shrunk to a third of it.
 */
export const STEP_LIST_DWELL = 60;

/** Distinct finite values of a column. */
function positions(x: Float64Array): number {
  const seen = new Set<number>();
  for (const v of x) if (Number.isFinite(v)) seen.add(v);
  return seen.size;
}

/**
 * Whether a column made a command by its data is a scan: many changes, unless it is a selector that
 * keeps going back to a few positions (at most one per two changes) and dwells on each.
 */
export function isScan(x: Float64Array, changeCount: number): boolean {
  if (changeCount <= SCAN_CHANGES) return false;
  const selector = 2 * positions(x) <= changeCount;
  return !(selector && medianHold(x) >= STEP_LIST_DWELL);
}
