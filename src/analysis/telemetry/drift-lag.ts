// A thermal lag following a commanded change: a water loop, a heat sink, a structure still
// approaching the temperature the new load sets when the steady-stretch rule has judged it settled.
// Its tail is a slow ramp in the direction it has been moving since the change, and never faster
// than before; a sensor that begins to creep does so from a level that had stopped, or the other way.

/**
 * The level must have been moving the drift's way, at this fraction of the drift's rate or more, in
 * every window from the change to the onset: the same half as the within-segment history test
 * (DRIFT_HISTORY_SLOPE in detect-drift.ts), over the longer stretch a lag's tail runs through.
 */
const LAG_RATE_SHARE = 0.5;

/** Mean of the finite values of y over [a, b). */
function meanOf(y: ArrayLike<number>, a: number, b: number): number {
  let sum = 0;
  let k = 0;
  for (let i = a; i < b; i++)
    if (Number.isFinite(y[i]!)) {
      sum += y[i]!;
      k++;
    }
  return k ? sum / k : NaN;
}

/**
 * Whether a drift over [i0, i1] with change `change` on level y is the tail of the channel's answer
 * to the change at index `c` (0: power-on): windows of the drift's own length, laid back from its
 * onset to c, at least two, whose means each moved the drift's way by LAG_RATE_SHARE of the drift's
 * change or more. Fewer than two windows between change and onset: no verdict (false).
 */
export function lagTail(y: ArrayLike<number>, c: number, i0: number, i1: number, change: number): boolean {
  const L = i1 - i0 + 1;
  const means: number[] = [];
  for (let b = i0; b - L >= c; b -= L) means.unshift(meanOf(y, b - L, b));
  if (means.length < 2 || change === 0) return false;
  for (let j = 1; j < means.length; j++) {
    const moved = (means[j]! - means[j - 1]!) * Math.sign(change);
    if (!(moved >= LAG_RATE_SHARE * Math.abs(change))) return false;
  }
  return true;
}
