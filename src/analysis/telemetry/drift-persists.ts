// A drift persists. A sensor that creeps (an ageing thermocouple, a fouled pH probe) keeps its new
// offset: nothing brings it back. A rise that comes back down is an excursion, whatever its ramp looked
// like: a heat sink pushed towards its limit and recovering, seen on its pair's residual, read as a
// 14-sigma drift over the excursion's rising half. The local ramp search (drift-local.ts) already
// asks this of its ramps; every drift candidate must hold its level after the ramp too.
import { finiteMean } from './robust.js';

/** Share of the drift's change the level must keep after its ramp: more than half, as drift-local.ts's persists(). */
const KEPT_SHARE = 0.5;

/**
 * Whether a drift over [i0, i1] with `change` on series y keeps at least KEPT_SHARE of it after its
 * ramp: every mean over a tenth of the ramp (at least 10 samples) from i1 on, for as long as the ramp
 * lasted and up to `until` (the next command change, after which the level may answer it), stays
 * that far from the level over a fifth of the ramp (at least 10 samples) before the onset. With no
 * room after the ramp there is no verdict (true).
 */
export function holdsAfter(
  y: ArrayLike<number>,
  i0: number,
  i1: number,
  change: number,
  until: number,
): boolean {
  const L = i1 - i0 + 1;
  const w = Math.max(10, Math.floor(L / 5));
  const before = finiteMean(y, Math.max(0, i0 - w), i0);
  if (!Number.isFinite(before) || change === 0) return true;
  const block = Math.max(10, Math.floor(L / 10));
  const end = Math.min(y.length, until, i1 + 1 + L);
  for (let a = i1 + 1; a + block <= end; a += block) {
    const m = finiteMean(y, a, a + block);
    if (Number.isFinite(m) && (m - before) * Math.sign(change) < KEPT_SHARE * Math.abs(change)) return false;
  }
  return true;
}
