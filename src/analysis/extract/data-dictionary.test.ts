// Data dictionaries: one item per row with its producer, consumers and medium.
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('data dictionaries', () => {
  it('reads Item as the item, Producer/Consumer(s) as its ends and a named Medium as its carrier', () => {
    const m = model(
      tableDoc('dd.tsv', [
        ['Tag', 'Item', 'Producer', 'Consumer(s)', 'Medium', 'Object / Net'],
        ['T1', 'Valve Position', 'Valve Controller', 'Plant PLC; Local Panel', 'Plant Bus', 'PDO1'],
        ['T2', 'Trip Command', 'Plant PLC', 'Valve Controller', 'hardwired', 'TRIP_CMD (X1-4)'],
        ['P1', 'Actuator Power', 'Valve Controller', 'Valve Actuator', 'power', 'U/V/W (X5)'],
      ]),
    );
    expect(typeOf(m, 'valve position')).toBe('SIGNAL');
    expect(typeOf(m, 'plant bus')).toBe('INTERFACE');
    expect(typeOf(m, 'actuator power')).toBe('RESOURCE');
    expect(m.entities.find((e) => e.key === 'trip command')?.aliases).toContain('TRIP_CMD');
    expect(rels(m)).toEqual(
      [
        'valve controller PROVIDES valve position',
        'plant plc CONSUMES valve position',
        'local panel CONSUMES valve position',
        'plant bus CONNECTS valve controller',
        'plant bus CONNECTS plant plc',
        'local panel CONNECTS plant bus',
        'plant plc PROVIDES trip command',
        'valve controller CONSUMES trip command',
        'valve controller PROVIDES actuator power',
        'valve actuator CONSUMES actuator power',
        'actuator power CONNECTS x5',
      ].sort(),
    );
  });

  it("a Mnemonic column names the item's net: the netlist's net is the same signal", () => {
    const m = model(
      tableDoc('icd.docx', [
        ['Cmd', 'Mnemonic', 'Signal', 'Source', 'Destination', 'Interface'],
        ['-', 'TRIP_CMD', 'Trip Command', 'Plant PLC', 'Valve Controller', 'discrete'],
        ['-', '-', 'Valve Position', 'Valve Controller', 'Plant PLC', 'discrete'],
      ]),
      tableDoc('pins.csv', [
        ['Pin', 'Net', 'Source', 'Destination'],
        ['1', 'TRIP_CMD', 'Plant PLC', 'Valve Controller'],
      ]),
    );
    expect(m.entities.filter((e) => e.entityType === 'SIGNAL').map((e) => e.name)).toEqual([
      'Trip Command',
      'Valve Position',
    ]);
    expect(m.entities.find((e) => e.key === 'trip command')?.aliases).toContain('TRIP_CMD');
    // "-": no mnemonic, no alias.
    expect(m.entities.find((e) => e.key === 'valve position')?.aliases).toEqual([]);
  });

  it('without a Mnemonic column, another column of codes gives no alias', () => {
    const m = model(
      tableDoc('icd.docx', [
        ['Cmd', 'Code', 'Signal', 'Source', 'Destination', 'Interface'],
        ['-', 'TRIP_CMD', 'Trip Command', 'Plant PLC', 'Valve Controller', 'discrete'],
      ]),
    );
    expect(m.entities.find((e) => e.key === 'trip command')?.aliases).toEqual([]);
  });

  it('keeps a link table (Name, From, To) as links between its ends, not as items', () => {
    const m = model(
      tableDoc('links.csv', [
        ['Name', 'From', 'To'],
        ['Plant Bus', 'Valve Controller', 'Plant PLC'],
      ]),
    );
    expect(m.entities.some((e) => e.entityType === 'SIGNAL')).toBe(false);
  });
});
