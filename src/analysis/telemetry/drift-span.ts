// A drift on a sibling residual may run through command changes: what the siblings share (a heating
// cycle, a recipe ramp, a pressure step) cancels in the residual, so a change the residual did not
// answer does not end its steady stretch. Cut at every change, a slow creep was judged in pieces,
// each under the floor (a 3-sigma creep over four heating cycles read about 1.3 sigma per stretch).
import { indexAt } from './context.js';

/**
 * Joins consecutive steady segments [start, end) (indices) when every change (index) between them
 * went unanswered by the series: `answered(c, next)` with `next` the following change or the end.
 * The changes are sorted once and those between two segments found by binary search: a declared
 * `_cmd` sweep changes on every sample, and a scan of all of them per segment was segments x changes.
 */
export function joinUnanswered(
  segments: [number, number][],
  changes: number[],
  length: number,
  answered: (c: number, next: number) => boolean,
): [number, number][] {
  const out: [number, number][] = [];
  const sorted = [...changes].sort((a, b) => a - b);
  const next = (k: number) => (k + 1 < sorted.length ? sorted[k + 1]! : length);
  const anyAnswered = (from: number, to: number) => {
    for (let k = indexAt(sorted, from); k < sorted.length && sorted[k]! <= to; k++)
      if (answered(sorted[k]!, next(k))) return true;
    return false;
  };
  for (const seg of segments) {
    const last = out[out.length - 1];
    if (last && !anyAnswered(last[1] - 1, seg[0])) {
      last[1] = seg[1];
      continue;
    }
    out.push([seg[0], seg[1]]);
  }
  return out;
}
