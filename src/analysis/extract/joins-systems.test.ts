// A product named with its model code and two wordings of what it is ("AT-5 Class B AIS Transponder"
// on the BOM's top line, "AT-5 AIS Transponder" in the model) is one system; and a second UART only the
// netlist names does not become the documented UART another bus already is by name.
import { describe, expect, it } from 'vitest';
import type { Netlist, NetlistNode } from '../documents/types.js';
import { doc, model, tableDoc } from './test-helpers.js';

describe('one product named two ways', () => {
  it('joins two systems with one model code whose words one name contains', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Lvl', 'Part No', 'Description', 'Qty'],
        ['0', 'PAT-5000', 'AT-5 Class B AIS Transponder', '1'],
        ['1', 'PAT-5100', 'Main Board', '1'],
      ]),
      {
        name: 'graph.json',
        doc: doc({
          kind: 'json',
          json: {
            nodes: [
              { uid: 'n1', label: 'AT-5 AIS Transponder', kind: 'system' },
              { uid: 'n2', label: 'Main Board', kind: 'assembly', parent: 'n1' },
            ],
          },
        }),
      },
    );
    expect(m.entities.filter((e) => e.entityType === 'SYSTEM')).toHaveLength(1);
  });
});

describe('two UARTs on a board, one documented', () => {
  const pin = (ref: string, pinFunction: string, pinType: string): NetlistNode => ({
    ref,
    pin: pinFunction,
    pinFunction,
    pinType,
  });
  const netlist: Netlist = {
    components: [
      { ref: 'U1', value: 'MCU' },
      { ref: 'U6', value: 'GNSS Module' },
      { ref: 'U7', value: 'Line Driver' },
    ],
    nets: [
      {
        code: '1',
        name: '/GNSS_TXD',
        nodes: [pin('U1', 'PA3', 'bidirectional'), pin('U6', 'TXD', 'output')],
      },
      { code: '2', name: '/GNSS_RXD', nodes: [pin('U1', 'PA2', 'bidirectional'), pin('U6', 'RXD', 'input')] },
      { code: '3', name: '/N183_TXD', nodes: [pin('U1', 'PA9', 'bidirectional'), pin('U7', 'DI', 'input')] },
      {
        code: '4',
        name: '/N183_RXD',
        nodes: [pin('U1', 'PA10', 'bidirectional'), pin('U7', 'RO', 'output')],
      },
    ],
  };
  it('leaves the bus the interface does not name apart', () => {
    const m = model(
      tableDoc('icd.docx', [
        ['Interface', 'Type', 'From', 'To'],
        ['GNSS UART', 'UART 115200 Bd', 'GNSS Module', 'MCU'],
      ]),
      { name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) },
    );
    const gnss = m.entities.find((e) => e.name === 'GNSS UART');
    expect(gnss?.aliases).toContain('GNSS_TXD');
    expect(gnss?.aliases).not.toContain('N183_TXD');
  });
});

describe('a part a model labels by its abbreviation', () => {
  it('is the BOM line with its part number', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Lvl', 'Part No', 'Description', 'Qty', 'Designators'],
        ['0', 'PAT-5100', 'Main Board', '1', ''],
        ['1', 'PAT-5103', 'RF Power Amplifier', '1', 'U4'],
      ]),
      {
        name: 'graph.json',
        doc: doc({
          kind: 'json',
          json: {
            nodes: [
              { uid: 'n2', label: 'Main Board', kind: 'assembly', pn: 'PAT-5100' },
              { uid: 'n12', label: 'PA', kind: 'part', pn: 'PAT-5103', parent: 'n2' },
            ],
          },
        }),
      },
    );
    const amp = m.entities.find((e) => e.name === 'RF Power Amplifier');
    expect(amp?.aliases).toContain('PA');
    expect(m.entities.map((e) => e.name)).not.toContain('PA');
  });
});
