// A drive's prose names its per-wheel lines ("the Left Motor PWM and the Left Motor Direction to U2 and
// the Right Motor PWM … to U3"): PWM, direction and current are signals; the net PWM_L is the Left Motor
// PWM by its side letter; and a signal read as a recipient consumes nothing.
import { describe, expect, it } from 'vitest';
import type { NetlistNode } from '../documents/types.js';
import { doc, model, proseDoc, rels, tableDoc } from './test-helpers.js';

const pin = (ref: string, pinFunction: string, pinType: string): NetlistNode => ({
  ref,
  pin: pinFunction,
  pinFunction,
  pinType,
});

describe('per-side signals in prose', () => {
  const m = model(
    proseDoc(
      'design.md',
      'The Drive MCU provides the Left Motor PWM and the Left Motor Direction to U2 and the Right Motor PWM and the Right Motor Direction to U3.',
    ),
    {
      name: 'board.net',
      doc: doc({
        kind: 'kicad_netlist',
        netlist: {
          components: [
            { ref: 'U1', value: 'Drive MCU' },
            { ref: 'U2', value: 'Left Motor Driver' },
            { ref: 'U3', value: 'Right Motor Driver' },
          ],
          nets: [
            { code: '1', name: '/PWM_L', nodes: [pin('U1', 'PA8', 'output'), pin('U2', 'INA', 'input')] },
            { code: '2', name: '/PWM_R', nodes: [pin('U1', 'PA9', 'output'), pin('U3', 'INA', 'input')] },
          ],
        },
      }),
    },
  );
  const namesOf = (net: string) =>
    m.entities.filter((e) => [e.name, ...e.aliases].includes(net)).flatMap((e) => [e.name, ...e.aliases]);

  it('types PWM and direction as signals and meets each net with its side', () => {
    expect(m.entities.find((e) => /Left Motor Direction/.test(e.name))?.entityType).toBe('SIGNAL');
    expect(namesOf('PWM_L')).toContain('Left Motor PWM');
    expect(namesOf('PWM_R')).toContain('Right Motor PWM');
  });

  it('reads no signal as consuming another', () => {
    const listed = model(
      tableDoc('signals.csv', [
        ['Signal', 'Source', 'Destination'],
        ['Right Motor PWM', 'Drive MCU', 'Motor Driver'],
        ['Left Motor PWM', 'Drive MCU', 'Right Motor PWM'],
      ]),
    );
    expect(rels(listed)).toContain('drive mcu PROVIDES left motor pwm');
    expect(rels(listed).filter((r) => /^right motor pwm (CONSUMES|PROVIDES)/.test(r))).toEqual([]);
  });
});
