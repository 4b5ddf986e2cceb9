// Three nets that differ only in a phase letter are one signal when only the netlist names them, and
// stay three when another document names each phase.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { phaseFamilies } from './net-phases.js';
import { doc, model, tableDoc } from './test-helpers.js';

describe('phase families', () => {
  it('groups nets that differ in one phase letter at the end of a word', () => {
    expect(phaseFamilies(['PWM_U', 'PWM_V', 'PWM_W', 'IU_ADC', 'IV_ADC', 'IW_ADC', 'EN'])).toEqual([
      ['PWM_U', 'PWM_V', 'PWM_W'],
      ['IU_ADC', 'IV_ADC', 'IW_ADC'],
    ]);
    expect(phaseFamilies(['HALL_A', 'HALL_B', 'HALL_C'])).toEqual([['HALL_A', 'HALL_B', 'HALL_C']]);
  });
  it('is no family with a letter missing or with a fourth member', () => {
    expect(phaseFamilies(['ENC_A', 'ENC_B'])).toEqual([]);
    expect(phaseFamilies(['SW_A', 'SW_B', 'SW_C', 'SW_D'])).toEqual([]);
  });

  const node = (ref: string, pin: string, pinType: string) => ({ ref, pin, pinType });
  const netlist: Netlist = {
    components: [
      { ref: 'U1', value: 'MCU' },
      { ref: 'U2', value: 'DRV8353' },
    ],
    nets: ['U', 'V', 'W', 'A', 'B', 'C'].map((ph, i) => ({
      code: String(i + 1),
      name: 'UVW'.includes(ph) ? `/PWM_${ph}` : `HALL_${ph}`,
      nodes: [node('U1', String(10 + i), 'output'), node('U2', String(20 + i), 'input')],
    })),
  };
  const m = model(
    { name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) },
    tableDoc('pins.csv', [
      ['Connector', 'Pin', 'Signal', 'Description', 'From', 'To'],
      ['J3', '1', 'HALL_A', 'Hall A', 'Motor', 'Controller'],
      ['J3', '2', 'HALL_B', 'Hall B', 'Motor', 'Controller'],
      ['J3', '3', 'HALL_C', 'Hall C', 'Motor', 'Controller'],
    ]),
  );
  const signals = m.entities.filter((e) => e.entityType === 'SIGNAL');
  it('makes the phases only the netlist names one signal', () => {
    const pwm = signals.filter((e) => [e.name, ...e.aliases].some((n) => /PWM_/.test(n)));
    expect(pwm).toHaveLength(1);
    expect([pwm[0]!.name, ...pwm[0]!.aliases]).toEqual(expect.arrayContaining(['PWM_U', 'PWM_V', 'PWM_W']));
  });
  it('keeps phases another document names one by one apart', () => {
    expect(signals.filter((e) => [e.name, ...e.aliases].some((n) => /HALL_/.test(n)))).toHaveLength(3);
  });
});
