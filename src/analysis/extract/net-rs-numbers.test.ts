// UART lines to an RS-485 transceiver named by the standard's number alone ("485_DI", "485_RO").
import { describe, expect, it } from 'vitest';
import type { Netlist, NetlistNode } from '../documents/types.js';
import { busKind } from './normalise.js';
import { doc, model } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string): NetlistNode => ({ ref, pin: '1', pinType });

describe('RS-232/422/485 by number', () => {
  it('reads the bare standard number as the protocol, and only as a word', () => {
    expect(busKind('485_DI')).toBe('RS485');
    expect(busKind('/Control/485_DE')).toBe('RS485');
    expect(busKind('RS-485')).toBe('RS485');
    expect(busKind('C4850')).toBeUndefined();
    expect(busKind('TEMP_4851')).toBeUndefined();
  });

  it('makes the transceiver-side lines names of the one RS-485 bus', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'U1', value: 'Winch MCU' },
          { ref: 'U4', value: 'Line Transceiver' },
          { ref: 'J1', value: 'Conn_01x04' },
        ],
        nets: [
          { code: '1', name: '/485_DI', nodes: [node('U1', 'output'), node('U4', 'input')] },
          { code: '2', name: '/485_RO', nodes: [node('U4', 'output'), node('U1', 'input')] },
          { code: '3', name: 'RS485_A', nodes: [node('U4', 'bidirectional'), node('J1', 'passive')] },
          { code: '4', name: 'RS485_B', nodes: [node('U4', 'bidirectional'), node('J1', 'passive')] },
        ],
      }),
    );
    const ifaces = m.entities.filter((e) => e.entityType === 'INTERFACE');
    expect(ifaces).toHaveLength(1);
    expect(m.entities.filter((e) => e.entityType === 'SIGNAL')).toEqual([]);
  });
});
