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

  it("a pair's mirrored step stays one finding when a drift fit around the jump joined one side", () => {
    const step = (channel: string, r: number): RowEvent => ({ ...event(channel, r, r), kind: 'step' });
    const drift: RowEvent = { ...event('mould_temp_2_C', 10870, 14970), kind: 'drift' };
    const merged = mergeEvents([drift, step('mould_temp_2_C', 13330), step('mould_temp_1_C', 13330)], 3);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.kind).toBe('step');
    expect(merged[0]!.r0).toBe(13330);
    expect(merged[0]!.channels.sort()).toEqual(['mould_temp_1_C', 'mould_temp_2_C']);
  });
});
