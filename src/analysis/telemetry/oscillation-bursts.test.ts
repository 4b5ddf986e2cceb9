// An oscillation that runs up to a commanded step: the step's edge, a burst in the high-passed RMS
// tens of times the oscillation's level, joins the two raised stretches into one whose periodicity
// the burst dilutes. The pieces between bursts are judged on their own.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { oscillations } from './detect-local.js';
import { piecesBetweenBursts } from './oscillation-bursts.js';
import { noiseScale } from './robust.js';

/** Deterministic noise with unit spread (sum of 4 uniforms from a fixed LCG), so no seed is needed. */
const gaussian = (() => {
  const out = new Float64Array(6000);
  let state = 4242;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let i = 0; i < out.length; i++) out[i] = (next() + next() + next() + next() - 2) * Math.sqrt(3);
  return out;
})();

describe('piecesBetweenBursts', () => {
  it('cuts a raised stretch at windows far above its median level', () => {
    const rms = [1, 6, 6, 7, 6, 6, 200, 150, 6, 6, 1];
    expect(piecesBetweenBursts(rms, 1, 9)).toEqual([
      [1, 5],
      [8, 9],
    ]);
  });
  it('a stretch with no burst is judged whole (no pieces)', () => {
    expect(piecesBetweenBursts([1, 6, 8, 5, 7, 1], 1, 4)).toEqual([]);
  });
});

describe('an oscillation up to a commanded step', () => {
  // Valve chatter (7-sample period, 6x the noise) from 2000 to 2400, then the pressure is released
  // by 40 units at 2400: the chatter's raised windows run straight into the release's edge.
  const n = 6000;
  const x = Float64Array.from(
    { length: n },
    (_, i) =>
      (i < 2400 ? 40 : 0) +
      (i >= 2000 && i < 2400 ? 0.6 * Math.sin((2 * Math.PI * i) / 7) : 0) +
      0.06 * gaussian[i]!,
  );
  it('is found, and ends at the release', () => {
    const found = oscillations(makeChannel('pressure_bar', 'bar', x, noiseScale(x), 0), x);
    expect(found).toHaveLength(1);
    expect(found[0]!.i0).toBeGreaterThan(1950);
    expect(found[0]!.i0).toBeLessThan(2050);
    expect(found[0]!.i1).toBeLessThan(2420);
  });
});
