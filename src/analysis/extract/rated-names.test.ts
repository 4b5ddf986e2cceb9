// A BOM description with the part's ratings appended ("IGBT Power Module 750V 380A") is the part the
// design description names without them, when it alone claims that name.
import { describe, expect, it } from 'vitest';
import { withoutDeviceKind, withoutRatings } from './rated-names.js';
import { model, proseDoc, tableDoc } from './test-helpers.js';

describe('part names with ratings appended', () => {
  it('drop values with units, ingress codes and a type acronym after them', () => {
    expect(withoutRatings('IGBT Power Module 750V 380A')).toBe('IGBT Power Module');
    expect(withoutRatings('Propulsion Motor 120 kW PMSM')).toBe('Propulsion Motor');
    expect(withoutRatings('Controller Enclosure IP66')).toBe('Controller Enclosure');
    expect(withoutRatings('Touchscreen Module 15.6in')).toBe('Touchscreen Module');
    expect(withoutRatings('Display Panel 7"')).toBe('Display Panel');
    expect(withoutRatings('Safety MCU')).toBeUndefined();
    expect(withoutRatings('Capacitor 10uF')).toBeUndefined();
  });

  it('are the part named without them', () => {
    const m = model(
      tableDoc('bom.xlsx', [
        ['Item', 'Description', 'Ref Des', 'Qty'],
        ['1', 'Inverter Assembly', 'A2', '1'],
        ['2', 'IGBT Power Module 750V 380A', 'Q1', '1'],
      ]),
      proseDoc('design.docx', 'The Inverter Assembly contains the IGBT Power Module.'),
    );
    const parts = m.entities.filter((e) => /igbt/i.test(e.name));
    expect(parts.map((e) => e.name)).toEqual(['IGBT Power Module']);
    expect(parts[0]!.aliases).toContain('IGBT Power Module 750V 380A');
  });

  it('leave two rated lines that share a name apart', () => {
    const m = model(
      tableDoc('bom.xlsx', [
        ['Item', 'Description', 'Ref Des', 'Qty'],
        ['1', 'Buck Converter 5V', 'U1', '1'],
        ['2', 'Buck Converter 12V', 'U2', '1'],
      ]),
      proseDoc('design.docx', 'The Buck Converter feeds the board.'),
    );
    expect(m.entities.filter((e) => /buck/i.test(e.name)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('part names with the device kind appended', () => {
  it('drop a device kind after a role noun', () => {
    expect(withoutDeviceKind('Alarm Buzzer Driver MOSFET')).toBe('Alarm Buzzer Driver');
    expect(withoutDeviceKind('Heater Switch Transistor')).toBe('Heater Switch');
    expect(withoutDeviceKind('Power MOSFET')).toBeUndefined();
    expect(withoutDeviceKind('Gate Drive MOSFET')).toBeUndefined();
  });

  it('are the part named by its role', () => {
    const m = model(
      tableDoc('bom.xlsx', [
        ['Item', 'Description', 'Ref Des', 'Qty'],
        ['1', 'Alarm Buzzer Driver MOSFET', 'Q1', '1'],
        ['2', 'Safety MCU', 'U2', '1'],
      ]),
      proseDoc('design.docx', 'The Safety MCU drives the Alarm Buzzer Driver.'),
    );
    expect(m.entities.filter((e) => /buzzer/i.test(e.name)).map((e) => e.name)).toEqual([
      'Alarm Buzzer Driver',
    ]);
  });
});
