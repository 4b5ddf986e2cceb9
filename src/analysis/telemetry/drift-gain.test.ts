// A pair's drift that is the load: two hoop gauges whose gauge factors differ by 2% part in
// proportion to the pressure, and venting moves their residual as plainly as a creep. Both sides:
// the vent is the load's, a creep under a steady load is kept.
import { describe, expect, it } from 'vitest';
import { loadExplains } from './drift-gain.js';

const N = 3000;
const noise = (i: number) => Math.sin(i * 12.9898) * 1.7 * Math.cos(i * 78.233);
/** Hoop strain: steps 0 -> 400 -> 800 ue, held, then vented to 0 over 2200-2400. */
const load = (i: number) =>
  i < 500 ? 0 : i < 1200 ? 400 : i < 2200 ? 800 : i < 2400 ? 800 * (1 - (i - 2200) / 200) : 0;

describe('loadExplains', () => {
  it('takes a pair residual that follows the load through a vent for the load', () => {
    const partner = Float64Array.from({ length: N }, (_, i) => load(i) + noise(i));
    const resid = Float64Array.from({ length: N }, (_, i) => -0.02 * load(i) + 0.3 * noise(i + 99));
    expect(loadExplains(resid, partner, 2200, 2400)).toBe(true);
  });

  it('keeps a creep under a steady load', () => {
    const creep = (i: number) => -16 * Math.min(1, Math.max(0, (i - 1500) / 400));
    const partner = Float64Array.from({ length: N }, (_, i) => load(i) + noise(i));
    const resid = Float64Array.from(
      { length: N },
      (_, i) => -0.02 * load(i) + creep(i) + 0.3 * noise(i + 99),
    );
    expect(loadExplains(resid, partner, 1500, 1900)).toBe(false);
  });

  it('skips the partner where it is frozen (NaN)', () => {
    const partner = Float64Array.from({ length: N }, (_, i) =>
      i >= 900 && i < 1100 ? NaN : load(i) + noise(i),
    );
    const resid = Float64Array.from({ length: N }, (_, i) => -0.02 * load(i) + 0.3 * noise(i + 99));
    expect(loadExplains(resid, partner, 2200, 2400)).toBe(true);
  });
});

// Two gearbox sensors warming together after a payload step, one creeping during the warm-up and
// keeping its offset: across the drift the partner is warmer and the residual higher, and a gain
// fitted across the two sides took the creep for the load's. Within each side the residual does not
// follow the partner. Two sensors with different gains warming the same way are the load's.
describe('loadExplains within each side of the drift', () => {
  const warm = (i: number) => (i < 1000 ? 0.2 * (i / 1000) : 0.2 + 3 * (1 - Math.exp(-(i - 1000) / 600)));
  const partner = Float64Array.from({ length: N }, (_, i) => 28 + warm(i) + 0.02 * noise(i));

  it('keeps a creep that runs while both warm', () => {
    const creep = (i: number) => 0.2 * Math.min(1, Math.max(0, (i - 1200) / 800));
    const resid = Float64Array.from({ length: N }, (_, i) => 0.58 + creep(i) + 0.01 * noise(i + 99));
    expect(loadExplains(resid, partner, 1200, 2000)).toBe(false);
  });

  it('still takes a gain difference through the same warm-up for the load', () => {
    const resid = Float64Array.from(
      { length: N },
      (_, i) => 0.58 + 0.06 * (partner[i]! - 28) + 0.01 * noise(i + 99),
    );
    expect(loadExplains(resid, partner, 1200, 2000)).toBe(true);
  });
});
