// A BOM workbook with one sheet per assembly: each sheet's title block ("Bill of Materials HP-9100
// Outdoor Unit") names the assembly its lines belong to; a title without an item number, or no
// title at all, leaves the lines where they were.
import { describe, expect, it } from 'vitest';
import { sheetTitleRow } from './bom-sheets.js';
import { doc, model, rels } from './test-helpers.js';

const header = ['Item', 'Quantity', 'Reference', 'Part', 'HCS P/N', 'Description'];
const sheet = (title: string, lines: string[][]) => [
  ['Acme Ltd'],
  [title],
  ['Revision: B', '', 'Page 1'],
  [],
  header,
  ...lines,
];

describe('a BOM sheet per assembly', () => {
  it('reads the title block as the assembly, the item number an alias, the name up to a comma', () => {
    expect(sheetTitleRow([['Acme Ltd'], ['Bill of Materials HP-9000 AW-9 Heat Pump, 9 kW']])).toEqual([
      'Assembly:',
      'HP-9000',
      'AW-9 Heat Pump',
    ]);
    expect(sheetTitleRow([['Bill of Materials'], ['Printed 2026-03-18']])).toBeUndefined();
    expect(sheetTitleRow([['Bill of Materials for the pump']])).toBeUndefined();
  });

  it('contains each sheet’s lines in the assembly its title names', () => {
    const m = model({
      name: 'bom.xlsx',
      doc: doc({
        tables: [
          {
            rows: sheet('Bill of Materials HP-9000 Heat Pump', [
              ['1', '1', '', 'Outdoor Unit', 'HP-9100', 'Outdoor unit assy, see sheet HP-9100'],
            ]),
            location: { sheet: 'HP-9000', table: 0 },
          },
          {
            rows: sheet('Bill of Materials HP-9100 Outdoor Unit', [
              ['1', '1', 'M1', 'Compressor', 'HP-9110', 'Compressor, rotary'],
              ['2', '1', '', 'Outdoor Casing', 'HP-9190', 'Casing, steel'],
            ]),
            location: { sheet: 'HP-9100', table: 1 },
          },
        ],
      }),
    });
    expect(rels(m)).toEqual([
      'heat pump CONTAINS outdoor unit',
      'outdoor unit CONTAINS compressor',
      'outdoor unit CONTAINS outdoor casing',
    ]);
  });

  it('leaves a single sheet without a titled item number as a flat list', () => {
    const m = model({
      name: 'bom.xlsx',
      doc: doc({
        tables: [
          {
            rows: sheet('Bill of Materials', [
              ['1', '1', 'M1', 'Compressor', 'HP-9110', 'Compressor, rotary'],
            ]),
            location: { table: 0 },
          },
        ],
      }),
    });
    expect(rels(m)).toEqual([]);
  });
});
