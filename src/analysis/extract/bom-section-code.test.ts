// An ERP BOM summarised by assembly: each section opens "Assembly: XY-1100 | Hoist Board", the label
// and the item number in one cell and the title in the next, and repeats the column header. Ranges
// are spelled in words ("C1 thru C6") and lists by spaces ("S1 S2").
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

const header = ['Find No', 'Component', 'Description', 'Qty', 'Ref Designators', 'Vendor', 'Vendor P/N'];
const bom = tableDoc('bom.xlsx', [
  ['Acme Rigging Ltd'],
  ['Top item', 'XY-1000', 'Rev', 'C'],
  [],
  ['Assembly: XY-1000', 'Stage Winch XY-1000'],
  header,
  ['10', 'XY-1100', 'Winch Board', '1', '', 'Acme', 'XY-1100'],
  ['20', 'XY-1390', 'Winch Enclosure', '1', '', 'Acme', 'XY-1390'],
  [],
  ['Assembly: XY-1100', 'Winch Board'],
  header,
  ['10', 'XY-1101', 'Winch Controller', '1', 'U1', 'ST', 'STM32F405'],
  ['20', 'XY-1120', 'Capacitors', '6', 'C1 thru C6', 'KEMET', 'C0805X104'],
  ['30', 'XY-1204', 'Limit Switch', '2', 'S1 S2', 'Schmersal', 'Z4V7'],
]);

describe('a BOM by assembly with the item number beside its label', () => {
  const m = model(bom);
  it('contains each line in the assembly its section opens', () => {
    expect(rels(m)).toEqual(
      [
        'stage winch xy 1000 CONTAINS winch board',
        'stage winch xy 1000 CONTAINS winch enclosure',
        'winch board CONTAINS winch controller',
        'winch board CONTAINS capacitor',
        'winch board CONTAINS limit switch',
      ].sort(),
    );
    expect(typeOf(m, 'stage winch xy 1000')).toBe('SYSTEM');
  });

  it('reads "C1 thru C6" as the range C1-C6 and "S1 S2" as two designators', () => {
    const aliases = (key: string) => m.entities.find((e) => e.key === key)?.aliases ?? [];
    expect(aliases('capacitor')).toEqual(expect.arrayContaining(['C1', 'C3', 'C6']));
    expect(aliases('capacitor')).not.toContain('thru');
    expect(aliases('limit switch')).toEqual(expect.arrayContaining(['S1', 'S2']));
  });
});
