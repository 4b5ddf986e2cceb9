// Repeated firings of one detector on one channel are the channel's normal behaviour: at most three
// findings of a kind per channel, and past that only those standing out from the rest. Pure.
import { describe, expect, it } from 'vitest';
import type { RowEvent } from './findings.js';
import { limitRepeats } from './repeats.js';

const event = (kind: RowEvent['kind'], channel: string, r0: number, peak: number): RowEvent => ({
  kind,
  channels: [channel],
  i0: r0,
  i1: r0,
  r0,
  r1: r0,
  peak_sigma: peak,
  values: {},
});

describe('repeated firings on one channel', () => {
  it('keeps up to three firings of a kind on a channel as they are', () => {
    const events = [event('spike', 'v', 10, 7), event('spike', 'v', 500, 8), event('spike', 'v', 900, 7.5)];
    expect(limitRepeats(events)).toEqual(events);
  });

  it('drops fifty similar firings: they describe the channel, not a fault', () => {
    const events = Array.from({ length: 50 }, (_, i) => event('oscillation', 'accel', i * 100, 8 + (i % 5)));
    expect(limitRepeats(events)).toEqual([]);
  });

  it('keeps the one firing among many that stands out, and other channels and kinds untouched', () => {
    const cycles = Array.from({ length: 20 }, (_, i) => event('spike', 'p_out', i * 100, 7 + (i % 3)));
    const glitch = event('spike', 'p_out', 1234, 60);
    const other = event('spike', 'temp', 40, 7);
    const step = event('step', 'p_out', 700, 9);
    const kept = limitRepeats([...cycles, glitch, other, step]);
    expect(kept).toEqual([glitch, other, step]);
  });
});
