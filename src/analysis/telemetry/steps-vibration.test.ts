// Steps on a vibration channel: in a rest after a loud sweep, a bias jump is sized against the rest's
// own noise, not the sweep's; an ordinary channel keeps the file-wide bar. Synthetic series, no files.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { curvatureScale, steps } from './detect-local.js';
import { noiseScale } from './robust.js';

const gaussian = (() => {
  const out = new Float64Array(12000);
  let state = 99;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let i = 0; i < out.length; i++) out[i] = (next() + next() + next() + next() - 2) * Math.sqrt(3);
  return out;
})();

/** 50 Hz accelerometer: a 0.3 g, 11 Hz sweep response for 6,000 rows, then a rest; 0.015 g of noise. */
const shaker = (jump: number) =>
  Float64Array.from(
    { length: 10000 },
    (_, i) =>
      1 +
      (i < 6000 ? 0.3 * Math.sin((2 * Math.PI * 11 * i) / 50) : 0) +
      (i >= 8000 ? jump : 0) +
      0.015 * gaussian[i]!,
  );
const channel = (x: Float64Array) => makeChannel('accel_z_g', 'g', x, noiseScale(x), 0.001);

describe('steps on a vibration channel', () => {
  it('finds a 12-sigma bias jump in the rest after a loud sweep', () => {
    const x = shaker(-0.18);
    const found = steps(channel(x), x).map((e) => e.i0);
    expect(found.some((i) => Math.abs(i - 8000) <= 2)).toBe(true);
  });
  it('finds nothing in the rest without the jump', () => {
    const x = shaker(0);
    expect(steps(channel(x), x).filter((e) => e.i0 > 6100)).toEqual([]);
  });
  it('keeps the file-wide scale on an ordinary channel (no quiet stretch)', () => {
    const x = Float64Array.from({ length: 10000 }, (_, i) => 5 + 0.1 * gaussian[i]!);
    const ch = channel(x);
    const scale = curvatureScale(ch, x);
    expect(scale(5000)).toBe(ch.sigma);
  });
  it('uses the rest’s own noise where the channel is far quieter than across the file', () => {
    const x = shaker(0);
    const ch = channel(x);
    const scale = curvatureScale(ch, x);
    expect(scale(8000)).toBeLessThan(0.5 * ch.sigma);
    expect(scale(3000)).toBe(ch.sigma);
  });
});
