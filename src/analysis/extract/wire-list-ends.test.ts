// A Markdown harness wire list: "From (unit / pin)" and "To (unit / pin)" columns whose cells name the
// unit before the slash and its pins after it, pair halves as signal names ("Drum Position A+",
// "Winch Drive Link TX-"), and a power sheet whose loads are joined by "+".
import { describe, expect, it } from 'vitest';
import { roleOf } from './columns.js';
import { pairHalfOf } from './unit-pin-ends.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('a header with a bracket saying how its cells are written', () => {
  it('takes its role from the words before the bracket', () => {
    expect(roleOf('From (unit / pin)')).toBe('endA');
    expect(roleOf('To (unit / pin)')).toBe('endB');
  });
  it('keeps a bracket that is part of a known header', () => {
    expect(roleOf('Net (pins)')).toBe('net');
    expect(roleOf('Power (W)')).toBe('power');
  });
});

describe('a wire list with unit / pin ends', () => {
  const m = model(
    tableDoc('harness.md', [
      ['Wire', 'Signal', 'Net', 'From (unit / pin)', 'To (unit / pin)', 'Conductor'],
      ['W-205', 'Drum Position A+', 'ENC_A_P', 'Drum Encoder / B1-3', 'Pod Board / J2-5', 'TP'],
      ['W-206', 'Drum Position A-', 'ENC_A_N', 'Drum Encoder / B1-4', 'Pod Board / J2-6', 'TP'],
      ['W-301', '12V Rail', '+12V', 'Pod Board / J3-1', 'Sensor Package / B2-1, LS1-1', 'red'],
      ['W-201', 'Winch Drive Link TX+', 'RS422_TXP', 'Pod Board / J2-1', 'Winch Drive / X10-1', 'TP'],
    ]),
  );
  const r = rels(m);
  it('relates the units, not their pins', () => {
    expect(r).toContain('drum encoder PROVIDES drum position');
    expect(r).toContain('pod board CONSUMES drum position');
    expect(r).toContain('sensor package CONSUMES 12v rail');
    expect(typeOf(m, 'b1 3')).toBeUndefined();
    expect(typeOf(m, 'j2 5')).toBeUndefined();
  });
  it('reads the halves of a pair as the one item they carry', () => {
    expect(typeOf(m, 'drum position')).toBe('SIGNAL');
    expect(m.entities.some((e) => /a[+-]$/i.test(e.name))).toBe(false);
  });
  it('reads a half of a link as a wire of that interface, both ends on it', () => {
    expect(typeOf(m, 'winch drive link')).toBe('INTERFACE');
    expect(r).toContain('pod board CONNECTS winch drive link');
    expect(r).toContain('winch drive CONNECTS winch drive link');
    expect(r.some((x) => /winch drive link/.test(x) && /PROVIDES|CONSUMES/.test(x))).toBe(false);
  });
  it('leaves a sign that is part of a name alone', () => {
    expect(pairHalfOf('+24V')).toEqual({ whole: '+24V', link: false });
    expect(pairHalfOf('CAN-')).toEqual({ whole: 'CAN-', link: false });
    expect(pairHalfOf('Encoder B-')).toEqual({ whole: 'Encoder', link: false });
  });
  it('keeps a slash in an end column without the unit / pin bracket', () => {
    const t = model(
      tableDoc('icd.md', [
        ['Signal', 'From', 'To'],
        ['Alarm', 'Pod Board', 'Surface Unit / Winch Drive'],
      ]),
    );
    expect(rels(t)).toContain('winch drive CONSUMES alarm');
  });
});

describe('a power sheet whose loads are joined by a plus', () => {
  const m = model(
    tableDoc('icd.xlsx', [
      ['Supply', 'Level', 'From', 'To'],
      ['48V Pod Bus', '48 V DC', 'HV Converter (PS1)', 'Pod Board + Pod Light (LT1, LT2) + Winch Drive (A1)'],
    ]),
  );
  it('makes each load a consumer', () => {
    const r = rels(m);
    expect(r).toContain('pod board CONSUMES 48v pod bus');
    expect(r).toContain('pod light CONSUMES 48v pod bus');
    expect(r).toContain('winch drive CONSUMES 48v pod bus');
    expect(m.entities.some((e) => e.name.includes('+ '))).toBe(false);
  });
});
