// A lone channel's drift on its own level: settling that a later creep does not eat, stretches that
// start once the level settled, and the wander band of the other stretches a drift must leave.
// Pure: no files, no DuckDB.
import { describe, expect, it } from 'vitest';
import { makeChannel, settleLevel } from './context.js';
import { drift } from './detect-drift.js';
import { heldFrom, ownSegments, settledAfter, wanderBand } from './drift-own.js';
import { noiseScale, quantum } from './robust.js';

/** Deterministic noise with unit spread (a fixed sequence, so the tests do not depend on a seed). */
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);
const times = (n: number) => Float64Array.from({ length: n }, (_, i) => i);

describe('settling on a lone channel ends where its level held still as long as its response took', () => {
  const n = 4000;
  const t = times(n);
  // A lag (tau 100 samples) after a change at 1000 that settles, then a creep of 10 sigma from 2500
  // that runs to the end: the level the stretch ends at is the creep's, not the command's.
  const settles = Float64Array.from(
    { length: n },
    (_, i) =>
      (i < 1000 ? 0 : 30 * (1 - Math.exp(-(i - 1000) / 100))) +
      (i < 2500 ? 0 : Math.min(i - 2500, 1000) * 0.01) +
      noise(i),
  );
  // A tail (tau 300 samples) that keeps moving more than 4 sigma per window for ~2 tau. (One slower
  // than 4 sigma per window counts as held at once; the drift judge's history test rejects it then,
  // detect-drift.test.ts 'the tail of a thermal lag'.)
  const tail = Float64Array.from(
    { length: n },
    (_, i) => (i < 1000 ? 0 : 30 * (1 - Math.exp(-(i - 1000) / 300))) + noise(i),
  );

  it('a later creep does not stretch the settling over itself', () => {
    // The level rule masks to its cap (15% of the file), the whole channel skipped.
    expect(settleLevel(settles, 1, t, [1000], 1)).toBeCloseTo(0.15 * (n - 1));
    const [after] = settledAfter(settles, 1, t, [1000], 1);
    // Within 4 sigma after ~2 tau, and still as long again before the creep at 1500 samples.
    expect(after).toBeGreaterThan(150);
    expect(after).toBeLessThan(1500);
  });

  it('a tail still approaching is not settled while it moves', () => {
    const [after] = settledAfter(tail, 1, t, [1000], 1);
    expect(after).toBeGreaterThan(450);
  });

  it('a change the channel did not answer costs only the floor', () => {
    expect(settledAfter(settles, 1, t, [1000], 1, () => false)).toEqual([5]);
  });

  it('heldFrom wants the level still for as long as it took to get there', () => {
    // Moves for 50 samples, then holds: held from 50 once 50 samples stay within the band.
    const x = Float64Array.from({ length: 400 }, (_, i) => (i < 50 ? i : 50));
    expect(heldFrom(x, 0, 400, 20, 0.5)).toBe(50);
    // Holds for only 30 samples before moving again: never held as long as it moved.
    const y = Float64Array.from({ length: 400 }, (_, i) => (i < 50 ? i : i < 80 ? 50 : i));
    expect(heldFrom(y, 0, 400, 20, 0.5)).toBe(400);
  });

  it('ownSegments start each stretch once settled, not before the start-up', () => {
    const segs = ownSegments(times(1000), [0, 400], [100, 50], 20, 150);
    expect(segs).toEqual([
      [150, 400],
      [450, 1000],
    ]);
  });
});

describe('a lone channel drift must leave the band its level wanders in elsewhere', () => {
  const n = 6000;
  const sigma = 0.01;
  // Three steady stretches of 2000 samples; a creep of 5 sigma over 600 samples in the last.
  const segments: [number, number][] = [
    [0, 2000],
    [2000, 4000],
    [4000, 6000],
  ];
  const creep = (i: number) => (i < 4800 ? 0 : Math.min(i - 4800, 600) * ((5 * sigma) / 600));
  const judge = (wander: number, height = 1) => {
    const x = Float64Array.from(
      { length: n },
      (_, i) => height * creep(i) + wander * sigma * Math.sin((2 * Math.PI * i) / 1500) + sigma * noise(i),
    );
    const ch = makeChannel('rail_V', 'V', x, noiseScale(x), quantum(x));
    return drift(ch, ch.xi, 4000, 6000, false, segments.slice(0, 2));
  };

  it('finds a 5-sigma creep on a channel that holds still elsewhere', () => {
    const d = judge(0);
    expect(d?.kind).toBe('drift');
    // Within 20 blocks (14 samples each): noise blurs the corner of a 5-sigma creep.
    expect(Math.abs(d!.i0 - 4800)).toBeLessThan(280);
  });

  it('does not report it on a channel that wanders as far in its other stretches', () => {
    expect(judge(2)).toBeNull();
  });

  it('does not report a creep under the 3-sigma floor', () => {
    expect(judge(0, 0.5)).toBeNull();
  });

  it('wanderBand is the widest band over stretches of at least 10 blocks', () => {
    const x = Float64Array.from({ length: 300 }, (_, i) => (i < 200 ? (i % 20 < 10 ? 0 : 1) : 100 * (i % 2)));
    // Blocks of 10: the first stretch's means alternate 0 and 1; the second holds only 5 blocks.
    expect(wanderBand(x, [[0, 200]], 10)).toBe(1);
    expect(
      wanderBand(
        x,
        [
          [0, 200],
          [250, 300],
        ],
        10,
      ),
    ).toBe(1);
  });
});
