// A shock in the rest between loud sweeps: the file-wide noise scale is the sweeps', so against it the
// shock is a few sigmas; against the rest's own noise it is many. It is found, while the crests of a
// sweep too fast for the median filter, as large against that filter, are not spikes.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { spikes } from './detect-local.js';
import { noiseScale } from './robust.js';

/** Deterministic Gaussian-like noise (sum of 4 uniforms from a fixed LCG), so the test needs no seed. */
const gaussian = (() => {
  const out = new Float64Array(12000);
  let state = 777;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let i = 0; i < out.length; i++) out[i] = (next() + next() + next() - 1.5) * 2;
  return out;
})();

/** 100 Hz: a 1 g sine sweep 5 -> 40 Hz for 80 s, a 20 s rest, the sweep back down; 0.02 g of noise. */
function shaker(): Float64Array {
  const n = 12000;
  const x = new Float64Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / 100;
    const f = t < 50 ? 5 + (35 * t) / 50 : t < 70 ? 0 : 40 - (35 * (t - 70)) / 50;
    phase += (2 * Math.PI * f) / 100;
    x[i] = (f > 0 ? Math.sin(phase) : 0) + 0.02 * gaussian[i]!;
  }
  return x;
}
const channel = (x: Float64Array) => makeChannel('accel_z_g', 'g', x, noiseScale(x), 0);

describe('spikes in a quiet stretch of a loud channel', () => {
  it('the sweeps make the file-wide scale many times the rest noise', () => {
    const x = shaker();
    expect(channel(x).sigma).toBeGreaterThan(5 * 0.02);
  });

  it('a shock of 11 rest sigmas in the rest is found, one sample or two', () => {
    for (const shape of [[1], [1, -0.6, 0.3], [1, 1]]) {
      const x = shaker();
      shape.forEach((s, k) => (x[6050 + k] = x[6050 + k]! + s * 11 * 0.02));
      const found = spikes(channel(x)).events.map((e) => e.i0);
      expect(found).toEqual([6050]);
    }
  });

  it('the sweeps alone give no spike, crests included', () => {
    expect(spikes(channel(shaker())).events).toEqual([]);
  });

  it('a bump of 3 rest sigmas in the rest is noise', () => {
    const x = shaker();
    x[6050] = x[6050]! + 3 * 0.02;
    expect(spikes(channel(x)).events).toEqual([]);
  });
});
