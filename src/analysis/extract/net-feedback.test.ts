// A regulator's feedback pin on a rail: the regulator makes that rail (its output pin reaches the rail
// only through the inductor), it does not use it.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, rels } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });

describe('feedback pins on a rail', () => {
  it('make the regulator the rail’s provider', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'U7', value: 'LMR36015' },
          { ref: 'U8', value: 'TLV75533' },
          { ref: 'L1', value: '10uH' },
        ],
        nets: [
          {
            code: '3',
            name: '+5V',
            nodes: [
              { ref: 'L1', pin: '2', pinType: 'passive' },
              { ref: 'U7', pin: '6', pinFunction: 'FB', pinType: 'input' },
              { ref: 'U8', pin: '1', pinFunction: 'IN', pinType: 'power_in' },
            ],
          },
        ],
      }),
    );
    expect(rels(m)).toEqual(['lmr36015 PROVIDES +5v', 'tlv75533 CONSUMES +5v']);
  });
});
