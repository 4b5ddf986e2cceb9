// A bus named in words keeps its line names but not the bare protocol a netlist names it by, which the
// connector labelled with the protocol also carries.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, tableDoc } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pin: string, pinType: string) => ({ ref, pin, pinType });

describe('bare protocol names', () => {
  const board = netDoc({
    components: [
      { ref: 'U4', value: 'TCAN1044' },
      { ref: 'J6', value: 'CAN' },
    ],
    nets: [
      { code: '9', name: 'CAN_H', nodes: [node('U4', '7', 'bidirectional'), node('J6', '4', 'passive')] },
      { code: '10', name: 'CAN_L', nodes: [node('U4', '6', 'bidirectional'), node('J6', '5', 'passive')] },
    ],
  });
  const icd = tableDoc('icd.docx', [
    ['Interface', 'Lines', 'Connector'],
    ['Vehicle CAN', 'CAN_H, CAN_L', 'J6'],
  ]);

  it('are no alias of a bus named in words', () => {
    const bus = model(board, icd).entities.find((e) => e.name === 'Vehicle CAN')!;
    expect(bus.entityType).toBe('INTERFACE');
    expect(bus.aliases).toEqual(expect.arrayContaining(['CAN_H', 'CAN_L']));
    expect(bus.aliases).not.toContain('CAN');
  });

  it('still name a bus the documents name by its protocol alone', () => {
    const m = model(board);
    expect(m.entities.find((e) => e.entityType === 'INTERFACE')?.name).toBe('CAN');
  });
});
