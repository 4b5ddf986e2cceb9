// Nets sharing a prefix that names a function block, not a bus: "RF_SCK/MOSI/MISO/CS1" are the radio's
// SPI bus, "RF_TX" and "RF_RX" its transmit and receive paths; lines of two protocols are two links.
// And a dual amplifier's channel ("+IN_A" in, "OUT_A" out) passes its input on, unless what it puts out
// is named as a measurement.
import { describe, expect, it } from 'vitest';
import type { NetlistNode } from '../documents/types.js';
import { foldBuses } from './net-buses.js';
import { passedOn } from './netlist.js';

const pin = (ref: string, pinFunction: string, pinType: string): NetlistNode => ({
  ref,
  pin: pinFunction,
  pinFunction,
  pinType,
});

describe('a prefix whose lines speak two protocols', () => {
  it('folds the lines of the protocol most of them speak and leaves the others', () => {
    const folded = foldBuses(['RF_SCK', 'RF_MOSI', 'RF_MISO', 'RF_CS1', 'RF_TX', 'RF_RX']);
    expect(folded.get('RF_SCK')?.protocol).toBe('SPI');
    expect(folded.get('RF_CS1')?.name).toBe('RF');
    expect(folded.has('RF_TX')).toBe(false);
    expect(folded.has('RF_RX')).toBe(false);
  });

  it('still folds a UART of one protocol', () => {
    expect(foldBuses(['GNSS_TXD', 'GNSS_RXD']).get('GNSS_TXD')?.protocol).toBe('UART');
  });
});

describe('a dual amplifier or comparator channel', () => {
  it('passes "CP1_SIG" on +IN_A to "CP1_DET" on OUT_A', () => {
    const signals = new Map([
      ['CP1_SIG', [pin('U3', '+IN_A', 'input')]],
      ['CP1_DET', [pin('U3', 'OUT_A', 'output'), pin('U1', 'PA0', 'input')]],
      ['CP2_SIG', [pin('U3', '+IN_B', 'input')]],
      ['CP2_DET', [pin('U3', 'OUT_B', 'output'), pin('U1', 'PA1', 'input')]],
    ]);
    expect(passedOn(signals)).toEqual([
      ['CP1_SIG', 'CP1_DET'],
      ['CP2_SIG', 'CP2_DET'],
    ]);
  });

  it('leaves a measurement it puts out ("O2_SENSE" from "O2_CELL") a signal of its own', () => {
    const signals = new Map([
      ['O2_CELL', [pin('U9', '+INA', 'input')]],
      ['O2_SENSE', [pin('U9', 'OUTA', 'output'), pin('U1', 'PA1', 'input')]],
    ]);
    expect(passedOn(signals)).toEqual([]);
  });
});

describe("an isolated converter's output return", () => {
  it('is no rail, though the converter drives it from a power output pin', async () => {
    const { doc, model } = await import('./test-helpers.js');
    const m = model({
      name: 'board.net',
      doc: doc({
        kind: 'kicad_netlist',
        netlist: {
          components: [
            { ref: 'U7', value: 'Sensor Supply Converter' },
            { ref: 'J2', value: 'Sensor Connector' },
          ],
          nets: [
            {
              code: '1',
              name: '+12V_SENS',
              nodes: [pin('U7', '+VOUT', 'power_out'), pin('J2', '1', 'passive')],
            },
            {
              code: '2',
              name: 'SENS_RTN',
              nodes: [pin('U7', '-VOUT', 'power_out'), pin('J2', '3', 'passive')],
            },
          ],
        },
      }),
    });
    const names = m.entities.map((e) => e.name);
    expect(names).toContain('+12V_SENS');
    expect(names).not.toContain('SENS_RTN');
  });
});

describe('lines lettered A and B from different drivers', () => {
  it('are two channels’ signals, not the two lines of a pair', async () => {
    const { doc, model } = await import('./test-helpers.js');
    const m = model({
      name: 'board.net',
      doc: doc({
        kind: 'kicad_netlist',
        netlist: {
          components: [
            { ref: 'U1', value: 'Channel A MCU' },
            { ref: 'U2', value: 'Channel B MCU' },
            { ref: 'U7', value: 'Line Transceiver' },
            { ref: 'U8', value: 'Relay Driver' },
            { ref: 'J1', value: 'Field Connector' },
          ],
          nets: [
            { code: '1', name: '/RLY_EN_A', nodes: [pin('U1', 'PA5', 'output'), pin('U8', 'IN', 'input')] },
            { code: '2', name: '/RLY_EN_B', nodes: [pin('U2', 'PB4', 'output'), pin('U8', 'ST', 'input')] },
            {
              code: '3',
              name: 'RS485_A',
              nodes: [pin('U7', 'A', 'bidirectional'), pin('J1', '1', 'passive')],
            },
            {
              code: '4',
              name: 'RS485_B',
              nodes: [pin('U7', 'B', 'bidirectional'), pin('J1', '2', 'passive')],
            },
          ],
        },
      }),
    });
    const typeOf = (name: string) => m.entities.find((e) => e.name === name)?.entityType;
    expect(typeOf('RLY_EN_A')).toBe('SIGNAL');
    expect(typeOf('RLY_EN_B')).toBe('SIGNAL');
    expect(m.entities.filter((e) => e.entityType === 'INTERFACE').map((e) => e.name)).toEqual(['RS485']);
  });
});
