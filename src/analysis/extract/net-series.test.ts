// "SCAN_DATA" at the connector and "/SCAN_RX" at the processor either side of a series resistor are
// one wire, not two lines of a "SCAN" bus; a pair with a terminating resistor across it stays a pair.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { foldBuses } from './net-buses.js';
import { unfoldSeriesCopies } from './net-series.js';

const node = (ref: string, pin: string, pinType: string) => ({ ref, pin, pinType });
const board: Netlist = {
  components: [],
  nets: [
    { code: '1', name: 'SCAN_DATA', nodes: [node('J4', '1', 'passive'), node('R2', '1', 'passive')] },
    { code: '2', name: '/SCAN_RX', nodes: [node('R2', '2', 'passive'), node('U1', 'G11', 'input')] },
    { code: '3', name: 'LOCK_A', nodes: [node('U3', '6', 'bidirectional'), node('R9', '1', 'passive')] },
    { code: '4', name: 'LOCK_B', nodes: [node('U3', '7', 'bidirectional'), node('R9', '2', 'passive')] },
  ],
};
const bare = (raw: string): string => raw.replace(/^\//, '');

describe('bus lines that are one wire', () => {
  const folded = foldBuses(board.nets.map((n) => bare(n.name)));
  unfoldSeriesCopies(board, folded, bare);
  it('unfolds two lines joined through a series resistor', () => {
    expect(folded.get('SCAN_DATA')).toBeUndefined();
    expect(folded.get('SCAN_RX')).toBeUndefined();
  });
  it('keeps a pair with a resistor across it', () => {
    expect(folded.get('LOCK_A')?.name).toBe('LOCK');
  });
});
