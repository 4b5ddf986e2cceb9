// A graph database's export (Neo4j APOC: one array of node and relationship records) read as a block
// model: PART_OF from child to parent, ports hung on blocks by HAS_PORT, named connections between
// ports, item flows between blocks.
import { describe, expect, it } from 'vitest';
import { isGraphRecords } from './json-records.js';
import { doc, model, rels, typeOf } from './test-helpers.js';

const node = (id: string, labels: string[], properties: Record<string, string>) => ({
  type: 'node',
  id,
  labels,
  properties,
});
const edge = (id: string, label: string, start: string, end: string, properties = {}) => ({
  type: 'relationship',
  id,
  label,
  start: { id: start },
  end: { id: end },
  properties,
});
const records = [
  node('0', ['Block', 'System'], { name: 'Sonar System' }),
  node('1', ['Block', 'Part'], { name: 'Sonar FPGA' }),
  node('2', ['Block', 'Part'], { name: 'Topside Computer' }),
  node('3', ['Port'], { name: 'eth' }),
  node('4', ['Port'], { name: 'eth' }),
  node('5', ['Requirement'], { name: 'SR-030', text: 'Stop transmitting on a leak' }),
  edge('10', 'PART_OF', '1', '0'),
  edge('11', 'PART_OF', '2', '0'),
  edge('12', 'HAS_PORT', '1', '3'),
  edge('13', 'HAS_PORT', '2', '4'),
  edge('14', 'CONNECTED_TO', '3', '4', { name: 'Tow Link', protocol: '100BASE-TX' }),
  edge('15', 'FLOWS_TO', '1', '2', { item: 'Sidescan Record', kind: 'information' }),
  edge('16', 'SATISFIES', '1', '5'),
];
const jsonDoc = (json: unknown) => ({ name: 'graph.json', doc: doc({ kind: 'json', json }) });

describe('graph database record exports', () => {
  it('reads containment, named connections and item flows', () => {
    const m = model(jsonDoc(records));
    expect(typeOf(m, 'sonar system')).toBe('SYSTEM');
    expect(typeOf(m, 'tow link')).toBe('INTERFACE');
    expect(typeOf(m, 'sidescan record')).toBe('SIGNAL');
    expect(rels(m)).toEqual(
      [
        'sonar system CONTAINS sonar fpga',
        'sonar system CONTAINS topside computer',
        'sonar fpga CONNECTS tow link',
        'topside computer CONNECTS tow link',
        'sonar fpga PROVIDES sidescan record',
        'topside computer CONSUMES sidescan record',
      ].sort(),
    );
    expect(m.entities.map((e) => e.key)).not.toContain('sr 030');
  });

  it('leaves an array of other objects to the block-model reader', () => {
    expect(isGraphRecords(records)).toBe(true);
    expect(
      isGraphRecords([
        { type: 'node', name: 'Pump' },
        { type: 'block', name: 'Valve' },
      ]),
    ).toBe(false);
  });
});
