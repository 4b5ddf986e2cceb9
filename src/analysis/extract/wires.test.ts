// Wiring facts that are not relationships of their own: a passive pin on a rail, a bus line listed in a
// contact table, and a connection that carries a named link.
import { describe, expect, it } from 'vitest';
import type { Netlist } from '../documents/types.js';
import { doc, model, rels, tableDoc } from './test-helpers.js';

const netDoc = (netlist: Netlist) => ({ name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) });
const node = (ref: string, pinType: string) => ({ ref, pin: '1', pinType });

describe('passive pins on a rail', () => {
  it('gives a fuse or relay contact no relationship, and still connects a connector', () => {
    const m = model(
      netDoc({
        components: [
          { ref: 'F1', value: 'Input Fuse' },
          { ref: 'U1', value: 'Buck Converter' },
          { ref: 'J1', value: 'Power Inlet' },
        ],
        nets: [
          {
            code: '1',
            name: '+24V',
            nodes: [node('J1', 'passive'), node('F1', 'passive'), node('U1', 'power_in')],
          },
        ],
      }),
    );
    expect(rels(m)).toEqual(['+24v CONNECTS power inlet', 'buck converter CONSUMES +24v']);
  });
});

describe('contact tables', () => {
  it('skips dash rows and bus lines without ends, and keeps the items with a sender', () => {
    const m = model(
      tableDoc('icd.md', [
        ['Contact', 'Signal name', 'Type', 'From', 'To'],
        ['1', 'CANH', 'Site CAN', '-', '-'],
        ['2', '-', '-', '-', '-'],
        ['3', 'TRIP_CMD', 'Digital', 'Safety Relay', 'Main CPU'],
      ]),
    );
    expect(m.entities.map((e) => e.name).sort()).toEqual(['Main CPU', 'Safety Relay', 'TRIP_CMD']);
  });
});

describe('connections that carry a link', () => {
  it('puts both ends on the carried link as an interface', () => {
    const json = {
      root: {
        id: 's',
        name: 'Kiln Line',
        parts: [
          { id: 'a', name: 'Burner Unit' },
          { id: 'b', name: 'Line PLC' },
        ],
      },
      connections: [{ id: 'c1', carries: 'Kiln Bus', ends: ['s/a', 's/b'] }],
    };
    const m = model({ name: 'm.json', doc: doc({ kind: 'json', json }) });
    expect(rels(m).filter((r) => r.includes('CONNECTS'))).toEqual([
      'burner unit CONNECTS kiln bus',
      'kiln bus CONNECTS line plc',
    ]);
  });
});
