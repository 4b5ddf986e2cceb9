// An ERP BOM printed level by level: each assembly's section opens with a labelled row
// ("Assembly:;PM-9100;Topside Unit") and repeats the column header; the first section opens above
// the header; text items are remarks. The section no other section lists is the product.
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

const header = ['Item', 'ItmCat', 'Material', 'Material Description', 'Quantity', 'Ref. Designator'];
const bom = tableDoc('bom.csv', [
  ['Multi-level BOM, level by level', '', '', '', '', ''],
  ['Assembly:', 'PM-9000', 'Sonar System', 'Alt. BOM 1', '', ''],
  header,
  ['0010', 'L', 'PM-9100', 'Topside Unit', '1', 'TPU'],
  ['0020', 'L', 'PM-9200', 'Tow Cable', '1', 'W1'],
  ['0030', 'T', '', 'Deck cables are ordered separately (PM-9900)', '', ''],
  ['', '', '', '', '', ''],
  ['Assembly:', 'PM-9100', 'Topside Unit', 'Alt. BOM 1', '', ''],
  header,
  ['0010', 'L', 'PM-9110', 'Topside Computer', '1', 'PC1'],
]);

describe('a BOM listed section by section', () => {
  it('contains each line in the assembly its section opens, the top one being the product', () => {
    const m = model(bom);
    expect(rels(m)).toEqual([
      'sonar system CONTAINS topside unit',
      'sonar system CONTAINS tow cable',
      'topside unit CONTAINS topside computer',
    ]);
    expect(typeOf(m, 'sonar system')).toBe('SYSTEM');
    expect(m.entities.map((e) => e.name).sort()).toEqual([
      'Sonar System',
      'Topside Computer',
      'Topside Unit',
      'Tow Cable',
    ]);
  });

  it('reads a labelled row above a levelled BOM as preamble, not a section', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Assembly:', 'WF-2000 Weather Station'],
        ['Level', 'Item Number', 'Item Name', 'Qty'],
        ['0', 'WF-2000', 'Weather Station', '1'],
        ['.1', 'WF-2100', 'Logger Board', '1'],
      ]),
    );
    expect(rels(m)).toEqual(['weather station CONTAINS logger board']);
  });
});
