// PDM product-tree reports draw the level as an ASCII tree in front of the item number, with no level
// column: the connector's column is the depth, and "Title" names the line.
import { describe, expect, it } from 'vitest';
import { treeColumn, treeLevels, treePrefix } from './bom-tree.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

const header = ['Tree', 'Title', 'Description', 'Qty', 'Designators'];

describe('product-tree BOMs', () => {
  it('reads the connector column and keeps the item number', () => {
    expect(treePrefix('+-- WX-100')).toEqual({ column: 0, rest: 'WX-100' });
    expect(treePrefix('|   \\-- WX-110')).toEqual({ column: 4, rest: 'WX-110' });
    expect(treePrefix('│ └── WX-110')).toEqual({ column: 2, rest: 'WX-110' });
    expect(treePrefix('WX-100')).toBeUndefined();
    expect(treePrefix('-40')).toBeUndefined();
  });

  it('finds the drawn column and turns it into levels, the root at 0', () => {
    const rows = [
      ['WX', 'Winch', '', '1', ''],
      ['+-- WX-1', 'Drive Unit', '', '1', 'A1'],
      ['|   \\-- WX-11', 'Brake', '', '1', 'B1'],
      ['End of report', '', '', '', ''],
    ];
    expect(treeColumn(rows)).toBe(0);
    expect(treeLevels(rows, 0, 5).map((r) => [r[0], r[5]])).toEqual([
      ['WX', '0'],
      ['WX-1', '1'],
      ['WX-11', '2'],
      ['End of report', undefined],
    ]);
    expect(
      treeColumn([
        ['a', '-40'],
        ['b', '-3'],
      ]),
    ).toBeUndefined();
    // A tolerance column is no tree: a value follows the marks, and nothing is a root or deeper.
    expect(
      treeColumn([
        ['R1', '+-1%'],
        ['R2', '+-5%'],
        ['R3', '+-1%'],
      ]),
    ).toBeUndefined();
  });

  it('builds the containment from the drawing and names lines by their Title', () => {
    const m = model(
      tableDoc('tree.csv', [
        header,
        ['WX-000', 'Winch', 'Top assembly', '1', ''],
        ['+-- WX-100', 'Drive Unit', 'Assembly, drive', '1', 'A1'],
        ['|   +-- WX-110', 'Motor Controller', 'PCBA, motor', '1', 'A2'],
        ['|   \\-- WX-120', 'Brake', 'Spring brake 24 V', '1', 'B1'],
        ['\\-- WX-200', 'Control Console', 'Console', '1', 'A3'],
      ]),
    );
    expect(rels(m)).toEqual([
      'drive unit CONTAINS brake',
      'drive unit CONTAINS motor controller',
      'winch CONTAINS control console',
      'winch CONTAINS drive unit',
    ]);
    expect(typeOf(m, 'winch')).toBe('SYSTEM');
    expect(typeOf(m, 'drive unit')).toBe('SUBSYSTEM');
  });
});
