// A spike is explained by a command only within that command's own response, not within the longest
// settling window of the channel: a glitch long after a fast response to a step is still a spike.
import { describe, expect, it } from 'vitest';
import { makeChannel, type Context } from './context.js';
import { noiseScale } from './robust.js';
import { changeSettler, spikeExplained } from './spike-context.js';

/** Deterministic noise in [-s, s]: a fixed sequence, so the tests do not depend on a seed. */
const noise = (i: number, s: number) => s * Math.sin(i * 12.9898) * ((i * 7) % 5) * 0.25;
const n = 4000;
const t = Float64Array.from({ length: n }, (_, i) => i);
/** A current that steps from 10 A to 20 A at t = 1000 and settles within a few samples. */
const x = Float64Array.from({ length: n }, (_, i) => (i < 1000 ? 10 : 20) + noise(i, 0.1));
const ch = makeChannel('phase_current_A', 'A', x, noiseScale(x), 0);
const ctx: Context = {
  t,
  bucket: 1,
  period: 1,
  duration: n - 1,
  startupEnd: 200,
  startup: new Map([[ch.name, 200]]),
  // The channel's settling window is long (600 s, set by a slow response to another change).
  changes: new Map([[ch.name, [1000]]]),
  settle: new Map([[ch.name, 600]]),
  siblings: new Map(),
};

describe('spikes and commands', () => {
  it('a spike right at the commanded step is explained', () => {
    expect(spikeExplained(ctx, ch, 1002, 1002, changeSettler(ch, t, 1))).toBe(true);
  });

  it('a spike 350 s after a step the channel answered in seconds is not', () => {
    expect(spikeExplained(ctx, ch, 1350, 1350, changeSettler(ch, t, 1))).toBe(false);
  });

  it('a spike in the start-up window is explained', () => {
    expect(spikeExplained(ctx, ch, 50, 50, changeSettler(ch, t, 1))).toBe(true);
  });
});
