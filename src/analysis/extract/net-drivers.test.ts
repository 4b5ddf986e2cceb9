// A driver channel passes a command on: the net into its input and the net out of the same channel's
// output, named with one stem ("K1_CMD", "K1_COIL"), are one signal.
import { describe, expect, it } from 'vitest';
import type { Netlist, NetlistNode } from '../documents/types.js';
import { passedOn } from './netlist.js';
import { doc, model, rels } from './test-helpers.js';

const pin = (ref: string, pinFunction: string, pinType: string): NetlistNode => ({
  ref,
  pin: pinFunction,
  pinFunction,
  pinType,
});
const mcu = (pinFunction: string, pinType: string) => pin('U1', pinFunction, pinType);

describe('commands passed on by a driver', () => {
  it('pairs the nets of one channel that share a stem', () => {
    const signals = new Map([
      ['K1_CMD', [mcu('PB0', 'output'), pin('U5', 'IN0', 'input')]],
      ['K1_COIL', [pin('U5', 'OUT0', 'output')]],
      ['K2_CMD', [mcu('PB1', 'output'), pin('U5', 'IN1', 'input')]],
      ['K2_COIL', [pin('U5', 'OUT1', 'output')]],
    ]);
    expect(passedOn(signals)).toEqual([
      ['K1_CMD', 'K1_COIL'],
      ['K2_CMD', 'K2_COIL'],
    ]);
  });

  it('does not pair another channel, another stem, or a trigger fanned out to two channels', () => {
    expect(
      passedOn(
        new Map([
          ['K1_CMD', [pin('U5', 'IN0', 'input')]],
          ['K1_COIL', [pin('U5', 'OUT1', 'output')]],
          ['VALVE_CMD', [pin('U6', 'IN0', 'input')]],
          ['PUMP_COIL', [pin('U6', 'OUT0', 'output')]],
        ]),
      ),
    ).toEqual([]);
    expect(
      passedOn(
        new Map([
          ['TX_TRIG', [mcu('K1', 'output'), pin('U3', 'INA', 'input'), pin('U3', 'INB', 'input')]],
          ['TX_PORT', [pin('U3', 'OUTA', 'output')]],
          ['TX_STBD', [pin('U3', 'OUTB', 'output')]],
        ]),
      ),
    ).toEqual([]);
  });

  it('makes the two nets one signal that the driver both consumes and provides', () => {
    const netlist: Netlist = {
      components: [
        { ref: 'U1', value: 'Controller' },
        { ref: 'U5', value: 'Contactor Driver' },
      ],
      nets: [
        { code: '1', name: 'K1_CMD', nodes: [mcu('PB0', 'output'), pin('U5', 'IN0', 'input')] },
        { code: '2', name: 'K1_COIL', nodes: [pin('U5', 'OUT0', 'output'), pin('U1', 'PB2', 'input')] },
      ],
    };
    const m = model({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
    expect(m.entities.filter((e) => e.entityType === 'SIGNAL')).toHaveLength(1);
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'controller PROVIDES k1 cmd',
        'contactor driver CONSUMES k1 cmd',
        'contactor driver PROVIDES k1 cmd',
      ]),
    );
  });
});

describe('an array driver (ULN2803: I1 … I8 in, O1 … O8 open-collector out)', () => {
  const channel = (n: number, input: string, output: string): [string, NetlistNode[]][] => [
    [input, [mcu(`PB${n}`, 'bidirectional'), pin('U6', `I${n}`, 'input')]],
    [output, [pin('U6', `O${n}`, 'open_collector')]],
  ];
  it('pairs each numbered channel whatever its nets are called', () => {
    const signals = new Map([
      ...channel(1, 'HTR1_IN', 'HTR1_DRV'),
      ...channel(2, 'WP_IN', 'WTR_PUMP'),
      ...channel(3, 'LOCK_IN', 'DOOR_LOCK'),
    ]);
    expect(passedOn(signals)).toEqual([
      ['HTR1_IN', 'HTR1_DRV'],
      ['WP_IN', 'WTR_PUMP'],
      ['LOCK_IN', 'DOOR_LOCK'],
    ]);
  });

  it('needs several channels for that: one channel of unrelated names stays two signals', () => {
    expect(passedOn(new Map(channel(1, 'WP_IN', 'WTR_PUMP')))).toEqual([]);
  });
});
