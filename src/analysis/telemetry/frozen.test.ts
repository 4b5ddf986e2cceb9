// A stuck sensor and its siblings: while frozen it leaves the siblings' reference (no fake level
// shift on them when it freezes or recovers), its own jump at release belongs to the stuck finding,
// and two stuck runs split by a few rows of flicker are one. Synthetic series, no files.
import { describe, expect, it } from 'vitest';
import { makeChannel, siblingResidual } from './context.js';
import { steps } from './detect-local.js';
import type { RowEvent } from './findings.js';
import { dropFrozenEchoes, joinFlicker, withoutFrozen } from './frozen.js';
import { noiseScale } from './robust.js';

/** Deterministic noise in [-s, s]: a fixed sequence, so the tests do not depend on a seed. */
const noise = (i: number, s: number) => s * Math.sin(i * 12.9898) * ((i * 7) % 5) * 0.25;
const n = 1200;
/** Three thermocouples on a warming plate (0.05 degC per sample); tc_3 freezes over rows 450-650. */
const plate = (i: number) => 20 + 0.05 * i;
const tc = (k: number) =>
  Float64Array.from(
    { length: n },
    (_, i) => plate(Math.min(i, k === 3 && i >= 450 && i <= 650 ? 450 : i)) + noise(i + k * 97, 0.05),
  );
const ch = (name: string, x: Float64Array) => makeChannel(name, 'degC', x, noiseScale(x), 0);

const event = (kind: RowEvent['kind'], channel: string, r0: number, r1 = r0): RowEvent => ({
  kind,
  channels: [channel],
  i0: r0,
  i1: r1,
  r0,
  r1,
  peak_sigma: 10,
  values: {},
});

describe('a frozen sensor and its siblings', () => {
  it('with the frozen span blanked, a sibling judged against the median shows no level shift', () => {
    const [a, b, c] = [ch('tc_1', tc(1)), ch('tc_2', tc(2)), ch('tc_3', tc(3))];
    const frozen = [{ i0: 450, i1: 650 }];
    const y = siblingResidual(a, [b, { ...c, xi: withoutFrozen(c.xi, frozen) }])!;
    expect(steps({ ...a, sigma: noiseScale(y) }, y)).toEqual([]);
  });

  it('without blanking, the frozen sibling drags the median and the residual is no longer flat', () => {
    const [a, b, c] = [ch('tc_1', tc(1)), ch('tc_2', tc(2)), ch('tc_3', tc(3))];
    const y = siblingResidual(a, [b, c])!;
    // Median of tc_2 and the frozen tc_3 lags the plate by up to 5 degC by row 650.
    expect(Math.abs(y[640]! - y[440]!)).toBeGreaterThan(2);
  });

  it("the frozen channel's own step at release is dropped, another channel's is kept", () => {
    const stuck = new Map([['tc_3', [event('stuck', 'tc_3', 450, 650)]]]);
    const release = event('step', 'tc_3', 655);
    const later = event('step', 'tc_3', 900);
    const other = event('step', 'tc_1', 652);
    expect(dropFrozenEchoes([release, later, other], stuck, 20)).toEqual([later, other]);
  });

  it('two stuck runs split by two rows of flicker are one; runs 50 rows apart are two', () => {
    const a = { ...event('stuck', 'tc_3', 450, 540), values: { rows: 91, ratio: 10 } };
    const b = { ...event('stuck', 'tc_3', 543, 650), values: { rows: 108, ratio: 12 } };
    const far = { ...event('stuck', 'tc_3', 700, 800), values: { rows: 101, ratio: 11 } };
    const joined = joinFlicker([a, b, far]);
    expect(joined.map((e) => [e.r0, e.r1])).toEqual([
      [450, 650],
      [700, 800],
    ]);
    expect(joined[0]!.values.rows).toBe(201);
  });
});
