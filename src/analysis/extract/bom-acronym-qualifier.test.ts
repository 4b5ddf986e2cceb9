// "Blower, BLDC" reads "BLDC Blower", and the design description calls the product's only blower
// "the Blower": with no other line starting with the noun, the bare noun names the line too.
import { describe, expect, it } from 'vitest';
import { acronymQualifiedHead } from './bom-heads.js';
import { model, proseDoc, tableDoc } from './test-helpers.js';

describe('a one-word noun qualified by an acronym', () => {
  it('is a name of its line when no other line shares the noun', () => {
    expect(acronymQualifiedHead('Blower, BLDC', true)).toBe('Blower');
    expect(acronymQualifiedHead('Blower, BLDC', false)).toBeUndefined();
    expect(acronymQualifiedHead('Pump, Coolant', true)).toBeUndefined();
    expect(acronymQualifiedHead('Capacitor, 100 nF', true)).toBeUndefined();
  });

  it('meets the bare noun in prose', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Level', 'Part No.', 'Description', 'Qty', 'Ref Des'],
        ['0', 'P-100', 'Pump Station', '1', ''],
        ['1', 'P-110', 'Blower, BLDC', '1', 'M1'],
        ['1', 'P-120', 'Motor Driver', '1', 'U3'],
      ]),
      proseDoc('dd.txt', 'The Motor Driver drives the Blower.'),
    );
    expect(m.entities.filter((e) => /blower/i.test(e.name))).toHaveLength(1);
  });
});
