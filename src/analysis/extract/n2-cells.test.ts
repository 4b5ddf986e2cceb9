// N² cells that open with an interface id and give each item's net label in brackets; dashes as empty.
import { describe, expect, it } from 'vitest';
import { n2Cell } from './n2-cells.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('N² cells', () => {
  it('reads "IF-xx: items" as the interface and its items, labels in brackets as aliases', () => {
    expect(n2Cell('IF-01: Speed Command (SPD_CMD); 48V Bus (+48V)')).toEqual({
      iface: 'IF-01',
      items: [
        { name: 'Speed Command', alias: 'SPD_CMD' },
        { name: '48V Bus', alias: '+48V' },
      ],
    });
    // Lower case after an id describes what passes; it names no item.
    expect(n2Cell('IF-02: three-phase drive')).toEqual({ iface: 'IF-02', items: [] });
  });

  it('leaves a cell without an id as a list of items, lower case included', () => {
    expect(n2Cell('Heading; power')).toEqual({ items: [{ name: 'Heading' }, { name: 'power' }] });
    // A bracket in words is part of the name, not a label.
    expect(n2Cell('Status (filtered)')).toEqual({ items: [{ name: 'Status (filtered)' }] });
  });

  it('reads a diagonal matrix whose empty cells are dashes, both elements on the cell interface', () => {
    const m = model(
      tableDoc('n2.docx', [
        ['Winch Controller (WC)', 'IF-1: Speed Demand (SPD)', '-'],
        ['IF-1: Drive Status', 'Drive Inverter (INV)', 'IF-2: 400V Bus (+400V)'],
        ['-', '-', 'Drive Motor (M1)'],
      ]),
    );
    expect(m.entities.map((e) => e.name)).not.toContain('-');
    expect(typeOf(m, 'if 1')).toBe('INTERFACE');
    expect(rels(m)).toEqual(
      [
        'drive inverter CONNECTS if 1',
        'drive inverter CONNECTS if 2',
        'drive inverter CONSUMES speed demand',
        'drive inverter PROVIDES 400v bus',
        'drive inverter PROVIDES drive status',
        'drive motor CONNECTS if 2',
        'drive motor CONSUMES 400v bus',
        'if 1 CONNECTS winch controller',
        'winch controller CONSUMES drive status',
        'winch controller PROVIDES speed demand',
      ].sort(),
    );
  });
});
