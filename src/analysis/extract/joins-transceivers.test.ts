// The logic side of a line transceiver ("SC_UART_TX/RX" from the processor) is the interface its line
// side ("SC_TX_P/N" to the connector) is, when an ICD names that interface and nothing names the bus.
import { describe, expect, it } from 'vitest';
import type { Netlist, NetlistNode } from '../documents/types.js';
import { doc, model, tableDoc } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string): NetlistNode => ({ ref, pin: '1', pinType });

const board = (transceiver: string): Netlist => ({
  components: [
    { ref: 'U1', value: 'Attitude Processor' },
    { ref: 'U3', value: transceiver },
    { ref: 'J1', value: 'SPACECRAFT' },
  ],
  nets: [
    { code: '1', name: '/IO/SC_UART_TX', nodes: [node('U1', 'output'), node('U3', 'input')] },
    { code: '2', name: '/IO/SC_UART_RX', nodes: [node('U3', 'output'), node('U1', 'input')] },
    { code: '3', name: 'SC_TX_P', nodes: [node('U3', 'output'), node('J1', 'passive')] },
    { code: '4', name: 'SC_TX_N', nodes: [node('U3', 'output'), node('J1', 'passive')] },
  ],
});
const icd = tableDoc('icd.docx', [
  ['Interface ID', 'IF-01'],
  ['Name', 'Spacecraft Link'],
  ['End A', 'Processing Board (J1)'],
  ['End B', 'On-Board Computer (OBC)'],
  ['Lines', 'SC_TX_P / SC_TX_N'],
]);
const interfaces = (netlist: Netlist) =>
  model(netDoc(netlist), icd)
    .entities.filter((e) => e.entityType === 'INTERFACE')
    .map((e) => e.name)
    .sort();

describe('the two sides of a line transceiver', () => {
  it('makes the processor-side bus the interface the ICD names on the transceiver’s line side', () => {
    expect(interfaces(board('RS-422 Transceiver'))).toEqual(['Spacecraft Link']);
  });

  it('leaves the bus apart when the part between is no transceiver', () => {
    expect(interfaces(board('Protocol Bridge'))).toEqual(['SC_UART', 'Spacecraft Link']);
  });

  it('leaves the bus apart when no document names the line side', () => {
    const m = model(netDoc(board('RS-422 Transceiver')));
    expect(m.entities.filter((e) => e.entityType === 'INTERFACE')).toHaveLength(2);
  });

  it('takes an Ethernet PHY for the transceiver between a MAC bus and the port', () => {
    expect(interfaces(board('Ethernet PHY'))).toEqual(['Spacecraft Link']);
  });
});
