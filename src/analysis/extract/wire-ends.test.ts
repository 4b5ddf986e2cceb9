// External wiring lists: ends written as "unit-connector:pin" and "unit:pin", a Dir column seen from the
// unit whose connector the list gives. The pins are no entities; the units are the ends and the
// connector carries the net.
import { describe, expect, it } from 'vitest';
import { pinEnds, withWireEnds } from './wire-ends.js';
import { model, rels, tableDoc } from './test-helpers.js';

const header = ['Wire', 'From', 'To', 'Net', 'Dir'];

describe('wiring lists with pin ends', () => {
  it('reads unit, connector and pin from an end', () => {
    expect(pinEnds('A1-J2:1')).toEqual([{ unit: 'A1', connector: 'J2', pin: '1' }]);
    expect(pinEnds('S1:C, S2:C')).toEqual([
      { unit: 'S1', pin: 'C' },
      { unit: 'S2', pin: 'C' },
    ]);
    expect(pinEnds('A1-J2-3')).toEqual([{ unit: 'A1', connector: 'J2', pin: '3' }]);
    expect(pinEnds('A1/J2:3')).toEqual([{ unit: 'A1', connector: 'J2', pin: '3' }]);
    expect(pinEnds('Controller')).toBeUndefined();
    // A designator range is no pin end.
    expect(pinEnds('C1-C6')).toBeUndefined();
  });

  it('leaves a table whose ends are unit names alone', () => {
    expect(withWireEnds([header, ['1', 'Controller', 'Motor', 'PWM', 'OUT']])).toBeUndefined();
  });

  it('makes the units the ends by direction and the connector the way the net leaves', () => {
    const m = model(
      tableDoc('wiring.csv', [
        ['Unit', 'Name', 'Designator'],
        ['A1', 'Controller', 'A1'],
        ['S1', 'End Switch', 'S1'],
        ['J2', 'Switch Connector', 'J2'],
      ]),
      tableDoc('wires.csv', [
        header,
        ['1', 'A1-J2:1', 'S1:NO', 'END_STOP', 'IN'],
        ['2', 'A1-J2:2', 'S1:C', '+3V3', 'OUT'],
        ['3', 'A1-J2:3', '-', 'spare', '-'],
      ]),
    );
    const r = rels(m);
    // A rail's wire says where it goes, not that it powers the far end.
    expect(r).toEqual([
      '+3v3 CONNECTS switch connector',
      'controller CONSUMES end stop',
      'end stop CONNECTS switch connector',
      'end switch PROVIDES end stop',
    ]);
    expect(m.entities.some((e) => /:/.test(e.name))).toBe(false);
  });
});
