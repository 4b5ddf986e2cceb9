// One event seen on several channels is one finding: two oscillations sharing most of their interval
// merge even when the windows that found them started apart; two that merely touch do not. Pure.
import { describe, expect, it } from 'vitest';
import { mergeEvents, type RowEvent } from './findings.js';

const event = (channel: string, r0: number, r1: number): RowEvent => ({
  kind: 'oscillation',
  channels: [channel],
  i0: r0,
  i1: r1,
  r0,
  r1,
  peak_sigma: 8,
  values: {},
});

describe('one event on several channels', () => {
  it('merges two oscillations that share most of their interval though they start 120 rows apart', () => {
    const merged = mergeEvents([event('heater_W', 13020, 14999), event('cold_tip_K', 13140, 14879)], 3);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.channels.sort()).toEqual(['cold_tip_K', 'heater_W']);
  });

  it('keeps apart two oscillations that only touch', () => {
    const merged = mergeEvents([event('heater_W', 1000, 2000), event('cold_tip_K', 1900, 3000)], 3);
    expect(merged).toHaveLength(2);
  });
});
