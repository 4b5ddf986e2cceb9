// Graph-shaped model exports (typed nodes and verb-typed edges) and path references to nested parts.
import { describe, expect, it } from 'vitest';
import { edgeMeaning } from './json-graph.js';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'graph.json', doc: doc({ kind: 'json', json }) });

describe('graph-shaped JSON exports', () => {
  const graph = {
    nodes: [
      { id: 1, kind: 'block', label: 'Gate Drive System', attrs: { shortName: 'GDS' } },
      { id: 2, kind: 'part', label: 'Gate Controller', attrs: { designator: 'U1' } },
      { id: 3, kind: 'part', label: 'Motor Unit' },
      { id: 4, kind: 'actor', label: 'Site Server' },
      { id: 5, kind: 'interface', label: 'Site Network' },
      { id: 6, kind: 'item', label: 'Open Command', attrs: { nature: 'information' } },
      { id: 7, kind: 'item', label: 'Motor Supply', attrs: { nature: 'energy' } },
      { id: 8, kind: 'requirement', label: 'REQ-7', attrs: { text: 'The gate shall open.' } },
    ],
    edges: [
      { from: 1, to: 2, rel: 'composedOf' },
      { from: 1, to: 3, rel: 'composedOf' },
      { from: 4, to: 5, rel: 'attachedTo' },
      { from: 2, to: 5, rel: 'attachedTo' },
      { from: 4, to: 6, rel: 'produces' },
      { from: 2, to: 6, rel: 'consumes' },
      { from: 2, to: 7, rel: 'produces' },
      { from: 3, to: 7, rel: 'consumes' },
      { from: 3, to: 2, rel: 'requires' },
      { from: 8, to: 2, rel: 'satisfiedBy' },
    ],
  };

  it('reads numeric ids, whole–part edges as containment and the edge verbs as relationships', () => {
    const m = model(jsonDoc(graph));
    expect(typeOf(m, 'gate drive system')).toBe('SYSTEM');
    expect(typeOf(m, 'open command')).toBe('SIGNAL');
    expect(typeOf(m, 'motor supply')).toBe('RESOURCE');
    expect(typeOf(m, 'site network')).toBe('INTERFACE');
    expect(m.entities.find((e) => e.key === 'gate controller')?.aliases).toContain('U1');
    expect(rels(m)).toEqual(
      [
        'gate drive system CONTAINS gate controller',
        'gate drive system CONTAINS motor unit',
        'site network CONNECTS site server',
        'gate controller CONNECTS site network',
        'site server PROVIDES open command',
        'gate controller CONSUMES open command',
        'gate controller PROVIDES motor supply',
        'motor unit CONSUMES motor supply',
        'motor unit DEPENDS_ON gate controller',
      ].sort(),
    );
  });

  it('proposes no entity for a requirement node and no relationship for a trace edge', () => {
    const m = model(jsonDoc(graph));
    expect(m.entities.map((e) => e.key)).not.toContain('req 7');
    expect(rels(m).some((r) => r.includes('req'))).toBe(false);
  });

  it('leaves an edge whose verb it does not know to the array it sits in', () => {
    expect(edgeMeaning('composedOf')).toEqual({ type: 'CONTAINS' });
    expect(edgeMeaning('partOf')).toEqual({ type: 'CONTAINS', reversed: true });
    expect(edgeMeaning('satisfiedBy')).toBe('trace');
    expect(edgeMeaning('blocks')).toBeUndefined();
  });
});

describe('path references in a nested model', () => {
  it('resolves "a/b/c:port" to the deepest part it reaches, with ids local to their owner', () => {
    const json = {
      root: {
        id: 'sys',
        name: 'Pump Station',
        parts: [
          {
            id: 'ctl',
            name: 'Control Unit',
            parts: [{ id: 'cpu', name: 'Main CPU', ports: [{ id: 'io' }] }],
          },
          { id: 'drv', name: 'Drive Unit', parts: [{ id: 'cpu', name: 'Drive CPU' }] },
        ],
      },
      context: [{ id: 'scada', name: 'Plant SCADA' }],
      itemFlows: [
        { item: 'Speed Setpoint', source: 'sys/ctl/cpu:io', target: 'sys/drv/cpu' },
        { item: 'Alarm Word', source: 'sys/drv/cpu', target: 'context/scada' },
      ],
    };
    expect(rels(model(jsonDoc(json))).filter((r) => !r.includes('CONTAINS'))).toEqual(
      [
        'main cpu PROVIDES speed setpoint',
        'drive cpu CONSUMES speed setpoint',
        'drive cpu PROVIDES alarm word',
        'plant scada CONSUMES alarm word',
      ].sort(),
    );
  });
});
