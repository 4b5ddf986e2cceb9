// An antenna's RF net goes into a receiver whose only other signal pin puts out a timing pulse: the
// pulse is a signal the receiver makes, not the RF passed on. RF through a filter stays one signal.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { baseName } from './netlist.js';
import { netsThroughParts } from './net-through.js';

const node = (ref: string, pin: string, pinType: string) => ({ ref, pin, pinType });
const board: Netlist = {
  components: [
    { ref: 'U5', value: 'GNSS receiver' },
    { ref: 'U1', value: 'SoC' },
    { ref: 'FL1', value: 'SAW filter' },
    { ref: 'J5', value: 'SMA' },
  ],
  nets: [
    { code: '1', name: '/GNSS_RF', nodes: [node('J5', '1', 'passive'), node('U5', '1', 'input')] },
    { code: '2', name: 'GNSS_1PPS', nodes: [node('U5', '2', 'output'), node('U1', '3', 'input')] },
    { code: '3', name: 'LTE_ANT', nodes: [node('J5', '2', 'passive'), node('FL1', '1', 'passive')] },
    { code: '4', name: 'LTE_RF_OUT', nodes: [node('FL1', '2', 'passive'), node('U1', '4', 'input')] },
  ],
};

describe('radio nets through a part', () => {
  const named = new Set(['GNSS_1PPS', 'LTE_RF_OUT']);
  const pairs = netsThroughParts(board, baseName, (n) => named.has(n));
  it("are not the receiver's logic output", () => {
    expect(pairs).not.toContainEqual(['GNSS_RF', 'GNSS_1PPS']);
  });
  it('pass on as RF through a filter', () => {
    expect(pairs).toContainEqual(['LTE_ANT', 'LTE_RF_OUT']);
  });
});
