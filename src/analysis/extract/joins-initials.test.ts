// A netlist bus named by initials ("DL" of DL_TX/DL_RX) is the one worded interface whose initials
// they are ("Drive Link"), and stays apart when two names share them.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, tableDoc } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string) => ({ ref, pin: '1', pinType: 'bidirectional' });
const board = netDoc({
  components: [
    { ref: 'U1', value: 'Main CPU' },
    { ref: 'U2', value: 'Link Transceiver' },
  ],
  nets: ['DL_TX', 'DL_RX'].map((name, i) => ({ code: String(i), name, nodes: [node('U1'), node('U2')] })),
});
const icd = (...links: string[]) =>
  tableDoc('icd.csv', [
    ['Interface', 'Protocol', 'End A', 'End B'],
    ...links.map((l) => [l, 'RS-485', 'Control Unit', 'Drive Unit']),
  ]);
const interfaces = (m: ReturnType<typeof model>) =>
  m.entities.filter((e) => e.entityType === 'INTERFACE').map((e) => e.name);

describe('buses named by initials', () => {
  it('joins "DL" to the one documented "Drive Link"', () => {
    expect(interfaces(model(board, icd('Drive Link')))).toEqual(['Drive Link']);
  });

  it('leaves "DL" alone when "Drive Link" and "Data Link" both fit', () => {
    expect(interfaces(model(board, icd('Drive Link', 'Data Link'))).sort()).toEqual([
      'DL',
      'Data Link',
      'Drive Link',
    ]);
  });
});
