// A spike is explained by a command only within that command's own response, not within the longest
// settling window of the channel: a glitch long after a fast response to a step is still a spike.
import { describe, expect, it } from 'vitest';
import { makeChannel, type Context } from './context.js';
import { noiseScale } from './robust.js';
import {
  causeBy,
  changeSettler,
  FREQUENCY_UNITS,
  movingChanges,
  ONSET_SAMPLES,
  spikeExplained,
} from './spike-context.js';

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

describe('movingChanges', () => {
  const every = (x: Float64Array) => x.map((_, i) => i).filter((i) => i > 0 && x[i] !== x[i - 1]);
  it('keeps a new level and drops the sample changes of a slow tracking ramp', () => {
    // Held at 0, a jump to 100 at 500, then a creep of 0.004 a sample (0.08 over 20 samples: 0.08%).
    const x = Float64Array.from({ length: 2000 }, (_, i) =>
      i < 500 ? 0 : 100 + (i >= 1000 ? 0.004 * (i - 1000) : 0),
    );
    const kept = movingChanges(x, Array.from(every(x)), false);
    expect(kept).toEqual([500]);
  });
  it('keeps the sample changes of a fast sine (each window moves a good part of its range)', () => {
    const x = Float64Array.from({ length: 1000 }, (_, i) => Math.sin((2 * Math.PI * i) / 50));
    const changes = Array.from(every(x));
    expect(movingChanges(x, changes, false)).toEqual(changes);
  });
  it('keeps the moves of a ramp that crosses 5% of the range within 10 samples, and not one that does not', () => {
    // 0.3 a sample over a range of 100: 6 within 20 samples (kept); 0.2 a sample: 4 (dropped).
    const ramp = (rate: number) => Float64Array.from({ length: 1000 }, (_, i) => Math.min(100, rate * i));
    expect(movingChanges(ramp(0.3), [100], false)).toEqual([100]);
    expect(movingChanges(ramp(0.2), [100], false)).toEqual([]);
  });
  it('keeps every change of a text or discrete state', () => {
    const x = Float64Array.from({ length: 100 }, (_, i) => (i < 50 ? 0 : 1e-6));
    expect(movingChanges(x, [50], true)).toEqual([50]);
  });
});

describe('FREQUENCY_UNITS', () => {
  it("names a frequency command's units, not a position's or a speed's", () => {
    for (const u of ['Hz', 'kHz', 'MHz']) expect(FREQUENCY_UNITS.test(u)).toBe(true);
    for (const u of ['deg', 'rpm', 'mHz-ish', 'g']) expect(FREQUENCY_UNITS.test(u)).toBe(false);
  });
});

describe('causeBy', () => {
  it("a spike's cause may come by its end, an oscillation's only by its onset", () => {
    expect(causeBy({ kind: 'spike', i0: 100, i1: 102 })).toBe(102);
    expect(causeBy({ kind: 'oscillation', i0: 1000, i1: 5000 })).toBe(1000 + ONSET_SAMPLES);
    expect(causeBy({ kind: 'oscillation', i0: 1000, i1: 1100 })).toBe(1100);
  });
});
