// standsOut (detect-drift.ts) on modelled residuals: one sensor that creeps leaves the others still
// against each other, but only once what their gain and lag differences make of the process is taken
// out (sibling-model.ts). Busbar joints warming through 2,300-2,600 s lags after a current stage part
// by 0.1-0.3 degC on their plain residuals, as much as a 9-sigma creep of one of them moves its own.
import { DRIFT_MIN_RATIO, STAND_OUT } from './detect-drift.js';
import { finiteMean } from './robust.js';
import { fitSiblingModel, liveReference, modelledResidual } from './sibling-model.js';

/**
 * The change of `x` against the median of `refs` over a drift at [i0, i1], between windows of a fifth
 * of it (at least 10 samples) before its onset and at its end, on the residual less the sibling model
 * fitted with a ramp at the drift (so the model cannot take the change itself).
 */
export function modelledChange(
  x: Float64Array,
  refs: Float64Array[],
  t: Float64Array,
  taus: number[],
  i0: number,
  i1: number,
): { change: number; rms: number } {
  const ref = liveReference(refs);
  const e = x.map((v, i) => v - ref[i]!);
  const fit = fitSiblingModel(e, ref, t, taus, [i0, i1]);
  const y = fit ? modelledResidual(e, ref, t, fit) : e;
  const w = Math.max(10, Math.floor((i1 - i0) / 5));
  return {
    change: finiteMean(y, i1 - w + 1, i1 + 1) - finiteMean(y, i0 - w, i0),
    rms: fit ? fit.rms : NaN,
  };
}

/**
 * Whether a drift of `own` over [i0, i1] stands out from its siblings (`sibs`, NaN where frozen) on
 * modelled residuals: its change against their median STAND_OUT times the largest change of any
 * sibling against the others (the drifting channel left out). With one sibling: kept (the pair cannot
 * say which sensor moved).
 */
export function standsOutModelled(
  own: Float64Array,
  sibs: Float64Array[],
  t: Float64Array,
  taus: number[],
  i0: number,
  i1: number,
): boolean {
  if (sibs.length < 2) return true;
  const own_ = modelledChange(own, sibs, t, taus, i0, i1);
  const mine = Math.abs(own_.change);
  // The model must explain the channel well enough for its change to mean anything: the change at
  // least DRIFT_MIN_RATIO times what the fit leaves (thermocouples on a basket shuttled between hot and
  // cold zones: the model left 0.15 degC at every transfer, and 0.7 degC there stood out from nothing).
  if (!(mine >= DRIFT_MIN_RATIO * own_.rms)) return false;
  const theirs = sibs.map((x, j) =>
    Math.abs(
      modelledChange(
        x,
        sibs.filter((_, k) => k !== j),
        t,
        taus,
        i0,
        i1,
      ).change,
    ),
  );
  const most = Math.max(0, ...theirs.filter(Number.isFinite));
  return mine >= STAND_OUT * most;
}
