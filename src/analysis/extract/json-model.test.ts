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

  it('reads blocks keyed by id, children id lists, and one links array of connectors, flows and dependencies', () => {
    const json = {
      format: 'blockdiagram-exchange',
      project: { title: 'Sprayer logical architecture', rootBlock: 'b1' },
      blocks: {
        b1: { label: 'Sprayer', kind: 'system', children: ['b2', 'b3'], ports: {} },
        b2: { label: 'Rate Module', kind: 'assembly', children: [], ports: { 'p-bus': { label: 'bus' } } },
        b3: { label: 'Valve Module', kind: 'assembly', children: [], ports: { 'p-bus': { label: 'bus' } } },
        x1: { label: 'Tractor', kind: 'external', children: [], ports: {} },
      },
      links: [
        { id: 'l1', type: 'connector', label: 'Valve SPI', from: 'b2/p-bus', to: 'b3/p-bus' },
        { id: 'l2', type: 'flow', conveys: 'Section Commands', from: 'b2', to: 'b3' },
        { id: 'l3', type: 'flow', conveys: 'Implement Feed', from: 'x1', to: 'b2', nature: 'energy' },
        { id: 'l4', type: 'dependency', from: 'b3', to: 'b2' },
      ],
    };
    const m = model(jsonDoc(json));
    expect(typeOf(m, 'sprayer')).toBe('SYSTEM');
    expect(typeOf(m, 'tractor')).toBe('COMPONENT');
    expect(typeOf(m, 'implement feed')).toBe('RESOURCE');
    expect(rels(m)).toEqual(
      [
        'sprayer CONTAINS rate module',
        'sprayer CONTAINS valve module',
        'rate module CONNECTS valve spi',
        'valve module CONNECTS valve spi',
        'rate module PROVIDES section command',
        'valve module CONSUMES section command',
        'tractor PROVIDES implement feed',
        'rate module CONSUMES implement feed',
        'valve module DEPENDS_ON rate module',
      ].sort(),
    );
  });

  it('reads graph edges typed by what they carry, and keeps external parties outside the system', () => {
    const json = {
      model: {
        name: 'Rover',
        nodes: [
          { id: 'n1', name: 'Rover', type: 'System' },
          { id: 'n2', name: 'Power Unit', type: 'Subsystem', parent: 'n1' },
          { id: 'n3', name: 'Drive Computer', type: 'Component', parent: 'n1' },
          { id: 'n4', name: 'Ground Station', type: 'External' },
        ],
        edges: [
          { id: 'e1', source: 'n2', target: 'n3', type: 'power', label: '28V Bus' },
          { id: 'e2', source: 'n3', target: 'n4', type: 'data', label: 'Telemetry' },
          { id: 'e3', source: 'n3', target: 'n4', type: 'interface', label: 'Radio Link' },
        ],
      },
    };
    const m = model(jsonDoc(json));
    expect(typeOf(m, '28v bus')).toBe('RESOURCE');
    expect(typeOf(m, 'telemetry')).toBe('SIGNAL');
    expect(m.entities.find((e) => e.key === 'ground station')?.parentKey).toBeUndefined();
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'power unit PROVIDES 28v bus',
        'drive computer CONSUMES 28v bus',
        'drive computer PROVIDES telemetry',
        'ground station CONSUMES telemetry',
        'drive computer CONNECTS radio link',
      ]),
    );
  });

  it('reads containment stated as partOf', () => {
    const m = model(
      jsonDoc({
        elements: [
          { id: 'a', name: 'Buoy', kind: 'system' },
          { id: 'b', name: 'Float', kind: 'assembly', partOf: 'a' },
        ],
      }),
    );
    expect(rels(m)).toEqual(['buoy CONTAINS float']);
  });

  it('reads "between" ends, lists of items and source/target keys with a suffix; externals stay outside', () => {
    const m = model(
      jsonDoc({
        architecture: {
          name: 'Buoy',
          type: 'system',
          subsystems: [
            { name: 'Power Module', type: 'subsystem', components: [{ name: 'Battery', type: 'component' }] },
            { name: 'Sensor Module', type: 'subsystem' },
          ],
          externals: [{ name: 'Shore Station' }],
        },
        interfaces: [{ name: 'Serial Link', between: ['Power Module', 'Sensor Module'] }],
        flows: [
          {
            from_block: 'Sensor Module',
            to_block: 'Shore Station',
            items: ['Wave Height', 'Water Temperature'],
          },
          { src: 'Battery', dst: 'Sensor Module', item: '12V Bus', kind: 'power' },
        ],
      }),
    );
    expect(m.entities.find((e) => e.key === 'shore station')?.parentKey).toBeUndefined();
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'power module CONNECTS serial link',
        'sensor module CONNECTS serial link',
        'sensor module PROVIDES wave height',
        'shore station CONSUMES water temperature',
        'battery PROVIDES 12v bus',
      ]),
    );
    expect(typeOf(m, '12v bus')).toBe('RESOURCE');
  });

  it('skips packages, reads ownedPart references and owningType, and makes the sole root the system', () => {
    const m = model(
      jsonDoc([
        { '@id': 'pk', '@type': 'Package', declaredName: 'Buoy Package', ownedMember: [{ '@id': 'a' }] },
        {
          '@id': 'a',
          '@type': 'PartUsage',
          declaredName: 'Buoy',
          owningNamespace: { '@id': 'pk' },
          ownedPart: [{ '@id': 'b' }],
        },
        { '@id': 'b', '@type': 'PartUsage', declaredName: 'Float' },
        { '@id': 'c', '@type': 'PartUsage', declaredName: 'Beacon', owningType: { '@id': 'a' } },
      ]),
    );
    expect(m.entities.map((e) => e.key).sort()).toEqual(['beacon', 'buoy', 'float']);
    expect(typeOf(m, 'buoy')).toBe('SYSTEM');
    expect(rels(m)).toEqual(['buoy CONTAINS beacon', 'buoy CONTAINS float']);
  });
});
