// A bridge's output pair on power_out pins ("MOT_A", "MOT_B") is the two lines of a link to the motor,
// not two rails the bridge provides.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, rels } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pin: string, pinType: string) => ({ ref, pin, pinType });

describe('bridge outputs', () => {
  const m = model(
    netDoc({
      components: [
        { ref: 'U2', value: 'VNH5019A-E' },
        { ref: 'U8', value: 'TLV75533' },
        { ref: 'U1', value: 'STM32G474' },
      ],
      nets: [
        { code: '1', name: 'MOT_A', nodes: [node('U2', '2', 'power_out'), node('U1', '9', 'input')] },
        { code: '2', name: 'MOT_B', nodes: [node('U2', '14', 'power_out'), node('U1', '10', 'input')] },
        { code: '3', name: 'VDD_MCU', nodes: [node('U8', '5', 'power_out'), node('U1', '11', 'power_in')] },
      ],
    }),
  );

  it('are one interface the bridge is on, not rails it provides', () => {
    expect(m.entities.filter((e) => e.entityType === 'RESOURCE').map((e) => e.name)).toEqual(['VDD_MCU']);
    expect(rels(m)).toContain('mot CONNECTS vnh5019a e');
    expect(rels(m).filter((r) => /PROVIDES mot/.test(r))).toEqual([]);
  });
});
