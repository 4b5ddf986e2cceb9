// BOM reports that give each line's place in the tree as a path of assembly names ("Assembly Path":
// "WX > Drive Unit"): the last step is the container, the top line the product.
import { describe, expect, it } from 'vitest';
import { assemblyPathColumn, pathSteps } from './bom-path.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

const header = ['Assembly Path', 'Comment', 'Designator', 'Manufacturer Part Number', 'Quantity'];

describe('assembly-path BOMs', () => {
  it('splits a path at its step marks, not inside a name', () => {
    expect(pathSteps('WX > Drive Unit > I/O Board')).toEqual(['WX', 'Drive Unit', 'I/O Board']);
    expect(pathSteps('WX / Drive Unit')).toEqual(['WX', 'Drive Unit']);
    expect(pathSteps('I/O Board')).toEqual(['I/O Board']);
  });

  it('reads the last step as the container, the line the paths start from as the product', () => {
    const m = model(
      tableDoc('bom.csv', [
        header,
        ['', 'Winch', '', 'WX', '1'],
        ['WX', 'Drive Unit', '', 'WX-110', '1'],
        ['WX > Drive Unit', 'Motor Controller', 'A2', 'MC-40', '1'],
        ['WX > Drive Unit', 'Brake', 'B1', 'BR-7', '1'],
        ['WX', 'Control Console', 'A1', 'CC-3', '1'],
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

  it('leaves a column headed as a path that holds no path of two steps alone', () => {
    const rows = [header, ['', 'Winch', '', 'WX', '1'], ['Winch', 'Brake', 'B1', 'BR-7', '1']];
    expect(assemblyPathColumn(rows[0]!, rows.slice(1))).toBeUndefined();
    expect(assemblyPathColumn(['File Path', 'Comment'], [['a > b', 'x']])).toBeUndefined();
  });
});
