// A board's flat ECAD BOM ("vrw-45100-wde-bom.csv") belongs to the assembly line another BOM gives that
// number ("VRW-45100 Wheel Drive Electronics"): its lines are that board's parts.
import { describe, expect, it } from 'vitest';
import { codesInFileName } from './bom-owner.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

const assembly = tableDoc('vrw-45000-assembly-bom.xlsx', [
  ['Level', 'Item Number', 'Description', 'Qty'],
  ['0', 'VRW-45000', 'Reaction Wheel Assembly', '1'],
  ['1', 'VRW-45100', 'Wheel Drive Electronics', '1'],
  ['1', 'VRW-45200', 'Wheel Mechanism', '1'],
]);
const board = (name: string) =>
  tableDoc(name, [
    ['Comment', 'Description', 'Designator', 'Quantity'],
    ['VA41630', 'Wheel Control MCU - Arm Cortex-M4', 'U1', '1'],
    ['DRV8323RH', 'Three-Phase Gate Driver - 60 V', 'U5', '1'],
  ]);

describe('a flat board BOM', () => {
  it('finds item numbers in a file name', () => {
    expect(codesInFileName('vrw-45100-wde-bom.csv')).toEqual(['vrw-45100']);
    expect(codesInFileName('bom.csv')).toEqual([]);
  });
  it('makes its lines the parts of the assembly its file name numbers', () => {
    const m = model(assembly, board('vrw-45100-wde-bom.csv'));
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'wheel drive electronic CONTAINS wheel control mcu',
        'wheel drive electronic CONTAINS three phase gate driver',
      ]),
    );
    expect(typeOf(m, 'wheel drive electronic')).toBe('SUBSYSTEM');
  });
  it('leaves the lines alone when no other document names the number', () => {
    const m = model(assembly, board('vrw-47100-bom.csv'));
    expect(rels(m).filter((r) => r.endsWith('CONTAINS wheel control mcu'))).toEqual([]);
  });
});
