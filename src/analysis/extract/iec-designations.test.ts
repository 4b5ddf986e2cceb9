// Industrial documents name parts by IEC 81346 designations ("-A1", "-K1", "-Q1, -Q2") in brackets after
// the name, and list several ends in one cell ("E-Stop Button (-S1, -S2), Safety Relay (-K1)"). The
// bracket is where the name ends, and its commas do not end a list item.
import { describe, expect, it } from 'vitest';
import { splitList } from './columns.js';
import { model, rels, tableDoc } from './test-helpers.js';

describe('ends named with IEC designations', () => {
  it('keeps a bracketed list with the name before it', () => {
    expect(splitList('E-Stop Button (-S1, -S2), Safety Relay (-K1)')).toEqual([
      'E-Stop Button (-S1, -S2)',
      'Safety Relay (-K1)',
    ]);
    expect(splitList('Flow Meter, Pressure Transducer')).toEqual(['Flow Meter', 'Pressure Transducer']);
  });

  it('meets the BOM line by its name, not as a new part named with the designation', () => {
    const m = model(
      tableDoc('bom.csv', [
        ['Level', 'Tag', 'Description', 'Qty'],
        ['1', '-A1', 'PLC CPU', '1'],
        ['1', '-S1, -S2', 'E-Stop Button', '2'],
        ['1', '-K1', 'Safety Relay', '1'],
      ]),
      tableDoc('signals.csv', [
        ['Signal', 'Source', 'Destination'],
        ['E-Stop Loop', 'E-Stop Button (-S1, -S2)', 'Safety Relay (-K1)'],
        ['Safety Feedback', 'Safety Relay (-K1)', 'PLC CPU (-A1)'],
      ]),
    );
    const names = m.entities.map((e) => e.name);
    for (const junk of ['PLC CPU (-A1)', 'Safety Relay (-K1)', 'E-Stop Button (-S1', '-S2)'])
      expect(names).not.toContain(junk);
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'e stop button PROVIDES e stop loop',
        'safety relay CONSUMES e stop loop',
        'plc cpu CONSUMES safety feedback',
      ]),
    );
  });
});

describe('a list cell a PDF wrapped after a designator', () => {
  it('ends a list item at the designator', () => {
    expect(splitList('Main Contactor (K1), Energy Meter (PM1) Electric Vehicle')).toEqual([
      'Main Contactor (K1)',
      'Energy Meter (PM1)',
      'Electric Vehicle',
    ]);
    expect(splitList('Battery Pack (BT1)')).toEqual(['Battery Pack (BT1)']);
  });
});
