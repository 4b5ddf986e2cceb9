import { describe, expect, it } from 'vitest';
import { sharedBySameUnits } from './drift-ambient.js';

const n = 6000;
const noise = (i: number) => 0.03 * Math.sin(i * 12.9898) * Math.cos(i * 78.233);
// The day's warming: ambient sensors rise 0.6 C over rows 2000-5000.
const warming = (i: number) => 0.6 * Math.min(1, Math.max(0, (i - 2000) / 3000));
const ambients = [0, 1, 2].map((k) =>
  Float64Array.from({ length: n }, (_, i) => 20 + warming(i) + noise(i + k * n)),
);
const still = [0, 1, 2].map((k) => Float64Array.from({ length: n }, (_, i) => 20 + noise(i + k * n)));

describe('sharedBySameUnits', () => {
  it('takes a bottom-oil rise the ambient sensors share for their common cause', () => {
    expect(sharedBySameUnits(0.74, 2000, 5000, ambients)).toBe(true);
  });
  it('keeps a drift the same-unit channels do not share', () => {
    expect(sharedBySameUnits(0.74, 2000, 5000, still)).toBe(false);
  });
  it('keeps a drift the other way to what they share', () => {
    expect(sharedBySameUnits(-0.74, 2000, 5000, ambients)).toBe(false);
  });
  it('says nothing with no channel in the same units', () => {
    expect(sharedBySameUnits(0.74, 2000, 5000, [])).toBe(false);
  });
});
