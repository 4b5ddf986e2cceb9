// A pin-out with both a Net and a Signal column gives each pin's schematic net and the signal it
// carries by name: when the other documents name that signal, it is the item and the net its alias.
import { describe, expect, it } from 'vitest';
import { model, rels, tableDoc } from './test-helpers.js';

const pinout = (rows: string[][]) =>
  tableDoc('J2 pin-out.md', [['Pin', 'Net', 'Signal', 'Dir', 'Far end', 'Remarks'], ...rows]);
const signalList = tableDoc('signals.csv', [
  ['Signal', 'Source', 'Destination'],
  ['Chamber Heater Command', 'Controller Board', 'Solid State Relay'],
  ['Chamber Temperature', 'Temperature Sensor', 'Controller Board'],
  ['Display Data', 'Controller Board', 'Touch Display'],
]);
const names = (m: ReturnType<typeof model>) => m.entities.map((e) => e.name);

describe('pin-outs with a Net and a Signal column', () => {
  const m = model(
    signalList,
    pinout([
      ['1', '+24V', '24V Rail', 'PWR', 'Load common for the outputs', 'Passed through from J1'],
      ['2', 'HTR1_DRV', 'Chamber Heater Command', 'OUT', 'Solid State Relay K1 (A2-)', 'SSR input'],
      ['3', 'RTD_CH+', 'Chamber Temperature', 'IN', 'Temperature Sensor RT1', ''],
      ['4', 'RTD_CH-', 'Chamber Temperature', 'IN', 'Temperature Sensor RT1', ''],
    ]),
  );

  it('reads a signal the other documents name as the item, its nets as aliases', () => {
    expect(m.entities.find((e) => e.name === 'Chamber Heater Command')?.aliases).toContain('HTR1_DRV');
    expect(names(m)).not.toContain('HTR1_DRV');
    // A net ending in a sign ("RTD_CH-") is a net name like any other.
    const temperature = m.entities.find((e) => e.name === 'Chamber Temperature');
    expect(temperature?.aliases).toEqual(expect.arrayContaining(['RTD_CH+', 'RTD_CH-']));
    expect(rels(m)).toContain('solid state relay CONSUMES chamber heater command');
  });

  it('takes a far end described in words on a pin with no direction for no unit', () => {
    expect(names(m)).not.toContain('Load common for the outputs');
  });

  it('leaves a wire description only the pin-out gives, and a signal on a bus line, to the nets', () => {
    const other = model(
      signalList,
      pinout([
        ['1', 'GH_U', 'Gate High U', 'OUT', 'Power Stage', ''],
        ['2', 'HMI_TX', 'Display Data', 'OUT', 'Touch Display', ''],
        ['3', 'HMI_RX', 'Touch Input', 'IN', 'Touch Display', ''],
      ]),
    );
    expect(names(other)).not.toContain('Gate High U');
    expect(other.entities.find((e) => e.name === 'Display Data')?.aliases ?? []).not.toContain('HMI_TX');
  });
});
