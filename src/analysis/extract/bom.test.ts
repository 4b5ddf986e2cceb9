// BOM levels in their different spellings, the product line, and the notes block under a BOM.
import { describe, expect, it } from 'vitest';
import { parseLevel } from './bom.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('BOM levels', () => {
  it('reads SAP dotted levels, plain numbers and dot runs', () => {
    expect(parseLevel('0')).toBe(0);
    expect(parseLevel('.1')).toBe(1);
    expect(parseLevel('..2')).toBe(2);
    expect(parseLevel('...')).toBe(3);
    expect(parseLevel('Widget')).toBeUndefined();
    expect(parseLevel('')).toBeUndefined();
  });

  it('nests dotted lines under the nearest lower level, with level 0 as the product', () => {
    const m = model(
      tableDoc('pl.csv', [
        ['ACME PARTS LIST', '', '', ''],
        ['Item No.', 'Level', 'Part Number', 'Description', 'Ref Designators'],
        ['1', '0', 'W-100', 'Weather Station', ''],
        ['2', '.1', 'W-110', 'Sensor Head', ''],
        ['3', '..2', 'HX-1', 'Humidity Probe', 'U7'],
        ['4', '.1', 'W-120', 'Mast Kit', ''],
        ['5', '..2', 'BR-2', 'Mast Bracket', ''],
        ['', '', '', '', ''],
        ['Notes:', '', '', '', ''],
        ['1) Level dots give the explosion level.', '', '', '', ''],
      ]),
    );
    expect(typeOf(m, 'weather station')).toBe('SYSTEM');
    expect(typeOf(m, 'sensor head')).toBe('SUBSYSTEM');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'weather station CONTAINS sensor head',
        'sensor head CONTAINS humidity probe',
        'mast kit CONTAINS mast bracket',
      ]),
    );
    expect(m.entities.map((e) => e.name).join(' ')).not.toMatch(/Level dots|Notes/);
  });

  it('names a line without a description by its designators, and skips NOTE rows', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Item', 'Lvl', 'Ref Des', 'Description', 'Mfr P/N'],
        ['1', '1', '', 'Logic Card', 'LC-1'],
        ['2', '2', 'C1-C9', '', 'CAP-0402'],
        ['NOTE 1: capacitors are 100 nF.', '', '', '', ''],
      ]),
    );
    expect(typeOf(m, 'c1 c9')).toBe('COMPONENT');
    expect(rels(m)).toContain('logic card CONTAINS c1 c9');
    expect(m.entities).toHaveLength(2);
  });
});
