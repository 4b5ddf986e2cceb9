// A pair whose members answer a load differently: two hoop strain gauges whose gauge factors differ
// by 2%, two pressure sensors with different spans. Their residual is then a fixed share of the load
// they carry (-18 ue at 200 bar, -8 ue at 100 bar, 0 at rest), and venting the vessel moves it as
// plainly as a creep would, through changes it answers only in proportion. A sensor that creeps
// parts from its partner whatever the load does, at rest or under a steady load.

import { finiteMean } from './robust.js';

/**
 * Share of a pair drift's change that the load may explain before the drift is the load's: more
 * than half of it and what is left is the smaller part.
 */
const LOAD_SHARE = 0.5;

/**
 * Whether a drift over [i0, i1] on a pair's residual `resid` is the load: the residual's change
 * between windows of a fifth of the drift (at least 10 samples) before its onset and at its end,
 * against the gain of the residual on the partner's level (`load`, NaN where the partner is frozen)
 * fitted away from the drift, times the partner's change over the same windows. The partner, not the
 * channel itself: a channel's own level carries its creep, the partner's only the load.
 * The gain is fitted within each side of the drift (each side its own mean): a creep keeps its
 * offset, so across the drift the residual's level differs by the creep whatever the load did, and
 * where the load also differs between the sides (a joint warming after a payload step while one of
 * its two gearbox sensors creeps) a gain fitted across them took the creep for the load's. A gain
 * difference shows within each side too, wherever the load moves there.
 */
export function loadExplains(
  resid: ArrayLike<number>,
  load: ArrayLike<number>,
  i0: number,
  i1: number,
): boolean {
  const w = Math.max(10, Math.floor((i1 - i0) / 5));
  const n = Math.min(resid.length, load.length);
  // Centred sums within each side: [before the drift, after it].
  let sxx = 0;
  let sxy = 0;
  let used = 0;
  for (const [a, b] of [
    [0, i0 - w],
    [i1 + w + 1, n],
  ] as const) {
    let m = 0;
    let sx = 0;
    let sy = 0;
    let xx = 0;
    let xy = 0;
    for (let i = Math.max(0, a); i < Math.min(n, b); i++) {
      const x = load[i]!;
      const y = resid[i]!;
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      m++;
      sx += x;
      sy += y;
      xx += x * x;
      xy += x * y;
    }
    if (m < 2) continue;
    used += m;
    sxx += xx - (sx * sx) / m;
    sxy += xy - (sx * sy) / m;
  }
  if (used < 2 || sxx <= 0) return false;
  const gain = sxy / sxx;
  const change = (y: ArrayLike<number>) => finiteMean(y, i1 - w + 1, i1 + 1) - finiteMean(y, i0 - w, i0);
  const own = change(resid);
  const byLoad = gain * change(load);
  if (!Number.isFinite(own) || !Number.isFinite(byLoad)) return false;
  return Math.abs(own - byLoad) < LOAD_SHARE * Math.abs(own);
}
