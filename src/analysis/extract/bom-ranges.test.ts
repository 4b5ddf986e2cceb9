// A BOM line whose designator cell is one range ("Q1-Q6") names each part in the range, so the
// netlist's Q1…Q6 meet the line rather than becoming a part of their own.
import { describe, expect, it } from 'vitest';
import { model, tableDoc } from './test-helpers.js';

const bom = (refdes: string) =>
  model(
    tableDoc('bom.csv', [
      ['Item', 'Description', 'Qty', 'Reference Designators', 'MPN'],
      ['1', 'Power MOSFETs', '6', refdes, 'IPT015N10N5'],
    ]),
  );

describe('designator ranges in one cell', () => {
  it('expands "Q1-Q6" into the parts it names', () => {
    const aliases = bom('Q1-Q6').entities.find((e) => e.key === 'power mosfet')?.aliases ?? [];
    expect(aliases).toEqual(expect.arrayContaining(['Q1-Q6', 'Q1', 'Q6']));
  });

  it('keeps a single designator as it is', () => {
    const aliases = bom('Q7').entities.find((e) => e.key === 'power mosfet')?.aliases ?? [];
    expect(aliases).toContain('Q7');
    expect(aliases).not.toContain('Q1');
  });
});
