// A drift on a sibling residual must be the channel's own against one and the same reference. A
// frozen sibling leaves the reference while it is frozen (frozen.ts), so the median the residual is
// taken against changes members at its freeze and at its release: three hinge thermocouples, one
// stuck through a cold-to-hot ramp, and at its release the others' residuals moved by half the two
// live sensors' offset (0.13 degC), which the drift's block means read as a 3.8-sigma ramp. Judged
// again against the siblings live over the whole drift and the windows either side of it, a drift
// of the channel's own is still there; a change of reference is not.
import { finiteMean, smallMedian } from './robust.js';

/** Share of the drift's change that must remain against the steady reference. */
export const STEADY_SHARE = 0.5;

/**
 * Whether the drift over [i0, i1] (its `change` on the sibling residual) holds against the siblings
 * (`refs`, NaN where frozen) that are live over all of it and a fifth of it (at least 10 samples)
 * before: the channel's own level (`own`) less their median changes, between that window before the
 * onset and the drift's last such window, by at least STEADY_SHARE of `change`, the same way. With
 * every sibling live throughout nothing changed: kept. With none live throughout: nothing to say it
 * is the channel's own, dropped.
 */
export function holdsOnSteadyReference(
  own: Float64Array,
  refs: Float64Array[],
  i0: number,
  i1: number,
  change: number,
): boolean {
  const w = Math.max(10, Math.floor((i1 - i0) / 5));
  const a = Math.max(0, i0 - w);
  const b = Math.min(own.length, i1 + 1);
  const live = refs.filter((r) => {
    for (let i = a; i < b; i++) if (!Number.isFinite(r[i]!)) return false;
    return true;
  });
  if (live.length === refs.length) return true;
  if (!live.length) return false;
  const buf = new Float64Array(live.length);
  const at = new Float64Array(live.length);
  const y = new Float64Array(b - a);
  for (let i = a; i < b; i++) {
    for (let k = 0; k < live.length; k++) at[k] = live[k]![i]!;
    y[i - a] = own[i]! - smallMedian(at, buf);
  }
  const steady = finiteMean(y, b - a - w, b - a) - finiteMean(y, 0, i0 - a);
  return Math.sign(steady) === Math.sign(change) && Math.abs(steady) >= STEADY_SHARE * Math.abs(change);
}
