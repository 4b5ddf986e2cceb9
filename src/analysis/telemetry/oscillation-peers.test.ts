// A command's change explains an oscillation after it only as the channel's usual answer to such a
// change: a hunt after one speed step, where the same stretch after every other like step was calm, is
// not that step's doing; a ringing step response that rings after each like step is.
import { describe, expect, it } from 'vitest';
import { unlikeItsAnswers } from './oscillation-peers.js';

const noise = (i: number) => 0.05 * Math.sin(i * 12.9898) * Math.cos(i * 78.233);
const n = 6000;
/** Runs: the command steps up at each start to a speed, holds 400 samples, and returns to 0. */
const starts = [200, 1200, 2200, 3200, 4200];
const speeds = [1.0, 1.4, 1.8, 1.2, 1.6];
const cmd = Float64Array.from({ length: n }, (_, i) => {
  const k = starts.findIndex((s) => i >= s && i < s + 400);
  return k < 0 ? 0 : speeds[k]!;
});
const changes = starts.flatMap((s) => [s, s + 400]);
/** A first-order approach to the command (time constant 10 samples). */
const follow = (i: number) => {
  const k = starts.findIndex((s) => i >= s && i < s + 400);
  if (k < 0) return 0;
  return speeds[k]! * (1 - Math.exp(-(i - starts[k]!) / 10));
};

describe('unlikeItsAnswers', () => {
  it('a hunt 60 samples into one run, calm after every other like step, is unlike its answers', () => {
    const x = Float64Array.from(
      { length: n },
      (_, i) => follow(i) + (i >= 2260 && i < 2500 ? 0.4 * Math.sin((2 * Math.PI * i) / 7) : 0) + noise(i),
    );
    expect(unlikeItsAnswers(x, cmd, changes, 2200, 2260, 2499, 41, false)).toBe(true);
  });

  it('a step response that rings after each like step, in proportion, is the step answered', () => {
    const ring = (i: number) => {
      const k = starts.findIndex((s) => i >= s && i < s + 400);
      if (k < 0) return 0;
      const d = i - starts[k]!;
      return speeds[k]! * 0.3 * Math.exp(-d / 150) * Math.sin((2 * Math.PI * d) / 7);
    };
    const x = Float64Array.from({ length: n }, (_, i) => follow(i) + ring(i) + noise(i));
    expect(unlikeItsAnswers(x, cmd, changes, 2200, 2210, 2450, 41, false)).toBe(false);
  });

  it('a change with too few like changes to compare keeps its say', () => {
    const x = Float64Array.from(
      { length: n },
      (_, i) => follow(i) + (i >= 2260 && i < 2500 ? 0.4 * Math.sin((2 * Math.PI * i) / 7) : 0) + noise(i),
    );
    // Only the first two runs' steps known: one like change besides the event's.
    expect(unlikeItsAnswers(x, cmd, [200, 600, 2200, 2600], 2200, 2260, 2499, 41, false)).toBe(false);
  });

  it('a state changing to the same value is a like change', () => {
    const state = Float64Array.from(cmd, (v) => (v > 0 ? 1 : 0));
    const x = Float64Array.from(
      { length: n },
      (_, i) => follow(i) + (i >= 3260 && i < 3500 ? 0.4 * Math.sin((2 * Math.PI * i) / 7) : 0) + noise(i),
    );
    expect(unlikeItsAnswers(x, state, changes, 3200, 3260, 3499, 41, true)).toBe(true);
  });
});
