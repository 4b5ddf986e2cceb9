// "-12V Rail" is another rail than "12V Rail", and "the -12V Inverter (U9)" is the BOM's -12V Inverter:
// the minus sign was read as punctuation, which merged the two rails and made prose name an "Inverter".
import { describe, expect, it } from 'vitest';
import { normaliseName } from './normalise.js';
import { model, proseDoc, rels, tableDoc } from './test-helpers.js';

describe('a negative rail', () => {
  it('does not normalise to the positive rail', () => {
    expect(normaliseName('-12V Rail')).not.toBe(normaliseName('12V Rail'));
    expect(normaliseName('-12V')).not.toBe(normaliseName('+12V'));
    // A hyphen inside a name is still punctuation.
    expect(normaliseName('RS-485 Transceiver')).toBe(normaliseName('RS 485 Transceiver'));
  });
  it('keeps its sign in prose and meets its part by designator', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Ref Des', 'Description', 'Qty'],
        ['U9', '-12V Inverter', '1'],
        ['U7', '12V Regulator', '1'],
      ]),
      proseDoc(
        'design.md',
        'The -12V Inverter (U9) generates the -12V Rail from the 12V Rail; the -12V Rail supplies the Pilot Generator.',
      ),
    );
    const names = m.entities.map((e) => e.name);
    expect(names).not.toContain('Inverter');
    expect(names).not.toContain('12V Inverter');
    const rails = m.entities.filter((e) => e.entityType === 'RESOURCE').map((e) => e.name);
    expect(rails).toEqual(expect.arrayContaining(['-12V Rail', '12V Rail']));
    expect(rels(m)).toContain('minus12v inverter CONSUMES 12v rail');
  });
});
