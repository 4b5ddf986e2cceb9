// A data dictionary keyed by topic tags ("lock/cmd/unlock") names each item in its Description
// column; Publisher and Subscribers are its ends. The same item may be listed twice, from two sources.
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('a data dictionary keyed by tags', () => {
  const m = model(
    tableDoc('dd.xlsx', [
      ['Locker data dictionary', 'DD-2400 rev A'],
      [],
      ['Tag', 'Description', 'Type', 'Interface', 'Publisher', 'Subscribers', 'Update'],
      ['lock/cmd/unlock', 'Unlock Command', 'uint8', 'Lock Bus', 'Main Processor', 'Lock Driver', 'event'],
      ['lock/door/state', 'Door State', 'bitfield', 'Lock Bus', 'Lock Driver', 'Main Processor', '500 ms'],
      ['lock/sensor', 'Door State', 'reed contact', '-', 'Door Sensor', 'Lock Driver', 'continuous'],
    ]),
  );
  it('reads the description as the item, the publisher providing and the subscribers consuming it', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'main processor PROVIDES unlock command',
        'lock driver CONSUMES unlock command',
        'lock driver PROVIDES door state',
        'door sensor PROVIDES door state',
        'lock driver CONSUMES door state',
        'main processor CONSUMES door state',
      ]),
    );
    expect(typeOf(m, 'door state')).toBe('SIGNAL');
  });
  it('proposes no tag and no dash as a thing', () => {
    const names = m.entities.map((e) => e.name);
    expect(names).not.toContain('lock/cmd/unlock');
    expect(names).not.toContain('-');
  });
});

describe('a hardwired line in a data-item list', () => {
  const m = model(
    tableDoc('register.pdf', [
      ['Data item', 'Carried on', 'Direction', 'Rate'],
      ['Scanned Code', 'discrete (J4)', 'Barcode Scanner (A2) -> Locker Controller', 'per scan'],
    ]),
  );
  it('names no interface, and puts the connector in brackets on the item', () => {
    expect(m.entities.map((e) => e.name)).not.toContain('discrete (J4)');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'barcode scanner PROVIDES scanned code',
        'locker controller CONSUMES scanned code',
        'j4 CONNECTS scanned code',
      ]),
    );
  });
});

describe('a power budget row for a set of loads', () => {
  const m = model(
    tableDoc('power.xlsx', [
      ['Rail', 'Nominal', 'Source', 'Load', 'Current (mA)'],
      ['12V Bus', '12 V DC', 'Power Supply (PS1)', 'Locker Controller', '450'],
      ['12V Bus', '12 V DC', 'Backup Battery (BT1)', 'all 12V Bus loads on mains failure', '-'],
    ]),
  );
  it('reads a load written as a phrase as no unit', () => {
    expect(m.entities.map((e) => e.name)).not.toContain('all 12V Bus loads on mains failure');
    expect(rels(m)).toEqual(
      expect.arrayContaining(['backup battery PROVIDES 12v bus', 'locker controller CONSUMES 12v bus']),
    );
  });
});
