// N² charts in the diagonal form: no header, elements on the diagonal, several items per cell.
import { describe, expect, it } from 'vitest';
import { findDiagonalN2 } from './n2.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('diagonal N² chart', () => {
  const rows = [
    ['Harbour crane N2 chart (rev A)', '', ''],
    ['', '', ''],
    ['Hoist Drive', 'Rope Tension; Hook Load', ''],
    ['Brake Command', 'Load Cell Unit', 'Traction Power'],
    ['', '', 'Cabin Console'],
  ];

  it('reads what each row sends to each column, item by item', () => {
    const m = model(tableDoc('n2.csv', rows));
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'hoist drive PROVIDES rope tension',
        'load cell unit CONSUMES rope tension',
        'hoist drive PROVIDES hook load',
        'load cell unit PROVIDES brake command',
        'hoist drive CONSUMES brake command',
        'load cell unit PROVIDES traction power',
        'cabin console CONSUMES traction power',
      ]),
    );
    expect(typeOf(m, 'traction power')).toBe('RESOURCE');
    expect(typeOf(m, 'rope tension')).toBe('SIGNAL');
  });

  it('does not take a dense list or a table with a header for a chart', () => {
    expect(findDiagonalN2(rows)?.start).toBe(2);
    const dense = [
      ['Alpha', 'Beta', 'Gamma'],
      ['Delta', 'Epsilon', 'Zeta'],
      ['Eta', 'Theta', 'Iota'],
    ];
    expect(findDiagonalN2(dense)).toBeUndefined();
    const header = [
      ['RefDes', 'Description', 'Qty'],
      ['U1', 'Pump', ''],
      ['', 'Valve', '2'],
    ];
    expect(findDiagonalN2(header)).toBeUndefined();
  });
});
