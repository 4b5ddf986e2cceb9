// A connector's board label ("ENC L") stays the connector's name: a bus whose name is made up from its
// nets ("ENC_L" from ENC_L_A and ENC_L_B) does not also carry it.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, tableDoc } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pin: string, pinType: string) => ({ ref, pin, pinType });

describe('board labels', () => {
  const m = model(
    netDoc({
      components: [
        { ref: 'J4', value: 'ENC L' },
        { ref: 'U5', value: 'AM26C32' },
      ],
      nets: [
        { code: '1', name: 'ENC_L_A', nodes: [node('J4', '3', 'passive'), node('U5', '2', 'input')] },
        { code: '2', name: 'ENC_L_B', nodes: [node('J4', '4', 'passive'), node('U5', '6', 'input')] },
      ],
    }),
    tableDoc('icd.docx', [
      ['Interface', 'Lines', 'Connector'],
      ['Left Encoder', 'ENC_L_A, ENC_L_B', 'J4'],
    ]),
  );

  it('stay with the labelled connector', () => {
    const j4 = m.entities.find((e) => e.name === 'J4' || e.aliases.includes('J4'))!;
    expect(j4.aliases).toContain('ENC L');
  });

  it('are no alias of a bus named from its nets', () => {
    const bus = m.entities.find((e) => e.name === 'Left Encoder')!;
    expect(bus.aliases).toEqual(expect.arrayContaining(['ENC_L_A', 'ENC_L_B']));
    expect(bus.aliases.filter((n) => /^ENC[ _]L$/.test(n))).toEqual([]);
  });
});
