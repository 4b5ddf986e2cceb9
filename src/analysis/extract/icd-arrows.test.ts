// ICD tables with an arrow Direction column, and pin lists written from the board's side.
import { describe, expect, it } from 'vitest';
import { splitArrow } from './icd-arrows.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

describe('arrow direction columns', () => {
  it('makes the arrow tail PROVIDE and the head CONSUME the item named in the first column', () => {
    const m = model(
      tableDoc('icd.md', [
        ['Telegram', 'Direction', 'Content', 'Cycle'],
        ['Gate Command', 'Site Server → Gate Controller', 'open, close', '100 ms'],
        ['Gate Status', 'Gate Controller -> Site Server', 'position', '100 ms'],
      ]),
    );
    expect(typeOf(m, 'gate command')).toBe('SIGNAL');
    expect(rels(m)).toEqual(
      [
        'site server PROVIDES gate command',
        'gate controller CONSUMES gate command',
        'gate controller PROVIDES gate status',
        'site server CONSUMES gate status',
      ].sort(),
    );
  });

  it('reads nothing from a two-way arrow or a direction column of words', () => {
    expect(splitArrow('Site Server ↔ Gate Controller')).toBeUndefined();
    const m = model(
      tableDoc('icd.md', [
        ['Telegram', 'Direction', 'Content'],
        ['Gate Command', 'inbound', 'open, close'],
        ['Gate Status', 'outbound', 'position'],
      ]),
    );
    expect(m.relationships).toEqual([]);
  });
});

describe('pin lists from the board side', () => {
  const rows = [
    ['Conn', 'Pin', 'Net', 'Dir (board view)', 'Remote unit', 'Function'],
    ['J1', '1', 'GATE_OPEN', 'IN', 'Key Switch', 'Open Request'],
    ['J1', '2', 'LAMP_ON', 'OUT', 'Warning Lamp', 'warning lamp drive'],
    ['J1', '3', 'GND', '-', '-', 'return'],
    ['J2', '1-2', 'CAN_H / CAN_L', 'I/O', 'Site Server', 'Site Bus'],
  ];

  it('names an item by its Function when that is a name, with the net as its alias', () => {
    const m = model(tableDoc('pins.csv', rows));
    expect(m.entities.find((e) => e.key === 'open request')?.aliases).toContain('GATE_OPEN');
    // A phrase is not a name: the item keeps its net's name.
    expect(typeOf(m, 'lamp on')).toBe('SIGNAL');
    expect(typeOf(m, 'site bus')).toBe('INTERFACE');
  });

  it('gives the remote unit the opposite of the board direction and the connector a connection', () => {
    expect(rels(model(tableDoc('pins.csv', rows)))).toEqual(
      [
        'key switch PROVIDES open request',
        'warning lamp CONSUMES lamp on',
        'site bus CONNECTS site server',
        'j1 CONNECTS open request',
        'j1 CONNECTS lamp on',
        'j2 CONNECTS site bus',
      ].sort(),
    );
  });

  it('reads a pin list without a remote-unit column as before: nets only, no relationships', () => {
    const m = model(
      tableDoc(
        'pins.csv',
        rows.map((r) => r.filter((_, i) => i !== 4)),
      ),
    );
    expect(m.relationships).toEqual([]);
    expect(typeOf(m, 'gate open')).toBe('SIGNAL');
  });
});

describe('wiring lists with a lettered sense', () => {
  it('reads "A>B" / "B>A" against the End A and End B unit columns, and nothing from "A<>B" or "-"', () => {
    const m = model(
      tableDoc('harness.csv', [
        ['Cable', 'End A unit', 'End A pin', 'End B unit', 'End B pin', 'Signal', 'Dir'],
        ['W1', 'Shore Supply', '+', 'Pump Controller', 'X1-1', '+24V_IN', 'A>B'],
        ['W1', 'Shore Supply', '-', 'Pump Controller', 'X1-2', 'GND', '-'],
        ['W2', 'Pump Controller', 'X2-1', 'Level Sensor', '1', 'LEVEL_OUT', 'B>A'],
        ['W3', 'Pump Controller', 'X3-1', 'Panel', '1', 'CAN_H', 'A<>B'],
      ]),
    );
    expect(rels(m)).toEqual(
      [
        'shore supply PROVIDES +24v in',
        'pump controller CONSUMES +24v in',
        'level sensor PROVIDES level out',
        'pump controller CONSUMES level out',
      ].sort(),
    );
  });
});
