// A three-state cycle (charge, rest, discharge, rest) enters its rest from two states: the current's
// usual answer to a rest is judged over the rests entered the same way.
import { describe, expect, it } from 'vitest';
import { cyclingToggles, toggleAnswer } from './step-toggle.js';
import { sameTransition } from './toggle-transition.js';

const N = 16000;
const W = 40;
const noise = (i: number) => 0.1 * Math.sin(i * 12.9898) * Math.cos(i * 78.233);
/** Charge (100) for 100 samples, rest (0) 100, discharge (-100) 100, rest 100: 160 toggles. */
const state = Float64Array.from({ length: N }, (_, i) => [100, 0, -100, 0][Math.floor(i / 100) % 4]!);
const current = Float64Array.from({ length: N }, (_, i) => state[i]! + noise(i));

describe('toggles of the same transition', () => {
  it('tells a rest entered from a charge from one entered from a discharge', () => {
    expect(sameTransition(state, 8100, 8500)).toBe(true);
    expect(sameTransition(state, 8100, 8300)).toBe(false);
  });

  it("takes the current's fall at a rest after a charge for the rest's usual answer", () => {
    const toggles = cyclingToggles(state);
    expect(toggles.length).toBeGreaterThan(40);
    expect(toggleAnswer(state, toggles, current, 0.1, 8100, -100, W)).toBe(true);
    // ...but not a rise there, the answer to a rest after a discharge.
    expect(toggleAnswer(state, toggles, current, 0.1, 8100, 100, W)).toBe(false);
  });
});
