// ICD tables written as prose reads: "Between | And" are an interface's two ends, "IF No." its id; a
// power table's "Users" are the supply's consumers; a source "by installer" or described in lower case
// ("vessel DC panel") is outside what the documents describe.
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc } from './test-helpers.js';

describe('an interface list with Between and And columns', () => {
  const m = model(
    tableDoc('icd.pdf', [
      ['IF No.', 'Interface Name', 'Medium', 'Between', 'And', 'Conn.'],
      [
        'IF-01',
        'Wheel Sensor Interface',
        '2-wire current loop',
        'Wheel Sensor Unit',
        'Evaluator Board',
        'J2, J3',
      ],
      ['IF-02', 'Interlocking Interface', 'Vital relay contacts', 'Evaluator Board', 'Interlocking', 'J4'],
    ]),
  );
  it('reads the two columns as the two ends and the number as the id', () => {
    expect(m.entities.find((e) => e.name === 'Wheel Sensor Interface')?.aliases).toContain('IF-01');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'wheel sensor interface CONNECTS wheel sensor unit',
        'evaluator board CONNECTS wheel sensor interface',
        'interlocking CONNECTS interlocking interface',
      ]),
    );
  });
});

describe('a power table with Users and sources outside the scope', () => {
  const m = model(
    tableDoc('power.docx', [
      ['Supply', 'Nominal', 'Source', 'Users', 'Conn.'],
      ['110 VDC Supply', '77-137 V', 'station supply, by others', 'Power Supply Unit', 'X1'],
      ['12V Ship Supply', '12 V', 'vessel DC panel (by installer)', 'Buck Converter', 'J1'],
    ]),
  );
  it('reads the users as consumers', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'power supply unit CONSUMES 110 vdc supply',
        'buck converter CONSUMES 12v ship supply',
      ]),
    );
  });
  it('proposes no source that is by others, by the installer or described in lower case', () => {
    const names = m.entities.map((e) => e.name.toLowerCase());
    expect(names.filter((n) => /station|others|vessel|installer/.test(n))).toEqual([]);
  });
});

describe('an end described in sentence case', () => {
  it('is where a supply comes from, not a unit', () => {
    const m = model(
      tableDoc('signals.md', [
        ['Signal', 'Source', 'Destination'],
        ['-48V DC Input', 'Site DC plant', 'Radio Unit'],
        ['Mains Supply', 'Mains inlet (cabinet wiring)', 'Control Board'],
        ['Alarm Relay', 'Control Board', 'Building Management System'],
      ]),
    );
    const names = m.entities.map((e) => e.name);
    expect(names).not.toContain('Site DC plant');
    expect(names).not.toContain('Mains inlet (cabinet wiring)');
    expect(names).toContain('Building Management System');
  });
});
