// "the DC-DC Converter (U5)" where the BOM's line is "DC-DC Converter 24V/5V": a capitalised name before
// a designator the other documents give is that part's name in the prose; a unit's name before its
// connector's designator ("Sonar Electronics Board (J1)") is not the connector's.
import { describe, expect, it } from 'vitest';
import { model, proseDoc, tableDoc } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['Ref Des', 'Description', 'Qty'],
  ['U5', 'DC-DC Converter 24V/5V', '1'],
  ['J1', 'Tow Connector', '1'],
]);

describe('a capitalised name before a known designator', () => {
  it('is another name of that part', () => {
    const m = model(
      bom,
      proseDoc('design.md', 'On the Evaluator Board the DC-DC Converter (U5) is fed from the 24V Rail.'),
    );
    expect(m.entities.filter((e) => /DC-DC Converter/.test(e.name))).toHaveLength(1);
    expect(m.entities.find((e) => e.name === 'DC-DC Converter 24V/5V')?.aliases).toContain('DC-DC Converter');
  });

  it('is not the connector it is reached at', () => {
    const m = model(bom, proseDoc('icd.md', 'End B is the Sonar Electronics Board (J1).'));
    expect(m.entities.find((e) => e.name === 'Tow Connector')?.aliases ?? []).not.toContain(
      'Sonar Electronics Board',
    );
  });
});
