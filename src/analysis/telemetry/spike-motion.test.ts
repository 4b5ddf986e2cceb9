// An actuator's load cycled fast, then held: the glitch in the hold is ten times the hold's noise and
// under one first-difference sigma of the whole file (set by the cycling's motion between samples).
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { spikes } from './detect-local.js';
import { noiseScale } from './robust.js';
import { motionScaleAt } from './spike-motion.js';

const N = 12000;
const noise = (i: number) => 0.1 * Math.sin(i * 12.9898) * Math.cos(i * 78.233) * 1.9;
/** +-20 kN at one cycle per 80 samples for the first 9000 samples, then a hold at zero load. */
const load = (glitch: number) =>
  Float64Array.from(
    { length: N },
    (_, i) => (i < 9000 ? 20 * Math.sin((2 * Math.PI * i) / 80) : 0) + noise(i) + (i === 10500 ? glitch : 0),
  );

describe('spikes on a channel in fast motion', () => {
  it('finds a glitch in the hold that the motion-set file-wide scale hides', () => {
    const x = load(-1.25);
    const ch = makeChannel('load_kN', 'kN', x, noiseScale(x), 0);
    expect(1.25).toBeLessThan(6 * ch.sigma);
    expect(spikes(ch).events.map((e) => e.i0)).toEqual([10500]);
  });

  it('finds nothing in the same record without the glitch', () => {
    const x = load(0);
    expect(spikes(makeChannel('load_kN', 'kN', x, noiseScale(x), 0)).events).toEqual([]);
  });
});

describe('motionScaleAt', () => {
  it('keeps the file-wide scale for what clears it and at the ends, else the quiet scale over the floor', () => {
    const scale = motionScaleAt(1.2, 0.05, () => 0.1, 100, 4);
    expect(scale(0, 2)).toBe(1.2);
    expect(scale(50, 0.5)).toBe(0.1);
    expect(motionScaleAt(1.2, 0.2, () => 0.1, 100, 4)(50, 0.5)).toBe(0.2);
    expect(scale(99, 0.5)).toBe(1.2);
  });
});
