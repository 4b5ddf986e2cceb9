// MRP structure BOMs with a position and a parent-position column instead of a level column.
import { describe, expect, it } from 'vitest';
import { parentPositionColumns } from './bom-parent.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

const header = ['Find No.', 'Parent Find No.', 'Item Number', 'Nomenclature', 'Qty Per', 'Ref. Designators'];

describe('Find No. / Parent Find No. structure BOMs', () => {
  it('pairs "Parent <X>" with the column headed <X>, and nothing else', () => {
    expect(parentPositionColumns(header)).toEqual({ own: 0, parent: 1 });
    expect(parentPositionColumns(['Line', 'Parent Line', 'Name'])).toEqual({ own: 0, parent: 1 });
    // A parent column naming item numbers has no own-position partner: it stays a Parent P/N column.
    expect(parentPositionColumns(['Item Number', 'Parent P/N', 'Name'])).toBeUndefined();
  });

  it('builds the tree from parent positions and keeps item numbers and designators as aliases', () => {
    const m = model(
      tableDoc('mrp.csv', [
        ['ACME - MRP structure export', '', '', '', '', ''],
        header,
        ['0', '', 'AX-1000', 'Winch Drive', '1', ''],
        ['100', '0', 'AX-1100', 'Gearbox Unit', '1', ''],
        ['110', '100', 'AX-1110', 'Drive Motor', '1', 'M1'],
        ['200', '0', 'AX-1200', 'Winch Controller', '1', 'A1'],
        ['210', '200', 'AX-1210', 'Brake Relay', '1', 'K1'],
      ]),
    );
    expect(typeOf(m, 'winch drive')).toBe('SYSTEM');
    expect(typeOf(m, 'gearbox unit')).toBe('SUBSYSTEM');
    expect(rels(m)).toEqual(
      [
        'gearbox unit CONTAINS drive motor',
        'winch controller CONTAINS brake relay',
        'winch drive CONTAINS gearbox unit',
        'winch drive CONTAINS winch controller',
      ].sort(),
    );
    const names = m.entities.map((e) => e.name);
    expect(names).not.toContain('AX-1110');
    expect(names).not.toContain('M1');
    expect(m.entities.find((e) => e.name === 'Drive Motor')?.aliases).toContain('M1');
  });

  it('leaves a BOM with no position pair flat', () => {
    const m = model(
      tableDoc('flat.csv', [
        ['Item Number', 'Nomenclature', 'Qty Per', 'Ref. Designators'],
        ['AX-1110', 'Drive Motor', '1', 'M1'],
        ['AX-1210', 'Brake Relay', '1', 'K1'],
      ]),
    );
    expect(rels(m)).toEqual([]);
  });
});
