import { describe, expect, it } from 'vitest';
import { arrival, commandedMoves, follows, inTransit } from './transit.js';

const noise = (i: number) => 2 * Math.sin(i * 12.9898) * Math.cos(i * 78.233);
// A speed command stepping 3,000 -> -2,000 rpm at row 1000; the wheel ramps at 10 rpm per row.
const cmd = Float64Array.from({ length: 2000 }, (_, i) => (i < 1000 ? 3000 : -2000));
const speed = Float64Array.from(
  { length: 2000 },
  (_, i) => (i < 1000 ? 3000 : Math.max(-2000, 3000 - 10 * (i - 1000))) + noise(i),
);

describe('follows', () => {
  it('takes a speed that tracks its command for a follower', () => {
    expect(follows(cmd, speed)).toBe(true);
  });
  it('does not take a temperature lagging far behind its set-point', () => {
    const slow = Float64Array.from({ length: 2000 }, (_, i) =>
      i < 1000 ? 3000 : 3000 - 5000 * (1 - Math.exp(-(i - 1000) / 2000)),
    );
    expect(follows(cmd, slow)).toBe(false);
  });
});

describe('arrival and inTransit', () => {
  it('ends the move where the wheel reaches the commanded speed', () => {
    // 5,000 rpm at 10 rpm per row: 500 rows; the 0.5% band (25 rpm) is 2-3 rows before the end.
    const end = arrival(cmd, speed, 2, 1000, 2000);
    expect(end).toBeGreaterThan(1490);
    expect(end).toBeLessThanOrEqual(1500);
  });
  const moves = commandedMoves([cmd], [{ xi: speed, sigma: 2 }], 40);
  it('explains a step while the wheel is on its way (the friction flips at zero speed)', () => {
    expect(inTransit(moves, 1300, 40, () => true)).toBe(true);
    // ...and at its arrival, within the step window.
    expect(inTransit(moves, 1510, 40, () => true)).toBe(true);
  });
  it('does not explain a step well after the wheel arrived', () => {
    expect(inTransit(moves, 1700, 40, () => true)).toBe(false);
  });
  it('does not explain a step on a channel that did not answer the command', () => {
    expect(inTransit(moves, 1300, 40, () => false)).toBe(false);
  });
  it("ends a move found part-way up a short ramp where the follower reaches the ramp's level", () => {
    // 3,000 -> 4,000 rpm ramped over rows 1000-1010; the speed lags the ramp by 3 rows, then holds.
    const ramp = (i: number) => 3000 + 100 * Math.min(10, Math.max(0, i - 1000));
    const rampCmd = Float64Array.from({ length: 2000 }, (_, i) => ramp(i));
    const follower = Float64Array.from({ length: 2000 }, (_, i) => ramp(i - 3) + noise(i));
    // The change at row 1005 names 3,500 rpm, a level the command only passes through.
    expect(arrival(rampCmd, follower, 2, 1005, 2000)).toBeLessThan(1030);
  });
  it('has no moves for a command no sensor follows', () => {
    const flat = Float64Array.from({ length: 2000 }, (_, i) => noise(i));
    expect(commandedMoves([cmd], [{ xi: flat, sigma: 2 }], 40)).toEqual([]);
  });
});
