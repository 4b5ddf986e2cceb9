// Repeated firings are compared with those at the same point of the machine's cycle: a moulding
// machine's shot peak fires a "spike" every shot at the inject-to-hold transition; a glitch in the
// middle of the cooling phase is not one of them and is kept.
import { describe, expect, it } from 'vitest';
import type { RowEvent } from './findings.js';
import { cyclePoint } from './repeats-cycle.js';
import { limitRepeats } from './repeats.js';

const n = 5000;
/** Shots every 100 samples: inject (0) for 20, hold (1) for 20, cool (2) for 60. */
const phase = Float64Array.from({ length: n }, (_, i) => (i % 100 < 20 ? 0 : i % 100 < 40 ? 1 : 2));
const spike = (r0: number, peak: number): RowEvent => ({
  kind: 'spike',
  channels: ['injection_pressure_bar'],
  i0: r0,
  i1: r0 + 1,
  r0,
  r1: r0 + 1,
  peak_sigma: peak,
  values: {},
});
/** The shot's peak at every transition from inject to hold, ~34 sigma. */
const shots = Array.from({ length: 49 }, (_, k) => spike(100 * k + 19, 32 + (k % 5)));
/** A 9.5-sigma glitch mid-cooling. */
const glitch = spike(2370, 9.5);

describe('repeated firings and the machine cycle', () => {
  it('without the cycle the glitch falls under the bar the shots set', () => {
    expect(limitRepeats([...shots, glitch])).not.toContain(glitch);
  });

  it('at its own point of the cycle the glitch stands alone and is kept; the shots are still dropped', () => {
    const point = cyclePoint([{ x: phase, text: true }]);
    const kept = limitRepeats([...shots, glitch], undefined, (e) => point(e.r0, e.r1));
    expect(kept).toEqual([glitch]);
  });

  it('a state that changes a few times (a recipe step) does not split the firings', () => {
    const recipe = Float64Array.from({ length: n }, (_, i) => Math.floor(i / 1000));
    const point = cyclePoint([{ x: recipe, text: true }]);
    expect(point(10, 11)).toBe('');
  });
});
