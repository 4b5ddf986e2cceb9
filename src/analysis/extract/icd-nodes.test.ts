// An interface table whose ends are "Node A" / "Node B": the ends connect to the named interface,
// whose layer column says its protocol, so the netlist's bus nets meet it.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, rels, tableDoc } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string) => ({ ref, pin: '1', pinType });
const icd = tableDoc('icd.md', [
  ['Ref', 'Interface', 'Layer', 'Node A', 'Node B'],
  ['IF-01', 'Deck Network', 'CAN 2.0B, 250 kbit/s', 'Course Computer', 'Chartplotter'],
]);

describe('interface tables with Node A / Node B', () => {
  it('connects both nodes to the interface', () => {
    expect(rels(model(icd))).toEqual([
      'chartplotter CONNECTS deck network',
      'course computer CONNECTS deck network',
    ]);
  });

  it('takes the protocol from the layer, so the netlist CAN nets are that interface', () => {
    const m = model(
      icd,
      netDoc({
        components: [
          { ref: 'U1', value: 'Host MCU' },
          { ref: 'U2', value: 'CAN Transceiver' },
          { ref: 'J1', value: 'Deck Connector' },
        ],
        nets: [
          { code: '1', name: '/N2K_CANH', nodes: [node('U2', 'bidirectional'), node('J1', 'passive')] },
          { code: '2', name: '/N2K_CANL', nodes: [node('U2', 'bidirectional'), node('J1', 'passive')] },
        ],
      }),
    );
    expect(m.entities.filter((e) => e.entityType === 'INTERFACE').map((e) => e.name)).toEqual([
      'Deck Network',
    ]);
    expect(rels(m)).toEqual(expect.arrayContaining(['can transceiver CONNECTS deck network']));
  });
});
