// An ICD's table of discrete and power lines: "Line" names the signal, "Driven by" is the end that
// provides it and "Received by" the end that takes it.
import { describe, expect, it } from 'vitest';
import { roleOf } from './columns.js';
import { model, rels, tableDoc } from './test-helpers.js';

describe('line tables', () => {
  it('reads Line, Driven by and Received by as signal, source and destination', () => {
    expect(roleOf('Line')).toBe('signal');
    expect(roleOf('Driven by')).toBe('endA');
    expect(roleOf('Received by')).toBe('endB');
    // A header that only starts like one is not one.
    expect(roleOf('Line item')).toBeUndefined();
    expect(roleOf('Driven')).toBeUndefined();
  });

  it('makes the driver provide the line and the receiver consume it', () => {
    const m = model(
      tableDoc('icd.docx', [
        ['Line', 'Kind', 'Driven by', 'Received by', 'Connector / pin'],
        ['PUMP_EN', 'digital 3.3 V', 'Pump Controller', 'Pump Driver', 'J3-3'],
      ]),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining(['pump controller PROVIDES pump en', 'pump driver CONSUMES pump en']),
    );
    expect(rels(m)).not.toContain('pump driver PROVIDES pump en');
  });
});
