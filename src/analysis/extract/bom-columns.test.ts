// BOM layouts where the header words mislead: ERP exports whose "Component" column holds part numbers
// and whose hierarchy is a Parent item number, outline item numbers, labelled section rows, report
// furniture, and an ICD whose "Ref" column is an id, not a designator.
import { describe, expect, it } from 'vitest';
import { outlineColumn, sectionHeading } from './bom.js';
import { findHeader, roleOf, splitList } from './columns.js';
import { normaliseName } from './normalise.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('BOM columns by content', () => {
  const erp = tableDoc('erp-bom.csv', [
    ['Report:', 'Indented BOM', '', '', ''],
    ['Top Item:', 'WX-100', '', '', ''],
    ['', '', '', '', ''],
    ['Find No.', 'Parent', 'Component', 'Part Name', 'Ref Des'],
    ['0', '', 'WX-100', 'Weather Station', ''],
    ['10', 'WX-100', 'WX-110', 'Sensor Head', ''],
    ['10', 'WX-110', 'HX-7781', 'Humidity Probe', 'U7'],
    ['20', 'WX-110', '463012', 'Rain Gauge', 'RG1'],
    ['20', 'WX-100', 'WX-120', 'Mast Kit', ''],
    ['', '', '', '', ''],
    ['*** End of report ***', '', '', '', ''],
  ]);

  it('names lines from the column of words, not the column of codes its header calls a name', () => {
    const header = findHeader(erp.doc.tables[0]!.rows)!;
    expect(header.columns.get('name')).toBe(3);
    expect(header.columns.get('mpn')).toBe(2);
    const m = model(erp);
    expect(m.entities.map((e) => e.name).sort()).toEqual(
      ['Humidity Probe', 'Mast Kit', 'Rain Gauge', 'Sensor Head', 'Weather Station'].sort(),
    );
    // An all-digit part number is a part number, not a reason to name the line by its designator.
    expect(m.entities.find((e) => e.name === 'Rain Gauge')?.externalId).toBe('RG1');
  });

  it('reads the hierarchy from Parent item numbers, with the one unparented line as the product', () => {
    const m = model(erp);
    expect(typeOf(m, 'weather station')).toBe('SYSTEM');
    expect(typeOf(m, 'sensor head')).toBe('SUBSYSTEM');
    expect(rels(m)).toEqual(
      [
        'weather station CONTAINS sensor head',
        'weather station CONTAINS mast kit',
        'sensor head CONTAINS humidity probe',
        'sensor head CONTAINS rain gauge',
      ].sort(),
    );
    expect(m.entities.some((e) => /end of report/i.test(e.name))).toBe(false);
  });

  it('reads outline item numbers as levels, and headers spelt another way', () => {
    const rows = [
      ['Pos.', 'Item Code', 'Item Description', 'Designators', 'Qty'],
      ['1', 'GC-000', 'Climate Controller', '', '1'],
      ['1.1', 'GC-100', 'Controller Board', '', '1'],
      ['1.1.1', 'ESP32-S3', 'Main Processor', 'U1', '1'],
      ['1.2', 'GC-200', 'Sensor Head', '', '1'],
      ['1.2.1', 'SCD41', 'CO2 Sensor', 'U11', '1'],
      ['Total line items: 5', '', '', '', ''],
    ];
    expect(roleOf('Item Description')).toBe('description');
    expect(roleOf('Item Code')).toBe('mpn');
    expect(outlineColumn(rows.slice(1).map((cells, i) => ({ cells, row: i + 2 })))).toBe(0);
    const m = model(tableDoc('bom.csv', rows));
    expect(typeOf(m, 'climate controller')).toBe('SYSTEM');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'climate controller CONTAINS controller board',
        'controller board CONTAINS main processor',
        'sensor head CONTAINS co2 sensor',
      ]),
    );
    // A quantity column of decimals is not an outline.
    expect(
      outlineColumn([['1.5'], ['2.5'], ['0.5']].map((cells, i) => ({ cells, row: i + 1 }))),
    ).toBeUndefined();
  });

  it('makes a product only of a single top-level line', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Item', 'Description', 'Ref Des', 'Qty'],
        ['1', 'Power Board', '', '1'],
        ['1.1', 'Buck Regulator', 'U1', '1'],
        ['2', 'Radio Board', '', '1'],
        ['2.1', 'Radio Module', 'U9', '1'],
      ]),
    );
    expect(m.entities.some((e) => e.entityType === 'SYSTEM')).toBe(false);
    expect(rels(m)).toContain('radio board CONTAINS radio module');
  });

  it('reads a labelled section row as its assembly, and only when lines follow it', () => {
    expect(sectionHeading('**Assembly: Power Board (PB-200)**')).toEqual({
      name: 'Power Board',
      alias: 'PB-200',
    });
    const m = model(
      tableDoc('bom.md', [
        ['Ref', 'Description', 'Part No.', 'Qty'],
        ['Assembly: Nav Board (NB-300)', '', '', ''],
        ['U10', 'Navigation Computer', 'STM32H743', '1'],
        ['Assembly: Spares', '', '', ''],
      ]),
    );
    expect(m.entities.find((e) => e.key === 'nav board')?.aliases).toContain('NB-300');
    expect(rels(m)).toEqual(['nav board CONTAINS navigation computer']);
    expect(m.entities.some((e) => /spares/i.test(e.name))).toBe(false);
  });

  it('reads a "Ref" column of ids as an interface table, not a BOM', () => {
    const m = model(
      tableDoc('icd.md', [
        ['Ref', 'Link Name', 'Protocol / layer', 'Side A', 'Side B'],
        ['I-01', 'Field Bus', 'RS-485', 'Main Processor', 'Greenhouse Server'],
      ]),
    );
    expect(typeOf(m, 'field bus')).toBe('INTERFACE');
    expect(m.entities.some((e) => e.name === 'I-01')).toBe(false);
    expect(rels(m)).toContain('field bus CONNECTS main processor');
  });

  it('keeps a known name with "and" in it whole when splitting a cell', () => {
    const known = new Set([normaliseName('Temperature and Humidity Sensor')]);
    expect(splitList('Temperature and Humidity Sensor, CO2 Sensor', known)).toEqual([
      'Temperature and Humidity Sensor',
      'CO2 Sensor',
    ]);
    expect(splitList('Pump and Valve')).toEqual(['Pump', 'Valve']);
    const m = model(
      tableDoc('bom.csv', [
        ['Ref Des', 'Description', 'Qty'],
        ['U10', 'Temperature and Humidity Sensor', '1'],
        ['U1', 'Main Processor', '1'],
      ]),
      tableDoc('signals.csv', [
        ['Signal', 'Source', 'Destination'],
        ['Air Temperature', 'Temperature and Humidity Sensor', 'Main Processor'],
      ]),
    );
    expect(rels(m)).toContain('temperature and humidity sensor PROVIDES air temperature');
    expect(m.entities.some((e) => e.key === 'humidity sensor')).toBe(false);
  });

  it('takes the single line at the top level as the product whatever number the top level has', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Level', 'Description', 'Ref Des', 'Qty'],
        ['1', 'Buoy', '', '1'],
        ['2', 'Float Assembly', '', '1'],
        ['3', 'Beacon Light', 'DS1', '1'],
      ]),
    );
    expect(typeOf(m, 'buoy')).toBe('SYSTEM');
    expect(rels(m)).toContain('float assembly CONTAINS beacon light');
  });

  it('reads spaced dot indents where the level column is left blank', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Level', 'Description', 'Ref Des', 'Qty'],
        ['0', 'Buoy', '', '1'],
        ['', '. Float Assembly', '', '1'],
        ['', '. . Beacon Light', 'DS1', '1'],
        ['', '. Mooring Kit', '', '1'],
      ]),
    );
    expect(typeOf(m, 'buoy')).toBe('SYSTEM');
    expect(rels(m)).toEqual(
      [
        'buoy CONTAINS float assembly',
        'float assembly CONTAINS beacon light',
        'buoy CONTAINS mooring kit',
      ].sort(),
    );
  });
});
