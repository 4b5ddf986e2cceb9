// Signal lists that say more than source and destination: the interface an item is carried on, the
// schematic net and connector pins that carry it, power rows by their type, and a "Name" column.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { carrierProtocols, connectorPins, isGenericMedium, netNames } from './icd-cells.js';
import { doc, model, rels, tableDoc, typeOf } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });

describe('ICD cells', () => {
  it('reads connector pins in their usual spellings', () => {
    expect(connectorPins('X2-6/7')).toEqual(['pin:X2:6', 'pin:X2:7']);
    expect(connectorPins('X3-1..4')).toEqual(['pin:X3:1', 'pin:X3:2', 'pin:X3:3', 'pin:X3:4']);
    expect(connectorPins('FLOW_PULSE (X2-3)')).toEqual(['pin:X2:3']);
    expect(connectorPins('J1 pin 4')).toEqual(['pin:J1:4']);
    expect(connectorPins('REQ-AS-012')).toEqual([]);
  });

  it('finds the net names a cell quotes, and none in a bare pin reference', () => {
    expect(netNames('FLOW_PULSE (X2-3)')).toEqual(['FLOW_PULSE']);
    expect(netNames('+12V_SW (X4-1)')).toEqual(['+12V_SW']);
    expect(netNames('X1-1/2')).toEqual([]);
  });

  it('tells a medium from a named interface, and a carrier protocol from its items', () => {
    for (const medium of ['UART', 'SPI', 'CAN FD', 'Ethernet', 'analog', 'GPIO', '4-20 mA', 'I2C 400 kHz'])
      expect(isGenericMedium(medium)).toBe(true);
    for (const named of ['ISOBUS', 'Vehicle CAN', 'Valve SPI', 'GNSS Serial Link'])
      expect(isGenericMedium(named)).toBe(false);
    expect(
      carrierProtocols([
        ['ISOBUS', 'CAN PGN 0xCB00'],
        ['ISOBUS', 'CAN PGN 0xFE49'],
        ['Valve SPI', 'SPI frame'],
      ]),
    ).toEqual(
      new Map([
        ['ISOBUS', 'CAN'],
        ['Valve SPI', 'SPI'],
      ]),
    );
  });
});

describe('signal lists', () => {
  const signals = tableDoc('signals.csv', [
    ['Sig ID', 'Signal', 'Type', 'Source', 'Destination', 'Carried On', 'Net / Pin'],
    ['S-1', 'Rate Setpoint', 'CAN PGN 0xCB00', 'Terminal', 'Controller MCU', 'Field Bus', 'X1-1/2'],
    ['S-2', 'Flow Pulses', 'Pulse', 'Flow Meter', 'Controller MCU', '', 'FLOW_PULSE (X2-3)'],
    ['S-3', 'Position Fix', 'NMEA', 'GNSS Receiver', 'Controller MCU', 'UART', ''],
    ['S-4', '12V Switched Supply', 'Power 12 V DC', 'Power Unit', 'Controller Module', '', ''],
  ]);

  it('connects both ends to the interface an item is carried on, and not to a bare medium', () => {
    const m = model(signals);
    expect(typeOf(m, 'field bus')).toBe('INTERFACE');
    expect(m.entities.find((e) => e.key === 'field bus')?.properties.protocol).toBe('CAN');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'field bus CONNECTS terminal',
        'controller mcu CONNECTS field bus',
        'terminal PROVIDES rate setpoint',
      ]),
    );
    expect(m.entities.some((e) => e.name === 'UART')).toBe(false);
  });

  it('types a row by its power type and keeps the quoted net name as an alias', () => {
    const m = model(signals);
    expect(typeOf(m, '12v switched supply')).toBe('RESOURCE');
    expect(m.entities.find((e) => e.key === 'flow pulse')?.aliases).toContain('FLOW_PULSE');
  });

  it('meets the netlist at the connector pins it names', () => {
    const netlist: Netlist = {
      components: [
        { ref: 'U1', value: 'Controller MCU' },
        { ref: 'U2', value: 'CAN Transceiver' },
        { ref: 'X1', value: 'Field Connector' },
      ],
      nets: [
        {
          code: '1',
          name: '/BUS_H',
          nodes: [
            { ref: 'U2', pin: '13', pinType: 'bidirectional' },
            { ref: 'X1', pin: '1', pinType: 'passive' },
          ],
        },
        {
          code: '2',
          name: '/BUS_L',
          nodes: [
            { ref: 'U2', pin: '12', pinType: 'bidirectional' },
            { ref: 'X1', pin: '2', pinType: 'passive' },
          ],
        },
      ],
    };
    const m = model(signals, netDoc(netlist));
    const bus = m.entities.find((e) => e.entityType === 'INTERFACE');
    expect(bus?.name).toBe('Field Bus');
    expect(bus?.aliases).toContain('BUS');
    expect(rels(m)).toEqual(
      expect.arrayContaining(['can transceiver CONNECTS field bus', 'field bus CONNECTS field connector']),
    );
  });

  it('reads a "Name" column as the item when the table says what carries it', () => {
    const m = model(
      tableDoc('messages.csv', [
        ['Name', 'Publisher', 'Subscriber(s)', 'Period', 'Carried On'],
        ['Climate Readings', 'Main Processor', 'Greenhouse Server', '10 s', 'Field Bus'],
      ]),
    );
    expect(typeOf(m, 'climate reading')).toBe('SIGNAL');
    expect(typeOf(m, 'field bus')).toBe('INTERFACE');
    expect(rels(m)).toContain('greenhouse server CONSUMES climate reading');
  });

  it('names an end by its unit, not by the connector or pin it is reached at', () => {
    const m = model(
      tableDoc('icd.csv', [
        ['Interface', 'End A', 'End B'],
        ['Service Link', 'Rate Module (J3)', 'Valve Module: X20-4'],
      ]),
    );
    expect(m.entities.map((e) => e.name).sort()).toEqual(['Rate Module', 'Service Link', 'Valve Module']);
  });

  it('reads both ends from one "Connects" cell, several items in one cell, and a pin-out\'s names', () => {
    const m = model(
      tableDoc('icd.md', [
        ['Interface', 'Type', 'Connects'],
        ['Body CAN', 'CAN 2.0B', 'Body Controller ↔ Door Module'],
        ['Service Port', 'USB 2.0', 'Body Controller <-> Diagnostic Laptop'],
      ]),
      tableDoc('exchanges.md', [
        ['From', 'To', 'Signals', 'Rate'],
        ['Body Controller', 'Door Module', 'Lock Command; Window Command', '10 Hz'],
      ]),
      tableDoc('pinout.md', [
        ['Pin', 'Name', 'Type'],
        ['1', 'VBAT', 'power'],
        ['2', 'LOCK_MOTOR', 'output'],
        ['3', 'GND', 'ground'],
      ]),
    );
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'body can CONNECTS body controller',
        'body can CONNECTS door module',
        'diagnostic laptop CONNECTS service port',
        'body controller PROVIDES lock command',
        'door module CONSUMES window command',
      ]),
    );
    expect(typeOf(m, 'vbat')).toBe('RESOURCE');
    expect(typeOf(m, 'lock motor')).toBe('SIGNAL');
    expect(m.entities.some((e) => e.name === 'GND')).toBe(false);
  });
});
