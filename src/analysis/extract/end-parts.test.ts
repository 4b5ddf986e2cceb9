// An interface summary end "Unit (Part)" is both the unit the link reaches and the part it lands on.
import { describe, expect, it } from 'vitest';
import { unitAndPart } from './end-parts.js';
import { model, rels, tableDoc } from './test-helpers.js';

describe('a unit with its part in brackets as an interface end', () => {
  it('splits worded names only', () => {
    expect(unitAndPart('Inverter Assembly (Gate Driver Board)')).toEqual({
      unit: 'Inverter Assembly',
      part: 'Gate Driver Board',
    });
    expect(unitAndPart('Safety MCU (U1)')).toBeUndefined();
    expect(unitAndPart('Battery Pack (via J1)')).toBeUndefined();
    expect(unitAndPart('Electrical Power System (EPS)')).toBeUndefined();
  });

  it('connects the link to the unit and to the part, and names no third thing', () => {
    const m = model(
      tableDoc('icd.docx', [
        ['Interface ID', 'Interface Name', 'Type', 'End A', 'End B'],
        ['IF-02', 'Gate Drive Link', 'Digital', 'Control Board', 'Inverter Assembly (Gate Driver Board)'],
      ]),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'gate drive link CONNECTS inverter assembly',
        'gate drive link CONNECTS gate driver board',
      ]),
    );
    expect(m.entities.filter((e) => /\(/.test(e.name))).toEqual([]);
  });
});
