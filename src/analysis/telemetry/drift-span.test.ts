// Steady stretches of a sibling residual joined across changes it did not answer, and kept apart
// where it answered one (a change between them that moved the residual still cuts).
import { describe, expect, it } from 'vitest';
import { joinUnanswered } from './drift-span.js';

describe('joinUnanswered', () => {
  const segments: [number, number][] = [
    [100, 300],
    [320, 500],
    [520, 800],
  ];
  const changes = [300, 500];

  it('joins stretches across changes the residual did not answer', () => {
    expect(joinUnanswered(segments, changes, 1000, () => false)).toEqual([[100, 800]]);
  });

  it('keeps a stretch apart at a change the residual answered', () => {
    expect(joinUnanswered(segments, changes, 1000, (c) => c === 500)).toEqual([
      [100, 500],
      [520, 800],
    ]);
  });

  it('keeps them all apart when every change was answered', () => {
    expect(joinUnanswered(segments, changes, 1000, () => true)).toEqual(segments);
  });

  it('finds the changes between two stretches among a sweep that changes on every sample', () => {
    // One change per sample, listed out of order: only those from the end of one stretch to the start
    // of the next decide.
    const sweep = Array.from({ length: 1000 }, (_, i) => 999 - i);
    const answeredAt = new Set([310]);
    const seen: number[] = [];
    const joined = joinUnanswered(segments, sweep, 1000, (c, next) => {
      seen.push(c);
      expect(next).toBe(c + 1);
      return answeredAt.has(c);
    });
    expect(joined).toEqual([
      [100, 300],
      [320, 800],
    ]);
    expect(seen).toEqual([299, 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310, ...range(499, 520)]);
  });
});

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}
