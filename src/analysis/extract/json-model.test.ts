// Block-model JSON in shapes other exporters write: a flat element list with owner references and
// typed usages, and nested owned components with port-to-port exchanges and functional exchanges.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'model.json', doc: doc({ kind: 'json', json }) });

describe('JSON block models', () => {
  it('reads a flat element list: owner is containment, definitions and ports are not entities', () => {
    const elements = [
      { '@id': 'd1', '@type': 'PartDefinition', declaredName: 'VehicleSystem' },
      { '@id': 'd2', '@type': 'PartDefinition', declaredName: 'Unit' },
      { '@id': 'd3', '@type': 'PartDefinition', declaredName: 'ExternalParty' },
      {
        '@id': 'a',
        '@type': 'PartUsage',
        declaredName: 'Tram Car',
        definition: [{ '@id': 'd1' }],
        owner: null,
      },
      {
        '@id': 'b',
        '@type': 'PartUsage',
        declaredName: 'Door Unit',
        definition: [{ '@id': 'd2' }],
        owner: { '@id': 'a' },
      },
      {
        '@id': 'c',
        '@type': 'PartUsage',
        declaredName: 'Cab Display',
        definition: [{ '@id': 'd2' }],
        owner: { '@id': 'a' },
      },
      {
        '@id': 'x',
        '@type': 'PartUsage',
        declaredName: 'Depot Server',
        definition: [{ '@id': 'd3' }],
        owner: null,
      },
      { '@id': 'pb', '@type': 'PortUsage', declaredName: 'rs485', owner: { '@id': 'b' } },
      { '@id': 'pc', '@type': 'PortUsage', declaredName: 'rs485', owner: { '@id': 'c' } },
      {
        '@id': 'i',
        '@type': 'InterfaceUsage',
        declaredName: 'Door Bus',
        source: [{ '@id': 'pb' }],
        target: [{ '@id': 'pc' }],
      },
      {
        '@id': 'f',
        '@type': 'FlowConnectionUsage',
        itemType: 'Door Status',
        source: [{ '@id': 'b' }],
        target: [{ '@id': 'x' }],
      },
      { '@id': 'g', '@type': 'Dependency', client: [{ '@id': 'c' }], supplier: [{ '@id': 'b' }] },
    ];
    const m = model(jsonDoc({ elements }));
    expect(m.entities.map((e) => e.key).sort()).toEqual(
      ['cab display', 'depot server', 'door bus', 'door status', 'door unit', 'tram car'].sort(),
    );
    expect(typeOf(m, 'tram car')).toBe('SYSTEM');
    expect(typeOf(m, 'depot server')).toBe('COMPONENT');
    expect(rels(m)).toEqual(
      [
        'tram car CONTAINS door unit',
        'tram car CONTAINS cab display',
        'door bus CONNECTS door unit',
        'cab display CONNECTS door bus',
        'door unit PROVIDES door status',
        'depot server CONSUMES door status',
        'cab display DEPENDS_ON door unit',
      ].sort(),
    );
  });

  it('reads nested owned components, actors, component and functional exchanges', () => {
    const json = {
      project: { name: 'Tram Fleet Programme', id: 'p1' },
      architecture: {
        name: 'Logical Architecture',
        ownedLogicalComponents: [
          {
            id: 'L0',
            name: 'Tram Car',
            ownedLogicalComponents: [
              { id: 'L1', name: 'Traction Unit', ownedComponentPorts: [{ id: 'P1', name: 'tcn' }] },
            ],
          },
          { id: 'E1', name: 'Depot Server', isActor: true, ownedComponentPorts: [{ id: 'P2', name: 'wan' }] },
        ],
        ownedComponentExchanges: [{ id: 'CE', name: 'Train Network', sourcePort: 'P1', targetPort: 'P2' }],
        ownedFunctionalExchanges: [
          { id: 'FE', exchangeItem: 'Speed Report', sourceComponent: 'L1', targetComponent: 'E1' },
        ],
      },
    };
    const m = model(jsonDoc(json));
    expect(typeOf(m, 'tram car')).toBe('SYSTEM');
    expect(typeOf(m, 'depot server')).toBe('COMPONENT');
    expect(m.entities.some((e) => /architecture|programme/i.test(e.name))).toBe(false);
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'tram car CONTAINS traction unit',
        'traction unit CONNECTS train network',
        'depot server CONNECTS train network',
        'traction unit PROVIDES speed report',
        'depot server CONSUMES speed report',
      ]),
    );
  });
});
