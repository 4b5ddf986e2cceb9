// A terminal schedule ("Terminal | Wire | Tag | Function | From | To | Type"): each row is a wire, its
// Function the item it carries and its Tag the net label; an end written as a designator and the
// terminal on it ("PS1 +V") is the designated part. Beside an SPI bus's lines, a sensor's "RTD_P" and
// "RTD_N" are its wires, not lines of the bus.
import { describe, expect, it } from 'vitest';
import { foldBuses } from './net-buses.js';
import { model, rels, tableDoc, typeOf } from './test-helpers.js';

const bom = tableDoc('bom.csv', [
  ['Ref Des', 'Description', 'Qty'],
  ['PS1', '24V Power Supply', '1'],
  ['K1', 'Output Relay', '1'],
  ['YV1', 'Burner Gas Valve', '1'],
]);
const schedule = tableDoc('terminals.pdf', [
  ['Terminal', 'Wire', 'Tag', 'Function', 'From', 'To', 'Type'],
  ['J1:1', 'W101', '+24V', '24V Supply', 'PS1 +V', 'Controller Board', '24 VDC in'],
  ['J1:2', 'W102', 'GND', '0 V', 'PS1 -V', 'Controller Board', '0 V'],
  ['J2:1', 'W201', 'GAS_VLV_OUT', 'Gas Valve Command', 'Output Relay K1', 'Burner Gas Valve YV1', 'DO'],
]);

describe('a terminal schedule', () => {
  const m = model(bom, schedule);
  const r = rels(m);
  it('reads the function as the item the wire carries, from one end to the other', () => {
    expect(typeOf(m, 'gas valve command')).toBe('SIGNAL');
    expect(r).toContain('output relay PROVIDES gas valve command');
    expect(r).toContain('burner gas valve CONSUMES gas valve command');
    expect(typeOf(m, '24v supply')).toBe('RESOURCE');
  });
  it('takes the tag as the net label of the item', () => {
    expect(m.entities.find((e) => e.key === 'gas valve command')?.aliases).toContain('GAS_VLV_OUT');
  });
  it('reads a designator and its terminal as the designated part', () => {
    expect(r).toContain('24v power supply PROVIDES 24v supply');
    expect(m.entities.some((e) => /PS1 [+-]V/.test(e.name))).toBe(false);
  });
  it('leaves a parts list whose Function column describes the part a parts list', () => {
    const parts = model(
      tableDoc('parts.csv', [
        ['Ref Des', 'Function', 'Qty'],
        ['U1', 'Main Controller', '1'],
      ]),
    );
    expect(typeOf(parts, 'main controller')).toBe('COMPONENT');
  });
});

describe('pair halves beside an SPI bus', () => {
  const folded = foldBuses(['RTD_SCK', 'RTD_MOSI', 'RTD_MISO', 'RTD_CS', 'RTD_P', 'RTD_N']);
  it('leaves the halves out of the bus', () => {
    expect(folded.get('RTD_SCK')?.protocol).toBe('SPI');
    expect(folded.has('RTD_P')).toBe(false);
    expect(folded.has('RTD_N')).toBe(false);
  });
  it('keeps A and B beside a UART, an RS-485 link', () => {
    const uart = foldBuses(['DL_TX', 'DL_RX', 'DL_A', 'DL_B']);
    expect(uart.has('DL_A')).toBe(true);
  });
  it('keeps a clock beside SPI lines', () => {
    expect(foldBuses(['SPIA_CLK', 'SPIA_SIMO', 'SPIA_SOMI']).has('SPIA_CLK')).toBe(true);
  });
});
