// Indented BOMs whose only level is the leading spaces of the description cell.
import { describe, expect, it } from 'vitest';
import { dottedCode, dottedCodeColumn, spaceIndentLevels } from './bom-indent.js';
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

describe('BOM levels from dots in front of the item number', () => {
  it('finds the column and reads one dot per level', () => {
    const rows = [
      ['SS-100', 'Sterilizer'],
      ['.SS-110', 'Controller'],
      ['..SS-111', 'MCU'],
      ['.SS-190', 'Enclosure'],
    ];
    expect(dottedCodeColumn(rows)).toBe(0);
    expect(dottedCode('..SS-111')).toEqual({ level: 2, code: 'SS-111' });
    expect(dottedCodeColumn([['SS-100'], ['SS-110'], ['.SS-111']])).toBeUndefined();
  });

  it('nests the lines under the line above them one dot less, and keeps the number without dots', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Item Number', 'Rev', 'Item Name', 'Qty', 'Ref Des'],
        ['SS-100', 'C', 'Sterilizer', '1', ''],
        ['.SS-110', 'C', 'Controller Board', '1', 'A1'],
        ['..SS-111', 'A', 'Main MCU', '1', 'U1'],
        ['..SS-119', 'A', 'Controller PCB', '1', ''],
        ['.SS-190', 'B', 'Enclosure', '1', ''],
      ]),
    );
    expect(typeOf(m, 'sterilizer')).toBe('SYSTEM');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'sterilizer CONTAINS controller board',
        'controller board CONTAINS main mcu',
        'controller board CONTAINS controller pcb',
        'sterilizer CONTAINS enclosure',
      ]),
    );
    expect(rels(m)).not.toContain('controller board CONTAINS enclosure');
    const aliases = m.entities.flatMap((e) => e.aliases);
    expect(aliases.filter((a) => a.startsWith('.'))).toEqual([]);
  });
});
