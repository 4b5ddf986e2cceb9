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
  // Where a sibling is live and the channel is not frozen, as a mask: asked of every sample.
  const mask = new Uint8Array(own.length);
  for (const r of refs) for (let i = 0; i < mask.length; i++) if (Number.isFinite(r[i]!)) mask[i] = 1;
  for (const f of frozen) mask.fill(0, Math.max(0, f.i0), Math.max(0, Math.min(mask.length, f.i1 + 1)));
  const live = (i: number) => mask[i] === 1;
  const ref = liveReference(refs);
  const e = own.map((v, i) => v - ref[i]!);
  const fit = fitSiblingModel(e, ref, t, taus, undefined, live);
  // A model that leaves more than the channel's sample noise in block means (which average that noise
  // away) does not describe it: cells of a battery parting under load, not sensors of one quantity.
  if (!fit || !(fit.rms <= ch.sigma)) return null;
  const y = modelledResidual(e, ref, t, fit);
  return { y, sigma: Math.max(noiseScale(y), 0.5 * ch.quantum) };
}
