// A name made of another thing's name and one of its codes ("IF-01 HMI Serial Link", "Solenoid Valve
// YV1") is that thing, when the code and the words already name the same entity.
import { describe, expect, it } from 'vitest';
import { codeAndWords } from './joins-coded-names.js';
import { model, tableDoc } from './test-helpers.js';

describe('a name with a code before or after it', () => {
  it('splits off a leading or trailing code word', () => {
    expect(codeAndWords('IF-01 HMI Serial Link')).toEqual({ code: 'IF-01', words: 'HMI Serial Link' });
    expect(codeAndWords('Solenoid Valve YV1')).toEqual({ code: 'YV1', words: 'Solenoid Valve' });
    expect(codeAndWords('Main MCU')).toBeUndefined();
    expect(codeAndWords('YV1')).toBeUndefined();
  });

  const bom = tableDoc('bom.csv', [
    ['Ref Des', 'Description', 'Qty'],
    ['YV1-YV4', 'Solenoid Valve', '4'],
    ['U2', 'RS-485 Transceiver', '1'],
  ]);
  const icd = tableDoc('icd.csv', [
    ['ID', 'Interface', 'Side A', 'Side B'],
    ['IF-01', 'HMI Serial Link', 'Control Board', 'HMI Panel'],
  ]);
  const far = tableDoc('pins.csv', [
    ['Connector', 'Pin', 'Signal', 'Direction', 'From', 'To'],
    ['J2', '1', 'VALVE1', 'OUT', 'Controller Board', 'Solenoid Valve YV1'],
    ['J3', '1', 'TXD', 'OUT', 'Control Board', 'IF-01 HMI Serial Link'],
    ['J3', '2', 'LOCK', 'OUT', 'Control Board', 'Lock Valve YV9'],
  ]);
  const m = model(bom, icd, far);
  const names = m.entities.map((e) => e.name);

  it('is the thing both halves name', () => {
    expect(names).not.toContain('Solenoid Valve YV1');
    expect(names).not.toContain('IF-01 HMI Serial Link');
    expect(names).toEqual(expect.arrayContaining(['Solenoid Valve', 'HMI Serial Link']));
  });
  it('stays a thing of its own when only one half is known', () => {
    expect(names).toContain('Lock Valve YV9');
    expect(names).toContain('RS-485 Transceiver');
  });
});
