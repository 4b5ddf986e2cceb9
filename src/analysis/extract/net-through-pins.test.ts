// A part with more signal pins than two passes a signal on as its pin names say: a dual driver's IN0
// comes out at OUT0, an instrumentation amplifier's +IN/-IN pair at its OUT. Phases each passed on
// from a phase of their own stay apart.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { baseName } from './netlist.js';
import { netsThroughParts } from './net-through.js';
import { doc, model, tableDoc } from './test-helpers.js';

// Each pin its own number: a connector's pin is a key other documents meet its net by.
let pins = 0;
const pin = (ref: string, pinFunction: string, pinType: string) => ({
  ref,
  pin: String(++pins),
  pinFunction,
  pinType,
});
const board: Netlist = {
  components: [
    { ref: 'U1', value: 'MCU' },
    { ref: 'U5', value: 'VND7050' },
    { ref: 'U4', value: 'INA826' },
    { ref: 'J4', value: 'FIELD' },
  ],
  nets: [
    { code: '1', name: '/RUN_CMD', nodes: [pin('U1', 'PB0', 'output'), pin('U5', 'IN0', 'input')] },
    { code: '2', name: '/BRAKE_CMD', nodes: [pin('U1', 'PB1', 'output'), pin('U5', 'IN1', 'input')] },
    { code: '3', name: 'MOTOR_RUN', nodes: [pin('U5', 'OUT0', 'output'), pin('J4', 'Pin_1', 'passive')] },
    { code: '4', name: 'BRAKE_REL', nodes: [pin('U5', 'OUT1', 'output'), pin('J4', 'Pin_2', 'passive')] },
    { code: '5', name: 'LC_SIGP', nodes: [pin('J4', 'Pin_6', 'passive'), pin('U4', '+IN', 'input')] },
    { code: '6', name: 'LC_SIGN', nodes: [pin('J4', 'Pin_7', 'passive'), pin('U4', '-IN', 'input')] },
    { code: '7', name: '/LOAD_ADC', nodes: [pin('U4', 'OUT', 'output'), pin('U1', 'PC0', 'input')] },
  ],
};
const named = new Set(['MOTOR_RUN', 'BRAKE_REL', 'LC_SIGP', 'LC_SIGN']);

describe('signals passed on by pin name', () => {
  it("pairs each driver input with its own channel's output, and an amplifier's output with its input", () => {
    expect(netsThroughParts(board, baseName, (n) => named.has(n))).toEqual(
      expect.arrayContaining([
        ['RUN_CMD', 'MOTOR_RUN'],
        ['BRAKE_CMD', 'BRAKE_REL'],
        ['LOAD_ADC', 'LC_SIGP'],
      ]),
    );
    expect(netsThroughParts(board, baseName, (n) => named.has(n))).not.toContainEqual([
      'RUN_CMD',
      'BRAKE_REL',
    ]);
  });

  it('keeps phases apart that each pass on to a phase of their own', () => {
    const phases: Netlist = {
      components: ['U1', 'U4', 'U5', 'U6', 'J4'].map((ref) => ({ ref, value: ref })),
      nets: ['U', 'V', 'W'].flatMap((ph, i) => [
        {
          code: `${i}a`,
          name: `SHUNT${i + 1}_P`,
          nodes: [pin('J4', `Pin_${i}`, 'passive'), pin(`U${4 + i}`, 'IN+', 'input')],
        },
        {
          code: `${i}b`,
          name: `SHUNT${i + 1}_N`,
          nodes: [pin('J4', `Pin_${i + 5}`, 'passive'), pin(`U${4 + i}`, 'IN-', 'input')],
        },
        {
          code: `${i}c`,
          name: `/I${ph}_ADC`,
          nodes: [pin(`U${4 + i}`, 'OUT', 'output'), pin('U1', `AN${i}`, 'input')],
        },
      ]),
    };
    const m = model(
      { name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist: phases }) },
      tableDoc('icd.csv', [
        ['Signal', 'Net', 'Source', 'Destination'],
        ['Upper Current', 'SHUNT1_P, SHUNT1_N', 'Power Stage', 'Control Board'],
        ['Middle Current', 'SHUNT2_P, SHUNT2_N', 'Power Stage', 'Control Board'],
        ['Lower Current', 'SHUNT3_P, SHUNT3_N', 'Power Stage', 'Control Board'],
      ]),
    );
    const aliases = (name: string) => m.entities.find((e) => e.name === name)?.aliases ?? [];
    expect(aliases('Upper Current')).toContain('IU_ADC');
    expect(aliases('Upper Current')).not.toContain('IV_ADC');
    expect(aliases('Middle Current')).toContain('IV_ADC');
  });
});
