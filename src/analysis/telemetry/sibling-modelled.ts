// A channel's residual against its siblings less what their gain and lag differences make of the
// process (sibling-model.ts), prepared for the drift rules (drift-candidates.ts).
import type { Channel } from './context.js';
import { noiseScale } from './robust.js';
import { fitSiblingModel, liveReference, modelledResidual } from './sibling-model.js';

/**
 * The modelled residual of `own` against its siblings `refs` (NaN where frozen) and its noise scale,
 * or null when no sibling model describes the channel. The model is fitted where a sibling is live and
 * the channel is not frozen (`frozen`), against the siblings' median interpolated across the spans
 * where none is.
 */
export function modelledAgainst(
  ch: Channel,
  own: Float64Array,
  refs: Float64Array[],
  frozen: { i0: number; i1: number }[],
  t: Float64Array,
  taus: number[],
): { y: Float64Array; sigma: number } | null {
  const live = (i: number) =>
    refs.some((r) => Number.isFinite(r[i]!)) && !frozen.some((f) => i >= f.i0 && i <= f.i1);
  const ref = liveReference(refs);
  const e = own.map((v, i) => v - ref[i]!);
  const fit = fitSiblingModel(e, ref, t, taus, undefined, live);
  // A model that leaves more than the channel's sample noise in block means (which average that noise
  // away) does not describe it: cells of a battery parting under load, not sensors of one quantity.
  if (!fit || !(fit.rms <= ch.sigma)) return null;
  const y = modelledResidual(e, ref, t, fit);
  return { y, sigma: Math.max(noiseScale(y), 0.5 * ch.quantum) };
}
