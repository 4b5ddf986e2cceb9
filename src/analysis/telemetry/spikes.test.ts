// Spikes judged against the noise around them: a channel whose noise grows with its level (an
// amplifier's output power at full drive) gives no spikes in its busy stretch, while a glitch well
// above the local noise is still found in either stretch. Synthetic series, no files.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { spikes } from './detect-local.js';
import { LOCAL_SCALE_WINDOW, localScaleAt } from './local-scale.js';
import { noiseScale, rollingMedian } from './robust.js';

/** Deterministic Gaussian-like noise (sum of 4 uniforms from a fixed LCG), so the test needs no seed. */
const gaussian = (() => {
  const out = new Float64Array(4000);
  let state = 4242;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let i = 0; i < out.length; i++) out[i] = (next() + next() + next() + next() - 2) * Math.sqrt(3);
  return out;
})();

/**
 * The definition localScaleAt answers point by point, for every point at once: rolling robust scale of a residual centred on zero (a series minus its rolling median): 1.4826 x the
 * median of |r| in the window before the point, in the window after it and in the one centred on it,
 * whichever is largest. Where the noise changes (a quiet channel powered up), a centred window is half
 * quiet and under-states the busy side: one window wholly on the busy side says how noisy it is.
 */
function localScale(r: Float64Array, window = LOCAL_SCALE_WINDOW): Float64Array {
  const abs = r.map((v) => Math.abs(v));
  const centred = rollingMedian(abs, window);
  const h = (window >> 1) + 1;
  const n = r.length;
  return centred.map((m, i) => {
    const before = centred[Math.max(0, i - h)]!;
    const after = centred[Math.min(n - 1, i + h)]!;
    return 1.4826 * Math.max(m, before, after);
  });
}

/** Off at 0 W with 0.02 W of noise for 3000 samples, then 76 W with noise 8x larger. */
const amplifier = () =>
  Float64Array.from({ length: 4000 }, (_, i) => (i < 3000 ? 0.02 * gaussian[i]! : 76 + 0.16 * gaussian[i]!));
const channel = (x: Float64Array) => makeChannel('pa_pout_W', 'W', x, noiseScale(x), 0);

describe('spikes against local noise', () => {
  it('the local scale follows the noise where the point is', () => {
    const x = amplifier();
    const r = x.map((v, i) => v - (i < 3000 ? 0 : 76));
    const s = localScaleAt(r);
    expect(s(1500)).toBeLessThan(0.04);
    expect(s(3500)).toBeGreaterThan(0.1);
  });

  it('the local scale at a point equals the rolling one there, edges and empty cells included', () => {
    const x = amplifier();
    const r = x.map((v, i) => (i % 97 === 0 ? NaN : v - (i < 3000 ? 0 : 76)));
    for (const window of [101, 9]) {
      const all = localScale(r, window);
      const at = localScaleAt(r, window);
      for (const i of [0, 1, 49, 50, 51, 1500, 2990, 3000, 3010, 3949, 3998, 3999])
        expect(Object.is(at(i), all[i])).toBe(true);
    }
  });

  it('ordinary noise of the busy stretch is not a string of spikes', () => {
    const x = amplifier();
    // Judged against the quiet stretch's scale (0.02 W) this stretch's 0.16 W noise is 8 sigma.
    expect(spikes(channel(x)).events).toEqual([]);
  });

  it('a glitch well above the local noise is found in the busy and in the quiet stretch', () => {
    const x = amplifier();
    x[1200] = x[1200]! + 0.5;
    x[3600] = x[3600]! + 2.5;
    const found = spikes(channel(x)).events.map((e) => e.i0);
    expect(found).toEqual([1200, 3600]);
  });
});
