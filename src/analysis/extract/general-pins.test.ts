// A general-purpose pin that the netlist cannot direct takes its direction from the other documents.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, rels, tableDoc } from './test-helpers.js';

const node = (ref: string, pinType: string, pin = '1') => ({ ref, pin, pinType });
const board: Netlist = {
  components: [
    { ref: 'U1', value: 'Main CPU' },
    { ref: 'J1', value: 'Field Connector' },
  ],
  nets: [
    { code: '1', name: 'STOP_REQ', nodes: [node('U1', 'bidirectional'), node('J1', 'passive')] },
    { code: '2', name: 'HORN_ON', nodes: [node('U1', 'bidirectional', '2'), node('J1', 'passive', '2')] },
  ],
};
const netDoc = { name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist: board }) };

describe('general-purpose pins', () => {
  it('reads a signal another unit sends and drives one only others receive', () => {
    const signals = tableDoc('signals.csv', [
      ['Signal', 'Source', 'Destination'],
      ['STOP_REQ', 'Stop Button', ''],
      ['HORN_ON', '', 'Horn'],
    ]);
    expect(rels(model(netDoc, signals))).toEqual(
      expect.arrayContaining(['main cpu CONSUMES stop req', 'main cpu PROVIDES horn on']),
    );
  });

  it('stays a connection when no document gives the direction', () => {
    expect(rels(model(netDoc))).toContain('main cpu CONNECTS stop req');
  });
});
