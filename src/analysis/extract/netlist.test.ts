// Netlist rules: direction from the other end of a net, rails by name or pin type, and buses whose
// nets are named by the designer's prefix rather than the protocol.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { foldBuses } from './net-buses.js';
import { doc, model, rels, tableDoc, typeOf } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string) => ({ ref, pin: '1', pinType });

describe('netlist', () => {
  it('keeps parts apart that share only a generic library symbol', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'J3', value: 'CTRL_HEAD', part: 'Conn_01x04' },
          { ref: 'J5', value: 'HDG_SENSOR', part: 'Conn_01x04' },
          { ref: 'Q1', value: 'IPB017N06N3', part: 'Q_NMOS_GDS' },
          { ref: 'Q2', value: 'IPB017N06N3', part: 'Q_NMOS_GDS' },
          { ref: 'Q5', value: 'BUK9Y6R0-60E', part: 'Q_NMOS_GDS' },
          { ref: 'U1', value: 'Host MCU', part: 'STM32G474RETx' },
        ],
        nets: [],
      }),
    );
    const aliasesOf = (ref: string): string[] =>
      m.entities.find((e) => e.aliases.includes(ref))?.aliases ?? [];
    expect(aliasesOf('J3')).not.toContain('J5');
    expect(aliasesOf('Q5')).not.toContain('Q1');
    expect(aliasesOf('Q1')).toContain('Q2');
    expect(aliasesOf('U1')).toContain('STM32G474RETx');
    expect(m.entities.some((e) => e.aliases.includes('Conn_01x04') || e.aliases.includes('Q_NMOS_GDS'))).toBe(
      false,
    );
  });

  it('names connectors that share a header value by their designators, parts of one value stay one', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'J2', value: 'Conn_02x04', part: 'Conn_02x04' },
          { ref: 'J3', value: 'Conn_02x04', part: 'Conn_02x04' },
          { ref: 'J4', value: 'Conn_01x04', part: 'Conn_01x04' },
          { ref: 'Q1', value: 'IPB017N06N3', part: 'Q_NMOS_GDS' },
          { ref: 'Q2', value: 'IPB017N06N3', part: 'Q_NMOS_GDS' },
        ],
        nets: [],
      }),
    );
    expect(m.entities.map((e) => e.name).sort()).toEqual(['Conn_01x04', 'IPB017N06N3', 'J2', 'J3']);
  });

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

  it('drops auto-named nets under any sheet path, and connects a connector to the rails it carries', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'U5', value: 'Valve Driver' },
          { ref: 'U3', value: 'Buck Converter' },
          { ref: 'X2', value: 'Harness Connector' },
        ],
        nets: [
          { code: '1', name: '/Sensors/Net-(U5-OUT1)', nodes: [node('U5', 'output'), node('X2', 'passive')] },
          { code: '2', name: '/Power/+5V', nodes: [node('U3', 'power_out'), node('X2', 'passive')] },
        ],
      }),
    );
    expect(m.entities.some((e) => /Net-/.test(e.name))).toBe(false);
    expect(rels(m)).toEqual(['+5v CONNECTS harness connector', 'buck converter PROVIDES +5v'].sort());
  });

  it('folds vendor SPI line names and differential A/B pairs into one bus each', () => {
    expect(
      foldBuses(['LPSPI0_SIN', 'LPSPI0_SOUT', 'LPSPI0_PCS0', 'LPSPI0_SCK']).get('LPSPI0_PCS0'),
    ).toMatchObject({
      name: 'LPSPI0',
      protocol: 'SPI',
    });
    const m = model(
      netDoc({
        components: [
          { ref: 'U2', value: 'RS-485 Transceiver' },
          { ref: 'J1', value: 'Field Terminal' },
        ],
        nets: [
          { code: '1', name: '/Comms/RS485_A', nodes: [node('U2', 'bidirectional'), node('J1', 'passive')] },
          { code: '2', name: '/Comms/RS485_B', nodes: [node('U2', 'bidirectional'), node('J1', 'passive')] },
        ],
      }),
      tableDoc('icd.csv', [
        ['Interface', 'Protocol', 'End A', 'End B'],
        ['Field Bus', 'RS-485, Modbus RTU', 'RS-485 Transceiver', 'Greenhouse Server'],
      ]),
    );
    const buses = m.entities.filter((e) => e.entityType === 'INTERFACE');
    expect(buses.map((b) => b.name)).toEqual(['Field Bus']);
    expect(rels(m)).toContain('field bus CONNECTS field terminal');
  });

  it('does not take an interface for a part whose value is the interface name without "bus"', () => {
    const m = model(
      netDoc({ components: [{ ref: 'J1', value: 'Field' }], nets: [] }),
      tableDoc('icd.csv', [
        ['Interface', 'End A', 'End B'],
        ['Field Bus', 'Controller', 'Server'],
      ]),
    );
    // The one-word value is the connector's board label: shown, never merged by.
    expect(m.entities.find((e) => e.aliases.includes('Field'))?.entityType).toBe('COMPONENT');
    expect(typeOf(m, 'field bus')).toBe('INTERFACE');
  });
});
