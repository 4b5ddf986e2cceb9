// Relation-list model exports (GENESYS/CORE-like): elements grouped by class name and one list of
// {relation, source, target}; who provides or consumes an item is only reachable through the function
// allocated to a part.
import { describe, expect, it } from 'vitest';
import { edgeMeaning } from './json-graph.js';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'model-export.json', doc: doc({ kind: 'json', json }) });

describe('relation-list model exports', () => {
  const exported = {
    exportInfo: { tool: 'CORE 9', schema: 'Systems Engineering schema' },
    elements: {
      Component: [
        { id: 'c1', name: 'Irrigation Controller', type: 'System' },
        { id: 'c2', name: 'Valve Board', type: 'Assembly' },
        { id: 'c3', name: 'Valve Driver', type: 'Hardware' },
        { id: 'c4', name: 'Soil Probe', type: 'Hardware' },
        { id: 'c9', name: 'Weather Service', type: 'External System' },
      ],
      Link: [{ id: 'l1', name: 'Probe Bus', protocol: 'RS-485' }],
      Item: [
        { id: 'i1', name: 'Soil Moisture', type: 'Data' },
        { id: 'i2', name: 'Rain Forecast', type: 'Data' },
        { id: 'i3', name: 'Valve Power', type: 'Energy' },
      ],
      Function: [
        { id: 'f1', name: 'Measure Moisture' },
        { id: 'f2', name: 'Schedule Watering' },
        { id: 'f3', name: 'Forecast Rain' },
        { id: 'f4', name: 'Open Valves' },
      ],
      Requirement: [{ id: 'r1', name: 'Water within 5 min of a dry reading' }],
    },
    relations: [
      { relation: 'built from', source: 'c1', target: 'c2' },
      { relation: 'built from', source: 'c1', target: 'c4' },
      { relation: 'built from', source: 'c2', target: 'c3' },
      { relation: 'connected to', source: 'c2', target: 'l1' },
      { relation: 'connected to', source: 'c4', target: 'l1' },
      { relation: 'transfers', source: 'l1', target: 'i1' },
      { relation: 'allocated to', source: 'f1', target: 'c4' },
      { relation: 'allocated to', source: 'f2', target: 'c2' },
      { relation: 'allocates', source: 'c9', target: 'f3' },
      { relation: 'allocated to', source: 'f4', target: 'c3' },
      { relation: 'output from', source: 'i1', target: 'f1' },
      { relation: 'input to', source: 'i1', target: 'f2' },
      { relation: 'output from', source: 'i2', target: 'f3' },
      { relation: 'input to', source: 'i2', target: 'f2' },
      { relation: 'output from', source: 'i3', target: 'f4' },
      { relation: 'specifies', source: 'r1', target: 'c2' },
    ],
  };

  it('keeps parts, links and items, and no functions or requirements', () => {
    const m = model(jsonDoc(exported));
    expect(m.entities.map((e) => e.name).sort()).toEqual(
      [
        'Irrigation Controller',
        'Valve Board',
        'Valve Driver',
        'Soil Probe',
        'Weather Service',
        'Probe Bus',
        'Soil Moisture',
        'Rain Forecast',
        'Valve Power',
      ].sort(),
    );
    expect(typeOf(m, 'probe bus')).toBe('INTERFACE');
    expect(typeOf(m, 'soil moisture')).toBe('SIGNAL');
    expect(typeOf(m, 'valve power')).toBe('RESOURCE');
  });

  it('reads "built from" as containment and items through the functions allocated to parts', () => {
    expect(rels(model(jsonDoc(exported)))).toEqual(
      [
        'irrigation controller CONTAINS valve board',
        'irrigation controller CONTAINS soil probe',
        'valve board CONTAINS valve driver',
        'probe bus CONNECTS valve board',
        'probe bus CONNECTS soil probe',
        'soil probe PROVIDES soil moisture',
        'valve board CONSUMES soil moisture',
        'weather service PROVIDES rain forecast',
        'valve board CONSUMES rain forecast',
        'valve driver PROVIDES valve power',
      ].sort(),
    );
  });

  it('reads the item-to-function verbs the right way round', () => {
    expect(edgeMeaning('output from')).toEqual({ type: 'PROVIDES', reversed: true });
    expect(edgeMeaning('input to')).toEqual({ type: 'CONSUMES', reversed: true });
    expect(edgeMeaning('built from')).toEqual({ type: 'CONTAINS' });
    expect(edgeMeaning('transfers')).toBe('trace');
  });
});
