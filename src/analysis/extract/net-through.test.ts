// A net only the netlist names, which passes through a series resistor and a switch (or a buffer) into
// the net an ICD names, is that signal on the other side of the part. Connectors, relays, nets reached
// from two sides and nets no other document names stay as they were.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { baseName } from './netlist.js';
import { netsThroughParts } from './net-through.js';
import { doc, model, tableDoc } from './test-helpers.js';

const node = (ref: string, pin: string, pinType: string) => ({ ref, pin, pinType });
const board: Netlist = {
  components: [
    { ref: 'U1', value: 'STM32L476' },
    { ref: 'R5', value: '330' },
    { ref: 'Q1', value: 'BT136' },
    { ref: 'Q2', value: 'BT136' },
    { ref: 'U4', value: '74LVC1G17' },
    { ref: 'K1', value: 'G5LE' },
    { ref: 'J2', value: 'VALVES' },
  ],
  nets: [
    { code: '1', name: '/ZONE1_EN', nodes: [node('U1', '10', 'bidirectional'), node('Q1', '3', 'input')] },
    { code: '3', name: 'VALVE1', nodes: [node('Q1', '2', 'passive'), node('J2', '1', 'passive')] },
    { code: '4', name: '24VAC', nodes: [node('Q1', '1', 'passive'), node('Q2', '1', 'passive')] },
    { code: '12', name: '/ZONE2_EN', nodes: [node('U1', '14', 'bidirectional'), node('R5', '1', 'passive')] },
    { code: '2', name: 'Net-(Q2-G)', nodes: [node('R5', '2', 'passive'), node('Q2', '3', 'passive')] },
    { code: '13', name: 'VALVE2', nodes: [node('Q2', '2', 'passive'), node('J2', '6', 'passive')] },
    { code: '5', name: '/FLOW_IN', nodes: [node('U4', '4', 'output'), node('U1', '11', 'bidirectional')] },
    { code: '6', name: 'FLOW_PULSE', nodes: [node('U4', '2', 'input'), node('J2', '2', 'passive')] },
    { code: '7', name: '/PUMP_EN', nodes: [node('U1', '12', 'bidirectional'), node('K1', '1', 'passive')] },
    { code: '8', name: 'PUMP_RUN', nodes: [node('K1', '3', 'passive'), node('J2', '3', 'passive')] },
    { code: '9', name: '/SPARE', nodes: [node('U1', '13', 'bidirectional'), node('J2', '4', 'passive')] },
    { code: '10', name: '+3V3', nodes: [node('U1', '1', 'power_in'), node('U4', '5', 'power_in')] },
    { code: '11', name: 'GND', nodes: [node('U1', '2', 'power_in'), node('U4', '3', 'power_in')] },
  ],
};
const named = new Set(['VALVE1', 'VALVE2', 'FLOW_PULSE', 'PUMP_RUN']);

describe('a netlist-only net passed on through a part', () => {
  const pairs = netsThroughParts(board, baseName, (net) => named.has(net));
  it('meets the named net through a switch, a series resistor and a switch, or a buffer', () => {
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['ZONE1_EN', 'VALVE1'],
        ['ZONE2_EN', 'VALVE2'],
        ['FLOW_IN', 'FLOW_PULSE'],
      ]),
    );
  });
  it('does not pass through a relay or a connector', () => {
    expect(pairs.map(([own]) => own)).not.toContain('PUMP_EN');
    expect(pairs.map(([own]) => own)).not.toContain('SPARE');
  });
  it('leaves a named net reached from two netlist-only nets alone', () => {
    const twoSides: Netlist = {
      components: [
        { ref: 'U2', value: 'TLV9002' },
        { ref: 'R1', value: '1k' },
        { ref: 'R2', value: '10k' },
      ],
      nets: [
        { code: '1', name: 'CP', nodes: [node('R1', '2', 'passive'), node('R2', '1', 'passive')] },
        { code: '2', name: '/CP_PWM', nodes: [node('R1', '1', 'passive'), node('U2', '1', 'output')] },
        { code: '3', name: '/CP_SENSE', nodes: [node('R2', '2', 'passive'), node('U2', '5', 'input')] },
      ],
    };
    expect(netsThroughParts(twoSides, baseName, (net) => net === 'CP')).toEqual([]);
  });
  it('makes the netlist-only net an alias of the signal the ICD names', () => {
    const m = model(
      { name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist: board }) },
      tableDoc('icd.md', [
        ['Signal', 'Net', 'Source', 'Destination'],
        ['Zone 1 Valve Command', 'VALVE1', 'Controller Board', 'Solenoid Valve'],
        ['Flow Pulses', 'FLOW_PULSE', 'Flow Meter', 'Controller Board'],
        ['Pump Run', 'PUMP_RUN', 'Controller Board', 'Pump'],
      ]),
    );
    const names = m.entities.map((e) => e.name);
    expect(names).not.toContain('ZONE1_EN');
    expect(names).not.toContain('FLOW_IN');
    expect(m.entities.find((e) => e.name === 'Zone 1 Valve Command')?.aliases).toContain('ZONE1_EN');
    expect(names).toContain('PUMP_EN');
  });
});
