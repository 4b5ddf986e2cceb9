// An industrial BOM names its parts by device tag (IEC 81346 "-A1", "-Q1, -Q2") in a "Device Tag"
// column. Unread, the lines had no designators, so two connectors sharing a part number merged and
// the netlist's J2 never met its BOM line.
import { describe, expect, it } from 'vitest';
import { findHeader } from './columns.js';
import { model, tableDoc } from './test-helpers.js';

const rows = [
  ['Level', 'Find No.', 'Kelso P/N', 'Description', 'Device Tag', 'Qty'],
  ['0', '', 'KCV-4000', 'Conveyor Cabinet', '', '1'],
  ['.1', '10', 'KCV-4110', 'PLC CPU', '-A1', '1'],
  ['.1', '20', 'KCV-4120', 'Motor Protection Breaker', '-Q1, -Q2', '2'],
  ['.1', '30', 'KCV-4211', 'Photo-Eye Connector', 'J2', '1'],
  ['.1', '40', 'KCV-4211', 'Encoder Connector', 'J3', '1'],
];

describe('a BOM with a device tag column', () => {
  it('reads the device tags as designators', () => {
    expect(findHeader(rows)?.columns.get('refdes')).toBe(4);
  });
  it('keeps lines that share a part number apart and gives each its tags', () => {
    const m = model(tableDoc('bom.csv', rows));
    const photo = m.entities.find((e) => e.name === 'Photo-Eye Connector');
    expect(photo?.aliases).toContain('J2');
    expect(photo?.aliases).not.toContain('Encoder Connector');
    expect(m.entities.find((e) => e.name === 'Motor Protection Breaker')?.aliases).toEqual(
      expect.arrayContaining(['-Q1', '-Q2']),
    );
  });
});
