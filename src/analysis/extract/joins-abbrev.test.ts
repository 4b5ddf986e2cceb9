// A net that names an item by only some of its words meets the item only when a word is spelt out:
// a lone consonant abbreviation ("DRV" for "drive") beside unmatched words is too weak to join.
import { describe, expect, it } from 'vitest';
import type { Netlist, NetlistNode } from '../documents/types.js';
import { doc, model, tableDoc } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string): NetlistNode => ({ ref, pin: '1', pinType });
const namesOf = (m: ReturnType<typeof model>, name: string): string[] => {
  const e = m.entities.find((x) => x.name === name || x.aliases.includes(name));
  return e ? [e.name, ...e.aliases] : [];
};
const board = (net: string, nodes: NetlistNode[]) =>
  netDoc({
    components: [
      { ref: 'U1', value: 'Rate MCU' },
      { ref: 'U2', value: 'Pump Driver' },
      { ref: 'J1', value: 'Sensor Connector' },
    ],
    nets: [{ code: '1', name: net, nodes }],
  });
const signals = tableDoc('signals.csv', [
  ['Signal', 'Source', 'Destination'],
  ['Pump Fault Status', 'Rate MCU', 'Operator Panel'],
  ['Boom Pressure', 'Pressure Transducer', 'Rate MCU'],
]);

describe('partial word joins of nets and items', () => {
  it('does not join a net to an item by one abbreviated word ("PMP" for "pump")', () => {
    const m = model(board('/PMP_EN', [node('U1', 'bidirectional'), node('U2', 'input')]), signals);
    expect(namesOf(m, 'PMP_EN')).toEqual(['PMP_EN']);
  });

  it('still joins a net to an item by one spelt-out word ("PRESS" in "pressure")', () => {
    const m = model(board('/PRESS_LVL', [node('U1', 'input'), node('J1', 'passive')]), signals);
    expect(namesOf(m, 'PRESS_LVL')).toContain('Boom Pressure');
  });
});
