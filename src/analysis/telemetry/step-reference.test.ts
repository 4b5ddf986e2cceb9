import { describe, expect, it } from 'vitest';
import { jumpAt, stepIsOwn } from './step-reference.js';

const noise = (i: number) => 0.1 * Math.sin(i * 12.9898) * Math.cos(i * 78.233);
const series = (f: (i: number) => number) => Float64Array.from({ length: 400 }, (_, i) => f(i) + noise(i));

describe('stepIsOwn against siblings', () => {
  const flat = (level: number) => series(() => level);
  it('keeps a step the channel shows against every sibling', () => {
    const own = series((i) => (i < 200 ? 10 : 15));
    const refs = [flat(10), flat(11), flat(9)];
    expect(stepIsOwn(own, refs, 200, 40, 5)).toBe(true);
  });
  it("drops the median's echo of one sibling's excursion", () => {
    // The channel holds its level; one of three siblings dips, moving their median (and the residual).
    const own = flat(10);
    const refs = [series((i) => (i < 200 ? 10 : 0)), flat(11), flat(9)];
    expect(stepIsOwn(own, refs, 200, 40, 1)).toBe(false);
  });
  it('cannot tell with one sibling and keeps the step', () => {
    expect(stepIsOwn(flat(10), [series((i) => (i < 200 ? 10 : 0))], 200, 40, 10)).toBe(true);
  });
});

describe('stepIsOwn for a lone channel (model residual)', () => {
  it('keeps a step that shows in the channel’s own level', () => {
    const own = series((i) => (i < 200 ? 10 : 12));
    expect(stepIsOwn(own, [], 200, 40, 2)).toBe(true);
  });
  it('drops a residual step where the channel bends but holds its level', () => {
    // Falling, then rising from the same point (a heater switching on): the window means are equal.
    const own = series((i) => 69 + 0.01 * Math.abs(i - 200));
    expect(Math.abs(jumpAt(own, 200, 40))).toBeLessThan(0.05);
    expect(stepIsOwn(own, [], 200, 40, 0.45)).toBe(false);
  });
  it('drops a residual step the channel shows in the other direction', () => {
    const own = series((i) => (i < 200 ? 10 : 8));
    expect(stepIsOwn(own, [], 200, 40, 2)).toBe(false);
  });
});
