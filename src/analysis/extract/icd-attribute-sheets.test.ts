// An ICD that gives each interface an attribute sheet (Node 1 / Node 2) and then its data items with
// arrows written by a short word of a node's name ("Controller → Metering VFD"); and an architecture
// export whose "Sensor Package" is an assembly, not a model folder.
import { describe, expect, it } from 'vitest';
import { withNodeNames } from './icd-arrows.js';
import { doc, model, rels, typeOf } from './test-helpers.js';

const sheet = {
  rows: [
    ['Identifier', 'ICD-1'],
    ['Title', 'Metering Modbus'],
    ['Node 1', 'Dryer Controller Board'],
    ['Node 2', 'Metering VFD (A1)'],
  ],
  location: { table: 0 },
};
const items = (...rows: string[][]) => ({
  rows: [['Data item', 'Register', 'Direction'], ...rows],
  location: { table: 1 },
});

describe('arrow ends written by a short word of a node', () => {
  it('reads the short word as the node whose name holds it', () => {
    const [, t] = withNodeNames([sheet, items(['Speed Setpoint', 'HR 40002', 'Controller → Metering VFD'])]);
    expect(t!.rows[1]![2]).toBe('Dryer Controller Board → Metering VFD');
  });
  it('leaves a word both nodes share, or no node has, as written', () => {
    const both = {
      ...sheet,
      rows: [
        ['Node 1', 'Main Controller'],
        ['Node 2', 'Drive Controller'],
      ],
    };
    expect(withNodeNames([both, items(['X', 'r', 'Controller → Panel'])])[1]!.rows[1]![2]).toBe(
      'Controller → Panel',
    );
  });
  it('gives the items to the node in the model', () => {
    const m = model({
      name: 'icd.docx',
      doc: doc({
        kind: 'docx',
        tables: [sheet, items(['Speed Setpoint', 'HR 40002', 'Controller → Metering VFD'])],
      }),
    });
    expect(rels(m)).toContain('dryer controller board PROVIDES speed setpoint');
    expect(typeOf(m, 'controller')).toBeUndefined();
  });
});

describe('an assembly called a package', () => {
  const m = model({
    name: 'arch.json',
    doc: doc({
      kind: 'json',
      json: {
        tool: 'archlet',
        root: {
          id: 'sys',
          label: 'Tether System',
          kind: 'system',
          children: [
            {
              id: 'sens',
              label: 'Sensor Package',
              kind: 'assembly',
              children: [{ id: 'b2', label: 'Load Pin', kind: 'part' }],
            },
          ],
        },
      },
    }),
  });
  it('is a part of the system that contains its own parts', () => {
    expect(typeOf(m, 'sensor package')).toBeDefined();
    expect(rels(m)).toContain('sensor package CONTAINS load pin');
    expect(rels(m)).not.toContain('tether system CONTAINS load pin');
  });
});
