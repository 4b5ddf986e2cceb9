// standsOut on modelled residuals: four busbar joints with gains a few percent apart and lags of
// 2,300-2,600 s part on their plain residuals after every current stage by as much as one joint's
// creep moves its own; once their gain and lag differences are modelled, the creeping joint stands out
// and, without a creep, none does.
import { describe, expect, it } from 'vitest';
import { standsOut } from './detect-drift.js';
import { lag } from './model.js';
import { modelLags } from './sibling-model.js';
import { standsOutModelled } from './sibling-stands-out.js';

const N = 8000;
/** Deterministic white noise with unit spread (a hash of the index, summed to near-Gaussian). */
const uniform = (k: number) => {
  let h = Math.imul(k ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
};
const noise = (i: number) =>
  (uniform(4 * i) + uniform(4 * i + 1) + uniform(4 * i + 2) + uniform(4 * i + 3) - 2) * Math.sqrt(3);
const t = Float64Array.from({ length: N }, (_, i) => i * 5);
/** Current stages: the joints' rise at steady state, 0 -> 36 -> 14 degC at 1000 and 4500 samples. */
const rise = Float64Array.from({ length: N }, (_, i) => (i < 1000 ? 0 : i < 4500 ? 36 : 14));
const taus = modelLags(5, N * 5);

/** Joint k (gain, lag); joint 0 creeps 0.45 degC (9 sigma) over 2000-2540 samples (5,000 s into the stage) with `creep`. */
function joints(creep: boolean): Float64Array[] {
  return (
    [
      [1.0, 2400],
      [1.033, 2600],
      [0.978, 2300],
      [1.011, 2500],
    ] as const
  ).map(([gain, tau], k) =>
    lag(rise, t, tau).map(
      (v, i) =>
        22 +
        gain * v +
        0.05 * noise(i + 7919 * k) +
        (creep && k === 0 ? 0.45 * Math.min(1, Math.max(0, (i - 2000) / 540)) : 0),
    ),
  );
}
const resid = (own: Float64Array, sibs: Float64Array[]) =>
  own.map((v, i) => v - [...sibs.map((s) => s[i]!)].sort((a, b) => a - b)[1]!);

describe('standsOutModelled', () => {
  it('finds a creeping joint standing out once gain and lag differences are modelled', () => {
    const [own, ...sibs] = joints(true);
    // On plain residuals the other joints part as much while they settle after the stage.
    expect(standsOut(resid(own!, sibs), sibs, 2000, 2540)).toBe(false);
    expect(standsOutModelled(own!, sibs, t, taus, 2000, 2540)).toBe(true);
  });

  it('finds no joint standing out when none creeps', () => {
    const all = joints(false);
    for (let k = 0; k < all.length; k++)
      expect(
        standsOutModelled(
          all[k]!,
          all.filter((_, j) => j !== k),
          t,
          taus,
          3000,
          3540,
        ),
      ).toBe(false);
  });
});
