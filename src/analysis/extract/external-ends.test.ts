// An ICD end no other document places (no parts, no container) is a party the product talks to.
import { describe, expect, it } from 'vitest';
import { model, tableDoc, typeOf } from './test-helpers.js';

describe('ends named only in interface tables', () => {
  it('are components when nothing contains them or is contained in them, subsystems when a BOM nests them', () => {
    const icd = tableDoc('icd.csv', [
      ['Interface', 'Protocol', 'End A', 'End B'],
      ['Plant Link', 'Modbus TCP', 'Kiln Cabinet', 'Plant DCS'],
    ]);
    const bom = tableDoc('bom.csv', [
      ['Level', 'Part Number', 'Description', 'Qty'],
      ['0', 'K-000', 'Kiln', '1'],
      ['1', 'K-100', 'Kiln Cabinet', '1'],
      ['2', 'K-110', 'Kiln Controller', '1'],
    ]);
    const m = model(icd, bom);
    expect(typeOf(m, 'plant dcs')).toBe('COMPONENT');
    expect(typeOf(m, 'kiln cabinet')).toBe('SUBSYSTEM');
  });
});
