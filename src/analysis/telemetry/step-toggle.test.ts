// A compressor current on a thermostat: every start lifts it by its running current. A step found at
// a start, the usual way and size, is the start; a jump twice that, one the wrong way, or one at a
// state that toggles faster than the step window, is not explained by it.
import { describe, expect, it } from 'vitest';
import { cyclingToggles, toggleAnswer } from './step-toggle.js';

const N = 16000;
const W = 40;
const noise = (i: number) => 0.1 * Math.sin(i * 12.9898) * Math.cos(i * 78.233);
/** On for 150 samples of every 300: 53 toggles. */
const on = Float64Array.from({ length: N }, (_, i) => (i % 300 >= 150 ? 1 : 0));
/** Running current 9.5 A, reached over 15 samples after each start. */
const current = Float64Array.from({ length: N }, (_, i) => {
  const since = i % 300;
  return since >= 150 ? 9.5 * Math.min(1, (since - 149) / 15) + noise(i) : noise(i);
});

describe('toggleAnswer', () => {
  it('takes a step at a start, the usual way and size, for the start', () => {
    const toggles = cyclingToggles(on);
    expect(toggles.length).toBeGreaterThan(40);
    expect(toggleAnswer(on, toggles, current, 0.1, 6150 + 9, 6.7, W)).toBe(true);
  });

  it('keeps a step larger than the usual answer, the other way, or far from any toggle', () => {
    const toggles = cyclingToggles(on);
    expect(toggleAnswer(on, toggles, current, 0.1, 6159, 25, W)).toBe(false);
    expect(toggleAnswer(on, toggles, current, 0.1, 6159, -6.7, W)).toBe(false);
    expect(toggleAnswer(on, toggles, current, 0.1, 6230, 6.7, W)).toBe(false);
  });

  it('explains nothing by a state toggling faster than the step window', () => {
    const fast = Float64Array.from({ length: N }, (_, i) => (i % 20 >= 10 ? 1 : 0));
    const driven = Float64Array.from({ length: N }, (_, i) => 3 * fast[i]! + noise(i));
    expect(toggleAnswer(fast, cyclingToggles(fast), driven, 0.1, 6010, 1.5, W)).toBe(false);
  });

  it('finds no toggles in a command that changes a few times', () => {
    const cmd = Float64Array.from({ length: N }, (_, i) => (i < 5000 ? 0 : i < 9000 ? 1 : 2));
    expect(cyclingToggles(cmd)).toEqual([]);
  });
});
