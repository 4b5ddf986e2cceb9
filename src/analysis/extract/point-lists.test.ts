// A building-automation or SCADA data-point list ("Point Name | Protocol Address | Producer |
// Consumer") is a signal list: each point is an item its producer provides and its consumer uses.
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('data-point lists', () => {
  it('reads each point as a signal between its producer and consumer', () => {
    const m = model(
      tableDoc('points.csv', [
        ['Interface', 'Point Name', 'Protocol Address', 'Access', 'Producer', 'Consumer'],
        ['IF-01 Plant Link', 'Boiler Setpoint', 'HR 40001', 'RW', 'Plant Controller', 'Boiler Unit'],
        ['IF-01 Plant Link', 'Supply Water Temperature', 'IR 30002', 'R', 'Boiler Unit', 'Plant Controller'],
      ]),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'plant controller PROVIDES boiler setpoint',
        'boiler unit CONSUMES boiler setpoint',
        'boiler unit PROVIDES supply water temperature',
      ]),
    );
    // A reading named after a supply is still a reading.
    expect(typeOf(m, 'supply water temperature')).toBe('SIGNAL');
  });
});
