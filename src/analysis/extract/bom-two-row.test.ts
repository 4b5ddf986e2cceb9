// PLM structure reports with a two-row header (group labels merged over the column names beneath
// them, single columns merged down), the hierarchy only in a parent-part-number column, and ERP
// descriptions written "noun, qualifier".
import { describe, expect, it } from 'vitest';
import { nounQualifierAlias } from './bom-heads.js';
import { findHeader, roleOf, twoRowHeader } from './columns.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('two-row merged BOM headers', () => {
  const rows = [
    ['ACME — STRUCTURE REPORT', '', '', '', '', '', ''],
    ['Top item:', 'WS-100', 'Weather Station', '', '', '', ''],
    [],
    ['Line', 'Part', '', 'Parent', 'Ref. Des.', 'Maker', ''],
    ['', 'Number', 'Description', 'P/N', '', 'Name', 'Part No.'],
    ['10', 'WS-100', 'Weather Station', '', '', 'Acme', ''],
    ['20', 'WS-110', 'Sensor Head', 'WS-100', '', 'Acme', ''],
    ['30', 'WS-120', 'Mast Kit', 'WS-100', '', 'Acme', ''],
    ['40', 'WS-111', 'Humidity Probe', 'WS-110', 'U7', 'Sensirion', 'SHT45'],
    ['50', 'WS-112', 'Rain Gauge', 'WS-110', 'RG1', 'Acme', 'RG-2'],
    ['*** END OF REPORT ***', '', '', '', '', '', ''],
  ];

  it('combines a group label with the names under it, and keeps the columns merged down', () => {
    expect(twoRowHeader(rows[3]!, rows[4]!)).toEqual([
      'Line',
      'Part Number',
      'Part Description',
      'Parent P/N',
      'Ref. Des.',
      'Maker Name',
      'Maker Part No.',
    ]);
    const header = findHeader(rows)!;
    expect(header.index).toBe(4);
    expect(header.columns.get('mpn')).toBe(1);
    expect(header.columns.get('description')).toBe(2);
    expect(header.columns.get('group')).toBe(3);
    expect(header.columns.get('refdes')).toBe(4);
  });

  it('reads a group word that qualifies the name ("Manufacturer" over "Name") as the maker', () => {
    expect(
      twoRowHeader(['Item', '', 'Manufacturer', ''], ['Part Number', 'Description', 'Name', 'Part No.']),
    ).toEqual(['Item Part Number', 'Item Description', 'Manufacturer Name', 'Manufacturer Part No.']);
  });

  it('is no two-row header when the second row fills every column (a header over its first line)', () => {
    expect(twoRowHeader(['Ref', 'Part Number', 'Qty'], ['U1', 'STM32', '1'])).toBeUndefined();
  });

  it('builds the lines and their containment from the combined header', () => {
    const m = model(tableDoc('structure.xlsx', rows));
    expect(typeOf(m, 'weather station')).toBe('SYSTEM');
    expect(rels(m)).toEqual(
      [
        'weather station CONTAINS sensor head',
        'weather station CONTAINS mast kit',
        'sensor head CONTAINS humidity probe',
        'sensor head CONTAINS rain gauge',
      ].sort(),
    );
    expect(m.entities.some((e) => /acme|sensirion|end of report/i.test(e.name))).toBe(false);
  });
});

describe('parent part number columns', () => {
  it.each([
    'Parent P/N',
    'Parent',
    'Used On',
    'Next Assy',
    'Next Higher Assembly',
    'Where Used',
    'Parent Part Number',
  ])('"%s" names the containing line', (header) => {
    expect(roleOf(header)).toBe('group');
    const m = model(
      tableDoc('plm.csv', [
        ['Part Number', 'Description', header, 'Qty'],
        ['PB-200', 'Power Board', '', '1'],
        ['LT-8640', 'Buck Regulator', 'PB-200', '1'],
        ['TPS-7A', 'LDO Regulator', 'PB-200', '1'],
      ]),
    );
    expect(rels(m)).toEqual(['power board CONTAINS buck regulator', 'power board CONTAINS ldo regulator']);
  });
});

describe('"noun, qualifier" descriptions', () => {
  it.each([
    ['Pump, Coolant', 'Coolant Pump'],
    ['MCU, Autopilot, Cortex-M4 170 MHz', 'Autopilot MCU'],
    ['KIT, INSTALLATION (CABLES W1-W5, BRACKET)', 'INSTALLATION KIT'],
    ['Reversing Gear Pump, 0.8 l/min', 'Reversing Gear Pump'],
    ['Calibration EEPROM, 64 kbit', 'Calibration EEPROM'],
  ])('"%s" is also "%s"', (description, alias) => {
    expect(nounQualifierAlias(description)).toBe(alias);
  });

  it.each(['Capacitors', 'Capacitor, 100 nF', 'Buck Regulator'])('"%s" gives no alias', (description) => {
    expect(nounQualifierAlias(description)).toBeUndefined();
  });

  it('joins a BOM line to the plain name another document uses', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Part Number', 'Description', 'Qty'],
        ['CL-100', 'Cooling Loop', '1'],
        ['PMP-7', 'Pump, Coolant', '1'],
      ]),
      tableDoc('icd.csv', [
        ['Signal', 'Source', 'Destination'],
        ['Pump Speed', 'Loop Controller', 'Coolant Pump'],
      ]),
    );
    const pump = m.entities.filter((e) => /pump/i.test(e.name) && e.entityType === 'COMPONENT');
    expect(pump).toHaveLength(1);
    expect(rels(m)).toContain(`${pump[0]!.key} CONSUMES pump speed`);
  });
});
