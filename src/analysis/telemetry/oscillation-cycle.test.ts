// A press whose pressure swings 160 bar every stroke, with a valve chattering at 3 Hz through three
// strokes: the strokes' edges set the channel's typical RMS and hide the chatter; the residual of each
// stroke against its neighbours shows it.
import { describe, expect, it } from 'vitest';
import { makeChannel } from './context.js';
import { oscillations } from './detect-local.js';
import { noiseScale } from './robust.js';
import { cycleOscillations, cycleResidual, cycleStarts } from './oscillation-cycle.js';

/** Deterministic noise in [-s, s]: a fixed sequence, so the tests do not depend on a seed. */
const noise = (i: number, s: number) => s * Math.sin(i * 12.9898) * ((i * 7) % 5) * 0.25;
const n = 12000;
const period = 200;
/** Press states: approach 40, press 60, return 40, dwell 60 samples (10 Hz: a 20 s stroke). */
const state = Float64Array.from({ length: n }, (_, i) => {
  const k = i % period;
  return k < 40 ? 0 : k < 100 ? 1 : k < 140 ? 2 : 3;
});
/** Pressure: 23 bar, a ramp to 180 bar while pressing, back down on return. */
const stroke = (k: number) =>
  k < 40 ? 23 : k < 100 ? 23 + (157 * (k - 40)) / 60 : k < 140 ? 180 - (157 * (k - 100)) / 40 : 23;
const chatter = (i: number) => (i >= 6400 && i < 7000 ? 4 * Math.sin(2 * Math.PI * 0.31 * i) : 0);
const p = Float64Array.from({ length: n }, (_, i) => stroke(i % period) + noise(i, 1) + chatter(i));
const ch = makeChannel('system_pressure_bar', 'bar', p, noiseScale(p), 0.1);
const never = () => false;

describe('oscillation against the machine cycle', () => {
  it('the press strokes are a regular cycle; a thermostat of varying cycles is not', () => {
    expect(cycleStarts(state)?.length).toBe(n / period);
    const irregular = Float64Array.from({ length: n }, (_, i) =>
      Math.sin(i / 60 + Math.sin(i / 700) * 3) > 0 ? 1 : 0,
    );
    expect(cycleStarts(irregular)).toBeNull();
  });

  it('the strokes hide the chatter from the channel itself', () => {
    expect(oscillations(ch, p).some((e) => e.i0 < 7000 && e.i1 > 6400)).toBe(false);
  });

  it('the residual against the neighbouring strokes shows it where it is', () => {
    const found = cycleOscillations(ch, p, [cycleStarts(state)!], () => '', never);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => e.i0 >= 6300 && e.i1 <= 7100)).toBe(true);
  });

  it('a set-point raised mid-test makes another stroke: only cycles of the same program are overlaid', () => {
    const raised = p.map((v, i) => (i >= 8000 && i % period >= 40 && i % period < 140 ? v * 1.2 : v));
    const program = (i: number) => (i >= 8000 ? 'high' : 'low');
    const r = cycleResidual(raised, cycleStarts(state)!, program);
    const rms = (a: number, b: number) =>
      Math.sqrt(r.subarray(a, b).reduce((s, v) => s + v * v, 0) / (b - a));
    expect(rms(7200, 8800)).toBeLessThan(3);
  });
});
