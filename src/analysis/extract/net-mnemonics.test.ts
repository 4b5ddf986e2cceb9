// A combined mnemonic in a signal list ("MOT_IN1/2") names each schematic net it stands for.
import { describe, expect, it } from 'vitest';
import { netNames } from './icd-cells.js';
import { expandMnemonic } from './net-mnemonics.js';

describe('combined mnemonics', () => {
  it('expands a shared stem with number or letter alternatives', () => {
    expect(expandMnemonic('MOT_IN1/2')).toEqual(['MOT_IN1', 'MOT_IN2']);
    expect(expandMnemonic('HALL_A/B/C')).toEqual(['HALL_A', 'HALL_B', 'HALL_C']);
    expect(expandMnemonic('PWM_EN')).toEqual(['PWM_EN']);
    // Not one stem: a ratio, a pair of different nets.
    expect(expandMnemonic('IN1/B')).toEqual(['IN1/B']);
  });

  it('gives each member as a net name of the row', () => {
    expect(netNames('MOT_IN1/2')).toEqual(['MOT_IN1', 'MOT_IN2']);
  });
});
