// A netlist bus named by the designer meets the interface a document describes in words when one
// interface quotes the bus's name; a one- or two-letter lead ("I_SENSE": current sense) is a
// quantity's letter, and the word after it is what is quoted.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, tableDoc, typeOf } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const pair = (prefix: string): Netlist => ({
  components: [
    { ref: 'U6', value: 'Isolated Amplifier' },
    { ref: 'U9', value: 'Shunt Monitor' },
  ],
  nets: ['P', 'N'].map((line, i) => ({
    code: String(i + 1),
    name: `${prefix}_${line}`,
    nodes: [
      { ref: 'U6', pin: `${i + 1}`, pinType: 'input' },
      { ref: 'U9', pin: `${i + 1}`, pinType: 'output' },
    ],
  })),
});
const register = (...names: string[]) =>
  tableDoc('icd.docx', [
    ['Interface', 'End A', 'End B'],
    ...names.map((n) => [n, 'Shunt Monitor', 'Isolated Amplifier']),
  ]);

describe('a bus named by a letter and a word', () => {
  it('meets the one interface that quotes the word', () => {
    const m = model(netDoc(pair('I_SENSE')), register('Current Sense Link', 'Fan Drive'));
    expect(m.entities.find((e) => e.key === 'current sense link')?.aliases).toContain('I_SENSE_P');
    expect(typeOf(m, 'i sense')).toBeUndefined();
  });

  it('stays apart when two interfaces quote the word', () => {
    const m = model(netDoc(pair('I_SENSE')), register('Current Sense Link', 'Voltage Sense Link'));
    expect(typeOf(m, 'i sense')).toBe('INTERFACE');
  });
});
