// A spike is judged against the excursions its neighbourhood makes too: a flow meter's turbulence
// makes dips of 5-6 of the noise scale that first differences measure, with no fault, while a glitch
// of 10 stands out from white noise and from that turbulence alike. Deterministic series.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { spikes } from './detect-local.js';
import { noiseScale } from './robust.js';
import { shoulderScaleAt } from './spike-shoulder.js';

/** Deterministic Gaussian-like noise (sum of 4 uniforms from a fixed LCG). */
const gaussian = (n: number, seed: number) => {
  let state = seed;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return Float64Array.from({ length: n }, () => (next() + next() + next() + next() - 2) * Math.sqrt(3));
};
const n = 3000;
const white = gaussian(n, 99);

/** White noise plus turbulence: short bumps of 3-5 noise units, two samples wide, every 20-30 samples. */
const turbulent = (() => {
  const gust = gaussian(n, 7);
  const x = Float64Array.from(white);
  for (let c = 20, k = 0; c < n - 2; c += 20 + Math.floor(5 * (gust[k]! + 2)), k++) {
    const h = (k % 2 ? 1 : -1) * (4 + 0.5 * gust[k + 1]!);
    x[c] = x[c]! + h;
    x[c + 1] = x[c + 1]! + 0.8 * h;
  }
  return x;
})();

const found = (x: Float64Array) => spikes(makeChannel('flow_lpm', 'lpm', x, noiseScale(x), 0)).events;

describe('shoulderScaleAt', () => {
  it('reads a Gaussian residual as its sigma', () => {
    expect(shoulderScaleAt(white)(1500)).toBeGreaterThan(0.85);
    expect(shoulderScaleAt(white)(1500)).toBeLessThan(1.15);
  });
});

describe('spikes against the excursions around them', () => {
  it('a deep dip of a turbulent channel is no spike', () => {
    const x = Float64Array.from(turbulent);
    const at = x.findIndex(
      (_, i) => i > 1500 && i % 7 === 0 && x.slice(i - 3, i + 5).every((v) => Math.abs(v) < 2.5),
    );
    x[at] = x[at]! - 8.8;
    x[at + 1] = x[at + 1]! - 7;
    expect(found(x).filter((e) => Math.abs(e.i0 - at) <= 2)).toEqual([]);
  });
  it('a 10-sigma glitch on white noise is still one', () => {
    const x = Float64Array.from(white);
    x[1500] = x[1500]! + 10;
    expect(found(x).map((e) => e.i0)).toEqual([1500]);
  });
  it('and a 16-sigma glitch on the turbulent channel', () => {
    const x = Float64Array.from(turbulent);
    x[1515] = x[1515]! + 16;
    expect(found(x).map((e) => e.i0)).toContain(1515);
  });
});
