// The extractors on small hand-built documents: each rule the quality fixtures rely on, stated once.
import { describe, expect, it } from 'vitest';
import type { ReadDocument } from '../documents/types.js';
import { extractModel } from './extract.js';
import { isPowerName, normaliseName, railKey, splitAcronym } from './normalise.js';
import type { ExtractedModel } from './types.js';

const doc = (partial: Partial<ReadDocument>): ReadDocument => ({
  kind: 'text',
  text: '',
  blocks: [],
  tables: [],
  ...partial,
});
const rel = (m: ExtractedModel): string[] =>
  m.relationships.map((r) => `${r.sourceKey} ${r.relationshipType} ${r.targetKey}`).sort();
const entity = (m: ExtractedModel, key: string) => m.entities.find((e) => e.key === key);

describe('normalise', () => {
  it('ignores case, punctuation, spacing, plurals and a leading article', () => {
    expect(normaliseName('The  Solar-Panels')).toBe(normaliseName('solar panel'));
    expect(splitAcronym('Ground Support Equipment (GSE)')).toEqual({
      name: 'Ground Support Equipment',
      acronym: 'GSE',
    });
  });
  it('knows rails by their voltage and keeps sense lines apart', () => {
    expect(railKey('+3V3')).toBe(railKey('3.3 V rail'));
    expect(isPowerName('VBAT')).toBe(true);
    expect(isPowerName('VBAT_SENSE')).toBe(false);
  });
});

describe('extractModel', () => {
  it('reads a BOM past its preamble, with subassemblies as containers', () => {
    const rows = [
      ['Acme BOM', 'Rev A'],
      [],
      ['RefDes', 'Description', 'MPN', 'Qty', 'Assembly'],
      ['U1', 'Motor Controller', 'X100', '1', 'Drive Board'],
      ['U2', 'Current Sensor', 'Y200', '1', 'Drive Board'],
    ];
    const m = extractModel([{ name: 'bom.csv', doc: doc({ tables: [{ rows, location: { table: 0 } }] }) }]);
    expect(entity(m, 'motor controller')).toMatchObject({
      entityType: 'COMPONENT',
      externalId: 'U1',
      parentKey: 'drive board',
    });
    expect(entity(m, 'drive board')?.entityType).toBe('SUBSYSTEM');
    expect(rel(m)).toContain('drive board CONTAINS current sensor');
  });

  it('merges a netlist part with its BOM line by refdes, and reads rails and buses from nets', () => {
    const bom = [
      ['Designator', 'Name', 'Quantity'],
      ['U1', 'Main MCU', '1'],
      ['U2', 'Buck Converter', '1'],
    ];
    const netlist = {
      components: [
        { ref: 'U1', value: 'STM32F4' },
        { ref: 'U2', value: 'TPS5430' },
        { ref: 'U3', value: 'MCP2551' },
      ],
      nets: [
        {
          code: '1',
          name: '+3V3',
          nodes: [
            { ref: 'U2', pin: '1', pinType: 'power_out' },
            { ref: 'U1', pin: '2', pinType: 'power_in' },
          ],
        },
        {
          code: '2',
          name: '/CAN_TX',
          nodes: [
            { ref: 'U1', pin: '3' },
            { ref: 'U3', pin: '1' },
          ],
        },
        {
          code: '3',
          name: 'Net-(U1-Pad9)',
          nodes: [
            { ref: 'U1', pin: '9' },
            { ref: 'U3', pin: '2' },
          ],
        },
      ],
    };
    const m = extractModel([
      { name: 'bom.csv', doc: doc({ tables: [{ rows: bom, location: {} }] }) },
      { name: 'board.net', doc: doc({ kind: 'kicad_netlist', netlist }) },
    ]);
    expect(entity(m, 'main mcu')?.aliases).toContain('STM32F4');
    expect(rel(m)).toEqual(
      [
        'buck converter PROVIDES +3v3',
        'main mcu CONSUMES +3v3',
        'can CONNECTS main mcu',
        'can CONNECTS mcp2551',
      ].sort(),
    );
  });

  it('reads relations from prose and keeps an acronym as an alias', () => {
    const blocks = [
      {
        kind: 'paragraph' as const,
        text: 'The Power Control Unit (PCU) supplies the 28V Bus. The Star Tracker is powered from the 28V Bus.',
        location: { line: 1 },
      },
      {
        kind: 'paragraph' as const,
        text: 'REQ-12: The PCU shall provide the 28V Bus to the Heater in Safe Mode.',
        location: { line: 2 },
      },
    ];
    const m = extractModel([{ name: 'design.md', doc: doc({ kind: 'markdown', blocks }) }]);
    expect(entity(m, 'power control unit')?.aliases).toContain('PCU');
    expect(rel(m)).toEqual(
      [
        'power control unit PROVIDES 28v bus',
        'star tracker CONSUMES 28v bus',
        'heater CONSUMES 28v bus',
      ].sort(),
    );
    expect(m.entities.map((e) => e.name)).not.toContain('Safe Mode');
  });

  it('is deterministic', () => {
    const rows = [
      ['N2', 'A', 'B'],
      ['A', '', 'data'],
      ['B', 'ack', ''],
    ];
    const docs = [{ name: 'n2.csv', doc: doc({ tables: [{ rows, location: {} }] }) }];
    expect(extractModel(docs)).toEqual(extractModel(docs));
  });
});
