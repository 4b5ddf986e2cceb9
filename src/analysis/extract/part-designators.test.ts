// A sentence may type a part as an interface by the word its name ends in ("RTD Interface (U4)"), but
// a component's designator names a part: it is not joined to the bus a netlist names by its prefix.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, proseDoc, tableDoc } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['Item', 'Name', 'Ref Des', 'Qty'],
  ['1', 'Main MCU', 'U1', '1'],
  ['2', 'RTD Interface', 'U4', '1'],
]);
const icd = tableDoc('interfaces.csv', [
  ['ID', 'Interface', 'Type / Protocol', 'Side A', 'Side B'],
  ['IF-03', 'Sensor SPI', 'SPI mode 1', 'Main MCU (U1)', 'RTD Interface (U4)'],
]);
const node = (ref: string, pinFunction: string, pinType: string) => ({
  ref,
  pin: pinFunction,
  pinFunction,
  pinType,
});
// The board's SPI bus, named by its nets' prefix ("RTD_SCK", "RTD_SDO").
const netlist: Netlist = {
  components: [
    { ref: 'U1', value: 'STM32G0B1RETx' },
    { ref: 'U4', value: 'MAX31865xAP' },
  ],
  nets: [
    {
      code: '1',
      name: '/Sensors/RTD_SCK',
      nodes: [node('U1', 'PA5', 'bidirectional'), node('U4', 'SCLK', 'input')],
    },
    {
      code: '2',
      name: '/Sensors/RTD_SDI',
      nodes: [node('U1', 'PA7', 'bidirectional'), node('U4', 'SDI', 'input')],
    },
    {
      code: '3',
      name: '/Sensors/RTD_SDO',
      nodes: [node('U1', 'PA6', 'bidirectional'), node('U4', 'SDO', 'output')],
    },
  ],
};
const board = { name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) };
const prose = proseDoc(
  'dd.docx',
  'The 3V3 Regulator (U3) provides the 3V3 Rail for the Main MCU (U1) and the RTD Interface (U4).',
  'The Main MCU (U1) reads the Chamber Temperature from the RTD Interface (U4) over the Sensor SPI.',
);

describe('a part named like an interface', () => {
  it('stays a part, and the link between the parts stays a link', () => {
    const m = model(bom, icd, board, prose);
    const part = m.entities.find((e) => e.name === 'RTD Interface');
    expect(part?.entityType).toBe('COMPONENT');
    expect(part?.aliases ?? []).not.toContain('Sensor SPI');
    expect(m.entities.find((e) => e.name === 'Sensor SPI')?.entityType).toBe('INTERFACE');
  });
});
