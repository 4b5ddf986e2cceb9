// Commands judged on the data: a column named like a measurement that holds programmed levels and
// that other channels answer is a command; a stuck sensor, a quantised sensor that flickers, and a
// held-level column nobody answers are not. Synthetic series, no files.
import { describe, expect, it } from 'vitest';
import { answeredBy, looksMeasured, looksProgrammed } from './commands.js';

/** Deterministic noise in [-s, s]: a fixed sequence, so the tests do not depend on a seed. */
const noise = (i: number, s: number) => s * Math.sin(i * 12.9898) * ((i * 7) % 5) * 0.25;
const n = 1000;
/** A heater load profile: 0, 2, 5, 3 kW held for 250 rows each. */
const load = Float64Array.from({ length: n }, (_, i) => [0, 2, 5, 3][Math.floor(i / 250)]!);

describe('programmed columns', () => {
  it('a held-level profile looks programmed and is answered by the temperature it drives', () => {
    const temp = Float64Array.from({ length: n }, (_, i) => 20 + 4 * load[i]! + noise(i, 0.1));
    expect(looksProgrammed(load)).toBe(true);
    expect(answeredBy(load, [{ xi: temp, sigma: 0.05 }])).toBe(true);
  });

  it('a held-level profile that no channel answers is not taken for a command', () => {
    const flow = Float64Array.from({ length: n }, (_, i) => 12 + noise(i, 0.1));
    expect(answeredBy(load, [{ xi: flow, sigma: 0.05 }])).toBe(false);
  });

  it('a temperature sensor stuck for 200 rows does not look programmed', () => {
    const tc = Float64Array.from({ length: n }, (_, i) =>
      i >= 450 && i < 650 ? 61.25 : Math.round((20 + i * 0.05 + noise(i, 0.2)) * 100) / 100,
    );
    expect(looksProgrammed(tc)).toBe(false);
  });

  it('a coarsely quantised sensor that mostly holds but flickers between neighbours does not', () => {
    const rh = Float64Array.from({ length: n }, (_, i) => (i % 17 === 0 ? 45.1 : 45.0));
    expect(looksProgrammed(rh)).toBe(false);
  });
});

describe('columns named like commands', () => {
  it('a noisy current named with a command word (phase_current) looks measured', () => {
    const current = Float64Array.from({ length: n }, (_, i) => Math.round((38 + noise(i, 0.3)) * 100) / 100);
    expect(looksMeasured(current)).toBe(true);
  });

  it('a ramped set-point, a sine position command and a held profile do not', () => {
    const ramp = Float64Array.from({ length: n }, (_, i) => Math.round(i / 2) * 0.1);
    const sine = Float64Array.from({ length: n }, (_, i) => 10 * Math.sin((2 * Math.PI * i) / 200));
    expect(looksMeasured(ramp)).toBe(false);
    expect(looksMeasured(sine)).toBe(false);
    expect(looksMeasured(load)).toBe(false);
  });
});
