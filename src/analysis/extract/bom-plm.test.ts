// PLM structure reports: "Object Name" / "Object ID" columns, a position column whose 0 is the top item,
// a bare PCB line, and a summary row under the lines.
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

const header = ['Pos.', 'Object ID', 'Object Name', 'Designators', 'Amount', 'Manufacturer Part No.'];

describe('PLM structure reports', () => {
  it('names lines by Object Name (not by an id column) and puts position 0 above 1, 2, …', () => {
    const m = model(
      tableDoc('plm.csv', [
        ['Structure Report', '', '', '', '', ''],
        header,
        ['0', 'KX-000', 'Kiln Exhaust System', '', '1', ''],
        ['1', 'KX-100', 'Fan Control Unit', '', '1', ''],
        ['1.1', 'E-2001', 'Fan Controller', 'U1', '1', 'STM32G0'],
        ['1.2', 'KX-100-PCB', 'PCB, Fan Control Unit', '', '1', ''],
        ['2', 'E-3001', 'Exhaust Fan', 'M1', '1', 'EBM-R3G'],
        ['3', 'E-3002', 'Flue Damper', 'Y1', '1', 'BEL-LF24'],
        ['', '', '', '', '', ''],
        ['Lines: 6', 'Levels: 2', '', '', '', ''],
      ]),
    );
    expect(typeOf(m, 'kiln exhaust system')).toBe('SYSTEM');
    expect(typeOf(m, 'fan control unit')).toBe('SUBSYSTEM');
    // The bare board is a part of the unit, not an assembly: its head noun is "PCB".
    expect(typeOf(m, 'pcb fan control unit')).toBe('COMPONENT');
    expect(rels(m)).toEqual(
      [
        'fan control unit CONTAINS fan controller',
        'fan control unit CONTAINS pcb fan control unit',
        'kiln exhaust system CONTAINS exhaust fan',
        'kiln exhaust system CONTAINS fan control unit',
        'kiln exhaust system CONTAINS flue damper',
      ].sort(),
    );
    expect(m.entities.map((e) => e.name).join(' ')).not.toMatch(/Lines|Levels|KX-000/);
  });

  it('keeps several top positions as siblings when there is no position 0', () => {
    const m = model(
      tableDoc('plm.csv', [
        header,
        ['1', 'KX-100', 'Fan Control Unit', '', '1', ''],
        ['1.1', 'E-2001', 'Fan Controller', 'U1', '1', 'STM32G0'],
        ['1.2', 'E-2002', 'Fan Driver', 'U2', '1', 'DRV8313'],
        ['2', 'E-3001', 'Exhaust Fan', 'M1', '1', 'EBM-R3G'],
      ]),
    );
    expect(typeOf(m, 'exhaust fan')).toBe('COMPONENT');
    expect(rels(m)).toEqual([
      'fan control unit CONTAINS fan controller',
      'fan control unit CONTAINS fan driver',
    ]);
  });
});
