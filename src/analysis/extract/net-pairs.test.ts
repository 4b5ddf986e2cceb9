// Differential pairs named plus and minus ("ISOSPI_P", "ISOSPI_M"), the chip select beside them, and
// the nets of a protocol bus as names of it that a pin list may use ("CAN_H").
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { foldBuses } from './net-buses.js';
import { doc, model, rels, tableDoc, typeOf } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string, pin = '1') => ({ ref, pin, pinType });

describe('bus pairs and selects', () => {
  it('folds a P/M pair into one bus; an M alone is no line', () => {
    expect(foldBuses(['LINK_P', 'LINK_M']).get('LINK_M')?.aliases).toEqual(['LINK_P', 'LINK_M', 'LINK_P/M']);
    expect(foldBuses(['PUMP_M']).size).toBe(0);
  });

  it("leaves a chip select out of a pair's bus, and keeps it in a bus with SPI lines", () => {
    const pair = foldBuses(['ISO_P', 'ISO_M', 'ISO_CS']);
    expect(pair.get('ISO_P')?.aliases).toEqual(['ISO_P', 'ISO_M', 'ISO_P/M']);
    expect(pair.has('ISO_CS')).toBe(false);
    const spi = foldBuses(['ADC_SCK', 'ADC_MISO', 'ADC_CS']);
    expect(spi.get('ADC_CS')).toMatchObject({ name: 'ADC', protocol: 'SPI' });
  });

  it('a select beside a pair joins the SPI bus its two parts share', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'U1', value: 'Controller' },
          { ref: 'U3', value: 'Link Transceiver' },
          { ref: 'J2', value: '43650-0200' },
        ],
        nets: [
          { code: '1', name: 'SPI1_SCK', nodes: [node('U1', 'output'), node('U3', 'input')] },
          { code: '2', name: 'SPI1_MOSI', nodes: [node('U1', 'output'), node('U3', 'input')] },
          { code: '3', name: '/~{ISO_CS}', nodes: [node('U1', 'output'), node('U3', 'input')] },
          { code: '4', name: 'ISO_P', nodes: [node('U3', 'bidirectional'), node('J2', 'passive')] },
          { code: '5', name: 'ISO_M', nodes: [node('U3', 'bidirectional'), node('J2', 'passive')] },
        ],
      }),
    );
    expect(m.entities.find((e) => e.key === 'spi1')?.aliases).toContain('~{ISO_CS}');
    expect(typeOf(m, 'iso')).toBe('INTERFACE');
    expect(rels(m)).not.toContain('controller CONNECTS iso');
    expect(rels(m)).toContain('iso CONNECTS link transceiver');
  });

  it("a pin list's bus line meets the netlist's bus by the net's name; a plain signal stays a signal", () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'U2', value: 'CAN Transceiver' },
          { ref: 'U1', value: 'Controller' },
          { ref: 'J1', value: '1-2345' },
        ],
        nets: [
          { code: '1', name: 'CAN_H', nodes: [node('U2', 'bidirectional'), node('J1', 'passive', '2')] },
          { code: '2', name: 'CAN_L', nodes: [node('U2', 'bidirectional'), node('J1', 'passive', '3')] },
          { code: '3', name: 'FAN_PWM', nodes: [node('U1', 'output'), node('J1', 'passive', '6')] },
        ],
      }),
      tableDoc('pins.pdf', [
        ['Pin', 'Signal', 'Dir', 'Function', 'Far end'],
        ['2', 'CAN_H', 'BIDIR', 'Site CAN high', 'Site Controller'],
        ['3', 'CAN_L', 'BIDIR', 'Site CAN low', 'Site Controller'],
        ['6', 'FAN_PWM', 'OUT', 'fan speed', 'Rack Fan'],
      ]),
    );
    expect(typeOf(m, 'can')).toBe('INTERFACE');
    expect(m.entities.find((e) => e.key === 'can')?.aliases).toEqual(
      expect.arrayContaining(['CAN_H', 'CAN_L']),
    );
    expect(typeOf(m, 'can h')).toBeUndefined();
    expect(rels(m)).toContain('can CONNECTS site controller');
    expect(typeOf(m, 'fan pwm')).toBe('SIGNAL');
  });
});
