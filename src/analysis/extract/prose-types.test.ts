// What prose names are: energy by its kind, functions named with a particle, measured quantities; and
// how a directed statement wins over a bare connection of the same pair.
import { describe, expect, it } from 'vitest';
import { isExcludedName, typeFromName } from './prose-names.js';
import { model, proseDoc, rels, tableDoc } from './test-helpers.js';

describe('prose entity types', () => {
  it('types mains, DC links and measurements, and drops function names', () => {
    expect(typeFromName('Single-Phase Mains')).toBe('RESOURCE');
    // The mains where it enters the unit is still the mains; the part that takes it in is a part.
    expect(typeFromName('Mains Input')).toBe('RESOURCE');
    expect(typeFromName('230 VAC Mains Input')).toBe('RESOURCE');
    expect(typeFromName('Mains Input Filter')).toBe('COMPONENT');
    expect(typeFromName('HV Bus')).toBe('RESOURCE');
    expect(typeFromName('CAN Bus')).toBe('INTERFACE');
    expect(typeFromName('Coolant Temperature')).toBe('SIGNAL');
    expect(isExcludedName('Emergency Stop Off')).toBe(true);
    expect(isExcludedName('Power Up')).toBe(true);
  });

  it('keeps the longer capitalised name after a known one, and a direction over a bare connection', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['RefDes', 'Description', 'Qty'],
        ['U1', 'Gearbox', '1'],
        ['U2', 'Drive Computer', '1'],
      ]),
      tableDoc('signals.csv', [
        ['Signal', 'From', 'To'],
        ['Gearbox Temperature', 'Gearbox', 'Drive Computer'],
      ]),
      proseDoc('d.md', 'The Drive Computer is connected to the Gearbox Temperature line.'),
    );
    const r = rels(m);
    expect(r).toContain('drive computer CONSUMES gearbox temperature');
    expect(r).not.toContain('drive computer CONNECTS gearbox temperature');
  });
});
