// A pin list's far-end cell is free text: units through a cable, several units, a wire colour, a pin
// name; and an Interface column ("IF-05 Attitude UART") puts the pin on a named interface.
import { describe, expect, it } from 'vitest';
import { remoteUnits } from './pin-list.js';
import { model, rels, tableDoc } from './test-helpers.js';

describe('far-end cells', () => {
  it('names the units, not the cable, colour or pin', () => {
    expect(remoteUnits('Tow Cable W1 pair A / Ethernet Switch port 8')).toEqual(['Ethernet Switch']);
    expect(remoteUnits('Attitude Sensor VIN; Depth Sensor VDD')).toEqual(['Attitude Sensor', 'Depth Sensor']);
    expect(remoteUnits('Port Transducer Array, white')).toEqual(['Port Transducer Array']);
    expect(remoteUnits('Leak Detector SIG')).toEqual(['Leak Detector']);
  });

  it('ends each unit at its designator: what follows is its pin or wire', () => {
    expect(remoteUnits('Relay K4 coil +, Valve YV7 coil +')).toEqual(['Relay (K4)', 'Valve (YV7)']);
    expect(remoteUnits('K4 coil -')).toEqual(['K4']);
    expect(remoteUnits('Oil Pressure Sender PS3 signal')).toEqual(['Oil Pressure Sender (PS3)']);
    expect(remoteUnits('Coolant Probe RT2, wire 1')).toEqual(['Coolant Probe (RT2)']);
    // A port named by its protocol is no designator: the unit is the words before it.
    expect(remoteUnits('Host Computer UART2 TX')).not.toContain('Host Computer (UART2)');
    expect(remoteUnits('Payload Computer CAN1')).toEqual(['Payload Computer']);
    // No designator first: the cell is read as before (a wire colour after the comma).
    expect(remoteUnits('Port Transducer Array, K2 side')).toEqual(['Port Transducer Array']);
  });

  it('keeps a unit whose name ends in capitals or a number', () => {
    expect(remoteUnits('Vessel GNSS')).toEqual(['Vessel GNSS']);
    expect(remoteUnits('Pump Controller 2')).toEqual(['Pump Controller 2']);
  });
});

describe('a pin list with an Interface column', () => {
  const header = ['Connector', 'Pin', 'Net', 'Function', 'Dir (SEB)', 'Interface', 'Far End'];
  it('puts the connector and the far end on the named interface', () => {
    const m = model(
      tableDoc('pins.csv', [
        header,
        ['J3', '3', 'AHRS_TXD', 'AHRS data to FPGA', 'IN', 'IF-05 Attitude UART', 'Attitude Sensor TX'],
        ['J3', '7', 'LEAK_DET', 'Leak alarm', 'IN', '', 'Leak Detector SIG'],
      ]),
    );
    expect(rels(m)).toEqual(
      [
        'attitude sensor CONNECTS attitude uart',
        'attitude uart CONNECTS j3',
        'j3 CONNECTS leak det',
        'leak detector PROVIDES leak det',
      ].sort(),
    );
    expect(m.entities.find((e) => e.key === 'attitude uart')?.aliases).toContain('IF-05');
  });

  it('reads "NC" in the net column as an unconnected pin, not a net', () => {
    const m = model(
      tableDoc('pins.csv', [
        header,
        ['J1', '7', 'NC', 'spare', '', '', ''],
        ['J1', '8', 'TRIG', 'Trigger', 'IN', '', 'Camera'],
      ]),
    );
    expect(m.entities.map((e) => e.key)).not.toContain('nc');
    expect(rels(m)).toEqual(['camera PROVIDES trigger', 'j1 CONNECTS trigger']);
  });
});
