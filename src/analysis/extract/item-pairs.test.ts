// A netlist's differential pair (X_P / X_N) that an ICD signal table names as one worded item's own nets
// is that item's wires, not a link that would fold the item into the interface on the same connector.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, typeOf } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pin: string, pinType: string) => ({ ref, pin, pinType });
const icd = (rows: string[][]) => ({
  name: 'icd.docx',
  doc: doc({
    kind: 'docx',
    tables: [
      {
        name: 'Interfaces',
        rows: [
          ['Interface ID', 'Interface Name', 'Type', 'End A', 'End B', 'Connector'],
          [
            'IF-03',
            'Resolver Link',
            'Analogue',
            'Control Board',
            'Motor Resolver',
            'J3 (Resolver Connector)',
          ],
        ],
        location: { table: 0 },
      },
      { name: 'IF-03 Resolver Link', rows, location: { table: 1 } },
    ],
  }),
});

describe('differential pairs an item owns', () => {
  const m = model(
    netDoc({
      components: [
        { ref: 'J3', value: 'RESOLVER' },
        { ref: 'U4', value: 'AD2S1210' },
      ],
      nets: [
        { code: '1', name: 'RES_SIN_P', nodes: [node('J3', '3', 'passive'), node('U4', '2', 'input')] },
        { code: '2', name: 'RES_SIN_N', nodes: [node('J3', '4', 'passive'), node('U4', '3', 'input')] },
      ],
    }),
    icd([
      ['Signal', 'Mnemonic / ID', 'Source', 'Destination'],
      ['Rotor Position', 'RES_SIN_P / RES_SIN_N', 'Motor Resolver', 'Resolver-to-Digital Converter'],
    ]),
  );

  it('keep the item a signal of its own, with the pair as its nets', () => {
    expect(typeOf(m, 'rotor position')).toBe('SIGNAL');
    expect(m.entities.find((e) => e.name === 'Rotor Position')?.aliases).toContain('RES_SIN_P');
    expect(m.entities.find((e) => e.name === 'Resolver Link')?.aliases ?? []).not.toContain('RES_SIN_P');
  });
});
