// A plating line: a rack every 200 samples (load 20, plate 150, rinse 30) at a current set-point that
// is 0 between racks and raised from 140 A to 180 A at rack 30. Overlaid on its neighbours at 140 A,
// the first rack at 180 A leaves a 40 A square wave; overlaid only on racks at the same levels, it
// leaves the noise.
import { describe, expect, it } from 'vitest';
import { cycleLevels } from './cycle-levels.js';
import { cycleResidual, cycleStarts } from './oscillation-cycle.js';

const n = 12000;
const period = 200;
const noise = (i: number, s: number) => s * Math.sin(i * 12.9898) * ((i * 7) % 5) * 0.25;
const state = Float64Array.from({ length: n }, (_, i) => {
  const k = i % period;
  return k < 20 ? 0 : k < 170 ? 1 : 2;
});
const setpoint = Float64Array.from({ length: n }, (_, i) => (state[i] === 1 ? (i < 6000 ? 140 : 180) : 0));
const current = Float64Array.from({ length: n }, (_, i) => setpoint[i]! + noise(i, 0.3));
const rms = (r: Float64Array, a: number, b: number) =>
  Math.sqrt(r.subarray(a, b).reduce((s, v) => s + v * v, 0) / (b - a));

describe('cycles overlaid at the levels their commands take', () => {
  const starts = cycleStarts(state)!;
  const commands = [
    { x: state, text: true },
    { x: setpoint, text: false },
  ];

  it('with no program change to key on (the set-point cycles), the raised rack reads as a square wave', () => {
    const r = cycleResidual(current, starts, () => '');
    expect(rms(r, 6020, 6170)).toBeGreaterThan(10);
  });

  it('keyed by the levels each command takes in the cycle, it is overlaid on racks at 180 A only', () => {
    const r = cycleResidual(current, starts, cycleLevels(commands));
    expect(rms(r, 6020, 6170)).toBeLessThan(1);
    expect(rms(r, 5820, 5970)).toBeLessThan(1);
  });

  it('a command moving through a continuum gives no levels to key on', () => {
    const ramp = Float64Array.from({ length: n }, (_, i) => i * 0.37);
    expect(cycleLevels([{ x: ramp, text: false }])(0, 200)).toBe('');
  });
});
