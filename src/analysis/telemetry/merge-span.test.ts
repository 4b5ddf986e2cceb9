import { describe, expect, it } from 'vitest';
import type { RowEvent } from './findings.js';
import { mergeReportable } from './merge-span.js';

const event = (kind: RowEvent['kind'], channels: string[], r0: number, r1: number): RowEvent => ({
  kind,
  channels,
  i0: r0,
  i1: r1,
  r0,
  r1,
  peak_sigma: 8,
  values: {},
});

describe('events too long to report', () => {
  it('do not take a row gap with them when they are dropped', () => {
    const gap = event('dropout', ['winding_1_C', 'winding_3_C', 'power_kW'], 19999, 20000);
    const long = event('drift', ['winding_3_C'], 7612, 27722);
    const kept = mergeReportable([long, gap], 3, 0.6 * 28200);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.kind).toBe('dropout');
    expect([kept[0]!.r0, kept[0]!.r1]).toEqual([19999, 20000]);
  });

  it('still merge the shorter events that are one finding', () => {
    const a = event('step', ['t_C'], 5000, 5000);
    const b = event('drift', ['t_C'], 4990, 6000);
    expect(mergeReportable([a, b], 3, 16000)).toHaveLength(1);
  });
});
