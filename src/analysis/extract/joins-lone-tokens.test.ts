// A net whose only word is two letters ("485_RO") does not name an item by abbreviation.
import { describe, expect, it } from 'vitest';
import type { Netlist, NetlistNode } from '../documents/types.js';
import { doc, model, tableDoc } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string): NetlistNode => ({ ref, pin: '1', pinType });
const namesOf = (m: ReturnType<typeof model>, name: string): string[] => {
  const e = m.entities.find((x) => x.name === name || x.aliases.includes(name));
  return e ? [e.name, ...e.aliases] : [];
};
const board = (net: string): Netlist => ({
  components: [
    { ref: 'U1', value: 'Winch MCU' },
    { ref: 'U4', value: 'Line Transceiver' },
  ],
  nets: [{ code: '1', name: net, nodes: [node('U4', 'output'), node('U1', 'input')] }],
});
const signals = (item: string) =>
  tableDoc('signals.csv', [
    ['Signal', 'Source', 'Destination'],
    [item, 'Line Transceiver', 'Winch MCU'],
    ['Drum Speed', 'Drum Encoder', 'Winch MCU'],
  ]);

describe('lone two-letter net tokens', () => {
  it('does not meet an item whose word the token only abbreviates', () => {
    const m = model(netDoc(board('/485_RO')), signals('Rotor Position'));
    expect(namesOf(m, 'Rotor Position')).toEqual(['Rotor Position']);
  });

  it('still meets an item whose word it spells out', () => {
    const m = model(netDoc(board('/WINCH_ROTOR')), signals('Rotor Position'));
    expect(namesOf(m, 'Rotor Position')).toContain('WINCH_ROTOR');
  });
});
