// Indented BOMs whose only level is the leading spaces of the description cell.
import { describe, expect, it } from 'vitest';
import { spaceIndentLevels } from './bom-indent.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('BOM levels from leading spaces', () => {
  it('reads the indent in units of the smallest step', () => {
    expect(spaceIndentLevels(['Pump', '  Motor', '    Rotor', '  Housing'])).toEqual([0, 1, 2, 1]);
  });

  it('does not read a structure into one stray leading space or a flat list', () => {
    expect(spaceIndentLevels(['Pump', ' Motor', 'Housing'])).toBeUndefined();
    expect(spaceIndentLevels(['Pump', 'Motor', 'Housing'])).toBeUndefined();
  });

  it('nests the lines under the line above them one indent less', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['ACME', '', '', '', ''],
        ['FIND NO', 'PART NUMBER', 'DESCRIPTION', 'QTY', 'REF DES'],
        ['1', 'W-100', 'Weather Station', '1', ''],
        ['2', 'W-110', '  Sensor Head', '1', ''],
        ['3', 'HX-1', '    Humidity Probe', '1', 'U7'],
        ['4', 'W-120', '  Mast Bracket', '1', ''],
      ]),
    );
    expect(typeOf(m, 'weather station')).toBe('SYSTEM');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'weather station CONTAINS sensor head',
        'sensor head CONTAINS humidity probe',
        'weather station CONTAINS mast bracket',
      ]),
    );
    expect(rels(m)).not.toContain('sensor head CONTAINS mast bracket');
  });
});
