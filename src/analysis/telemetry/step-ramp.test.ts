// Steps on a ramp: a jump against a channel's own climb (a borehole's outlet temperature rising through
// a thermal response test) is measured beyond the climb's advance; a bend of the ramp (its rate
// changing) and a ramp whose rate slows through the record are no steps. Synthetic series, no files.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { steps, stepWindow } from './detect-local.js';
import { noiseScale } from './robust.js';

const gaussian = (() => {
  const out = new Float64Array(4000);
  let state = 7;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let i = 0; i < out.length; i++) out[i] = (next() + next() + next() + next() - 2) * Math.sqrt(3);
  return out;
})();

const n = 3600;
const sigma = 0.015;
/** A climb that slows like a log of time (fast early, slow late), with noise. */
const climb = (i: number) => 25 + 8 * Math.log(1 + i / 100) + sigma * gaussian[i]!;
const channel = (x: Float64Array) => makeChannel('fluid_out_C', 'C', x, noiseScale(x), 0.001);

describe('steps on a ramp', () => {
  it('the window difference alone hides a 7-sigma drop against the climb', () => {
    const x = Float64Array.from({ length: n }, (_, i) => climb(i) - (i >= 2700 ? 7 * sigma : 0));
    const w = stepWindow(n);
    const at = (i: number) =>
      x.subarray(i, i + w).reduce((p, v) => p + v, 0) / w -
      x.subarray(i - w, i).reduce((p, v) => p + v, 0) / w;
    // Under 4 sigmas on the plain difference: only the climb's advance taken out shows it.
    expect(Math.abs(at(2700))).toBeLessThan(4 * sigma);
    const found = steps(channel(x), x);
    expect(found.filter((e) => Math.abs(e.i0 - 2700) <= 2)).toHaveLength(1);
    expect(found.filter((e) => Math.abs(e.i0 - 2700) > 2)).toEqual([]);
  });

  it('finds nothing on the climb alone', () => {
    const x = Float64Array.from({ length: n }, (_, i) => climb(i));
    expect(steps(channel(x), x)).toEqual([]);
  });

  it('a thermostat taking over at the end of a pull-down (flanks that disagree) makes no ramp step', () => {
    // Falling towards -10 until 2000, then a sawtooth: a slow fall of 0.5 over 150 samples, a jump back.
    const x = Float64Array.from({ length: n }, (_, i) => {
      const approach = -10 + 9 * Math.exp(-i / 600);
      const tooth = i >= 2000 ? 0.5 - (0.5 * ((i - 2000) % 150)) / 150 : 0;
      return approach + tooth + sigma * gaussian[i]!;
    });
    expect(steps(channel(x), x).filter((e) => e.extra?.ramp !== undefined)).toEqual([]);
  });

  it('a sine sweep (flanks that turn) makes no ramp step', () => {
    // A valve's flow following a sine command of 150 samples: its steep crossings look like a jump
    // against the crests' slopes either side.
    const x = Float64Array.from(
      { length: n },
      (_, i) => 20 * Math.sin((2 * Math.PI * i) / (150 + i / 100)) + 0.26 * gaussian[i]!,
    );
    expect(steps(channel(x), x).filter((e) => e.extra?.ramp !== undefined)).toEqual([]);
  });

  it('a bend of the ramp (its rate doubling) is no step', () => {
    const x = Float64Array.from(
      { length: n },
      (_, i) => 25 + 0.0004 * i + (i >= 2000 ? 0.0004 * (i - 2000) : 0) + sigma * gaussian[i]!,
    );
    expect(steps(channel(x), x)).toEqual([]);
  });
});
