// A 4-20 mA input: the field terminal's net ("MOIST_4_20") meets only the connector, the burden
// resistor and the series resistor, no chip pin; the MCU's side ("/MOIST_ADC") is the same signal.
// The terminal schedule names the field net, so the board's own side is its alias, not a signal.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, tableDoc } from './test-helpers.js';

const node = (ref: string, pin: string, pinType: string) => ({ ref, pin, pinType });
const board: Netlist = {
  components: [
    { ref: 'U1', value: 'STM32F405' },
    { ref: 'R4', value: '150' },
    { ref: 'R5', value: '1k' },
    { ref: 'C6', value: '100n' },
    { ref: 'J3', value: 'PROBES' },
  ],
  nets: [
    {
      code: '1',
      name: 'MOIST_4_20',
      nodes: [node('J3', '3', 'passive'), node('R4', '1', 'passive'), node('R5', '1', 'passive')],
    },
    {
      code: '2',
      name: '/MOIST_ADC',
      nodes: [node('R5', '2', 'passive'), node('U1', '16', 'input'), node('C6', '1', 'passive')],
    },
    {
      code: '3',
      name: 'GND',
      nodes: [node('R4', '2', 'passive'), node('C6', '2', 'passive'), node('U1', '2', 'power_in')],
    },
  ],
};

describe('a field net with no chip pin, named by another document', () => {
  const schedule = tableDoc('terminals.pdf', [
    ['Terminal', 'Tag', 'Function', 'From', 'To'],
    ['J3:3', 'MOIST_4_20', 'Grain Moisture', 'Moisture Sensor', 'Main Controller'],
  ]);
  it("takes the chip's side of the series resistor as the same signal", () => {
    const m = model({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist: board }) }, schedule);
    expect(m.entities.map((e) => e.name)).not.toContain('MOIST_ADC');
    expect(m.entities.find((e) => e.name === 'Grain Moisture')?.aliases).toContain('MOIST_ADC');
  });
  it('leaves the chip side its own signal when nothing names the field net', () => {
    const m = model({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist: board }) });
    expect(m.entities.map((e) => e.name)).toContain('MOIST_ADC');
  });
});
