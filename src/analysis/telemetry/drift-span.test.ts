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
});
