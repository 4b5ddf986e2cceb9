import { describe, expect, it } from 'vitest';

import { isScan } from './program-scan.js';

const held = (levels: number[], dwell: number) =>
  Float64Array.from({ length: levels.length * dwell }, (_, i) => levels[Math.floor(i / dwell)]!);

describe('scans against lists of commanded steps', () => {
  it('a gear changing 42 times, each held for seconds, is a list of steps', () => {
    const gears = Array.from({ length: 43 }, (_, k) => [1, 2, 3, 4, 5, 4, 3, 2][k % 8]!);
    expect(isScan(held(gears, 400), 42)).toBe(false);
  });

  it('a frequency step list dwelling 25 samples per level is a scan', () => {
    const freqs = Array.from({ length: 80 }, (_, k) => 150 + 10 * k);
    expect(isScan(held(freqs, 25), 79)).toBe(true);
  });

  it('a cycle counter moving on every 400 samples is a scan: it never returns to a count', () => {
    const counts = Array.from({ length: 60 }, (_, k) => k);
    expect(isScan(held(counts, 400), 59)).toBe(true);
  });

  it('a few changes are never a scan', () => {
    expect(isScan(held([0, 2, 5, 3], 25), 3)).toBe(false);
  });
});
