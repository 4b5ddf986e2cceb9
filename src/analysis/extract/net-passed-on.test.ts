// A driver or isolator channel passes a signal on: the net into IN0 and the net out of OUT0 are one
// signal when their names say so, also when one is the other's name with a level word added.
import { describe, expect, it } from 'vitest';
import type { NetlistNode } from '../documents/types.js';
import { passedOn } from './netlist.js';

const pin = (ref: string, pinFunction: string, pinType: string): NetlistNode => ({
  ref,
  pin: '1',
  pinFunction,
  pinType,
});

describe('signals passed on through a channel', () => {
  it('pairs "BRK_L_EN" into IN0 with "BRK_L" out of OUT0', () => {
    const signals = new Map<string, NetlistNode[]>([
      ['BRK_L_EN', [pin('U10', 'IN0', 'input')]],
      ['BRK_L', [pin('U10', 'OUT0', 'output')]],
      ['SAFE_OK', [pin('U9', 'IN1', 'input')]],
      ['SAFE_OK_IN', [pin('U9', 'OUT1', 'output')]],
    ]);
    expect(passedOn(signals)).toEqual([
      ['BRK_L_EN', 'BRK_L'],
      ['SAFE_OK', 'SAFE_OK_IN'],
    ]);
  });

  it('leaves nets of another channel or with other names apart', () => {
    const signals = new Map<string, NetlistNode[]>([
      ['BRK_L_EN', [pin('U10', 'IN0', 'input')]],
      ['BRK_R', [pin('U10', 'OUT1', 'output')]],
      ['FAN_EN', [pin('U3', 'IN0', 'input')]],
      ['PUMP', [pin('U3', 'OUT0', 'output')]],
    ]);
    expect(passedOn(signals)).toEqual([]);
  });
});
