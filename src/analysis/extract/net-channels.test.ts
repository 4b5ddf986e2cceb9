// Lettered channels ("PWM_A … PWM_C") are signals, not a differential pair; a parallel bus's lines
// named "<protocol>_<line>" are one interface.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { foldBuses } from './net-buses.js';
import { doc, model, typeOf } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string) => ({ ref, pin: '1', pinType });

describe('lettered nets', () => {
  it('keeps A and B as channels when a C sibling shows the letters count phases', () => {
    expect(foldBuses(['PWM_A', 'PWM_B', 'PWM_C']).size).toBe(0);
  });

  it('still folds an A/B pair with no further letters into one bus', () => {
    expect(foldBuses(['RS485_A', 'RS485_B']).get('RS485_A')?.name).toBe('RS485');
  });
});

describe('parallel bus lines', () => {
  it('folds "RMII_TXD0", "RMII_CRS_DV" and "RMII_REF" into one RMII interface', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'U1', value: 'Main CPU' },
          { ref: 'U2', value: 'Ethernet PHY' },
        ],
        nets: ['RMII_TXD0', 'RMII_CRS_DV', 'RMII_REF'].map((name, i) => ({
          code: String(i),
          name,
          nodes: [node('U1', 'bidirectional'), node('U2', 'bidirectional')],
        })),
      }),
    );
    expect(typeOf(m, 'rmii')).toBe('INTERFACE');
    expect(m.entities.filter((e) => e.entityType === 'INTERFACE')).toHaveLength(1);
  });

  it('keeps a protocol net whose second word is a name, not a line ("CAN_MOTOR_H"), apart', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'U1', value: 'Main CPU' },
          { ref: 'U2', value: 'Motor Transceiver' },
        ],
        nets: [
          {
            code: '1',
            name: 'CAN_MOTOR_H',
            nodes: [node('U1', 'bidirectional'), node('U2', 'bidirectional')],
          },
          {
            code: '2',
            name: 'CAN_MOTOR_L',
            nodes: [node('U1', 'bidirectional'), node('U2', 'bidirectional')],
          },
        ],
      }),
    );
    expect(typeOf(m, 'can motor')).toBe('INTERFACE');
  });
});
