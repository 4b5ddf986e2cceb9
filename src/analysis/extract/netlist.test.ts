// Netlist rules: direction from the other end of a net, rails by name or pin type, and buses whose
// nets are named by the designer's prefix rather than the protocol.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { foldBuses } from './net-buses.js';
import { doc, model, rels, tableDoc, typeOf } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string) => ({ ref, pin: '1', pinType });

describe('netlist', () => {
  it('gives a general-purpose pin the role opposite to the other end', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'U1', value: 'Host MCU' },
          { ref: 'U2', value: 'Valve Driver' },
          { ref: 'J1', value: 'Field Connector' },
        ],
        nets: [
          { code: '1', name: '/VALVE_ON', nodes: [node('U1', 'bidirectional'), node('U2', 'input')] },
          { code: '2', name: '/VALVE_FLT', nodes: [node('U1', 'bidirectional'), node('U2', 'output')] },
          { code: '3', name: '/LIMIT_SW', nodes: [node('U1', 'bidirectional'), node('J1', 'passive')] },
        ],
      }),
    );
    expect(rels(m)).toEqual(
      [
        'host mcu PROVIDES valve on',
        'valve driver CONSUMES valve on',
        'valve driver PROVIDES valve flt',
        'host mcu CONSUMES valve flt',
        'host mcu CONNECTS limit sw',
        'field connector CONNECTS limit sw',
      ].sort(),
    );
  });

  it('knows rails by a +name or by power pins, and folds prefixed bus lines into one interface', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'U1', value: 'Host MCU' },
          { ref: 'U2', value: 'Radio' },
          { ref: 'U3', value: 'Regulator' },
        ],
        nets: [
          { code: '1', name: '+VLOGIC', nodes: [node('U3', 'power_out'), node('U1', 'power_in')] },
          { code: '2', name: '/AUXRAIL', nodes: [node('U3', 'power_out'), node('U2', 'power_in')] },
          { code: '3', name: '/RFM_SIMO', nodes: [node('U1', 'bidirectional'), node('U2', 'input')] },
          { code: '4', name: '/RFM_SOMI', nodes: [node('U1', 'bidirectional'), node('U2', 'output')] },
        ],
      }),
    );
    expect(typeOf(m, '+vlogic')).toBe('RESOURCE');
    expect(typeOf(m, 'auxrail')).toBe('RESOURCE');
    expect(typeOf(m, 'radio')).toBe('COMPONENT');
    const bus = m.entities.find((e) => e.entityType === 'INTERFACE');
    expect(bus?.name).toBe('RFM');
    expect(bus?.properties.protocol).toBe('SPI');
  });

  it('names a part by its BOM description, not its schematic value', () => {
    const m = model(netDoc({ components: [{ ref: 'J9', value: 'Harness' }], nets: [] }), {
      ...tableDoc('bom.csv', [
        ['RefDes', 'Description', 'Qty'],
        ['J9', 'Harness Connector', '1'],
      ]),
    });
    expect(m.entities.map((e) => e.name)).toEqual(['Harness Connector']);
  });

  it('folds a line pair only when both lines are there', () => {
    expect(foldBuses(['LINK_P', 'LINK_N']).get('LINK_P')?.aliases).toContain('LINK_P/N');
    expect(foldBuses(['PUMP_A', 'HEATER_B']).size).toBe(0);
  });
});
