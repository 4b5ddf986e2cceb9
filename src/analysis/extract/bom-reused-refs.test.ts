// A multi-level BOM of two boards that both number their parts from U1: the designator names a part
// on each board, so it must not make the two boards' parts one.
import { describe, expect, it } from 'vitest';
import { model, tableDoc } from './test-helpers.js';

const bom = () =>
  model(
    tableDoc('bom.csv', [
      ['Level', 'Item Number', 'Description', 'Qty', 'Reference Designators', 'Manufacturer PN'],
      ['0', 'P-100', 'Radio Unit', '1', '', 'P-100'],
      ['1', 'P-110', 'Digital Board', '1', 'A1', 'P-110'],
      ['2', 'P-111', 'Processor', '1', 'U1', 'XC7Z020'],
      ['2', 'P-112', 'Memory', '2', 'U2, U3', 'MT41K256'],
      ['2', 'P-113', 'Sensor', '1', 'U7', 'TMP117'],
      ['1', 'P-120', 'RF Board', '1', 'A2', 'P-120'],
      ['2', 'P-121', 'Transceiver', '2', 'U1, U2', 'AD9361'],
      ['2', 'P-122', 'Amplifiers', '4', 'U3-U6', 'QPA9510'],
      ['1', 'P-130', 'Power Supply', '1', 'PS1', 'P-130'],
      ['2', 'P-131', 'Converter', '1', 'PS1', 'DCM3623'],
    ]),
  );

describe('designators reused on two boards of one BOM', () => {
  it('keeps each board its own parts', () => {
    const keys = bom().entities.map((e) => e.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'processor',
        'memory',
        'transceiver',
        'amplifier',
        'power supply',
        'converter',
      ]),
    );
  });

  it('leaves a designator only one line carries as its identity', () => {
    const sensor = bom().entities.find((e) => e.key === 'sensor');
    expect(sensor?.aliases).toContain('U7');
    expect(sensor?.externalId).toBe('U7');
  });
});
