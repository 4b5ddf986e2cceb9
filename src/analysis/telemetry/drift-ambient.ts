// A lone channel's slow change that the other channels in its own units share over the same window
// is their common cause, not a fault of its own: a transformer's bottom-oil temperature rides on the
// ambient it is measured over, and the day's warming lifts it with the ambient sensors. Siblings
// cancel what they share in their residual; a lone channel has only its level, so the same test is
// made on the drift's window afterwards.
import { median, meanOf, prefix } from './robust.js';

/** Share of the drift's change that the same-unit channels' median change must reach, its way. */
const SHARED_SHARE = 0.5;

/** Share of the window at each end whose mean stands for the level there. */
const END_SHARE = 0.1;

/**
 * Whether the drift over [i0, i1] with change `change` is shared by `others` (the other channels in
 * the same units): the median of their changes over the same window (mean of its last tenth less
 * its first) goes the drift's way by SHARED_SHARE of it or more.
 */
export function sharedBySameUnits(change: number, i0: number, i1: number, others: Float64Array[]): boolean {
  if (!others.length || change === 0) return false;
  const w = Math.max(1, Math.floor(END_SHARE * (i1 - i0 + 1)));
  const moved = others.map((x) => {
    const pre = prefix(x);
    return meanOf(pre, i1 + 1 - w, i1 + 1) - meanOf(pre, i0, i0 + w);
  });
  return Math.sign(change) * median(moved) >= SHARED_SHARE * Math.abs(change);
}
