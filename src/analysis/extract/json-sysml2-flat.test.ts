// SysML v2-style flat element lists: usages typed by definitions ("rack" : "BR-50 Battery Storage
// Rack"), a context part owning the system and its neighbours, and flow connections whose ends are
// the ports' features and whose payload is an item definition referenced by id.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (elements: unknown[]) => ({
  name: 'model.json',
  doc: doc({ kind: 'json', json: { '@context': 'https://www.omg.org/spec/SysML/2.0', elements } }),
});
const part = (id: string, name: string, owner: string | null, definition: string[] = []) => ({
  '@type': 'PartUsage',
  '@id': id,
  declaredName: name,
  owner: owner ? { '@id': owner } : null,
  definition: definition.map((d) => ({ '@id': d })),
});
const port = (id: string, owner: string) => ({
  '@type': 'PortUsage',
  '@id': id,
  declaredName: id,
  owner: { '@id': owner },
});

const elements = (contextName: string) => [
  { '@type': 'PartDefinition', '@id': 'def-kiln', declaredName: 'KX-2 Kiln System' },
  { '@type': 'PartDefinition', '@id': 'def-ctx', declaredName: contextName },
  part('ctx', 'plant', null, ['def-ctx']),
  part('kiln', 'kiln', 'ctx', ['def-kiln']),
  part('scada', 'Plant SCADA', 'ctx'),
  part('ctl', 'Burner Controller', 'kiln'),
  part('psu', 'Power Supply', 'kiln'),
  port('ctl-in', 'ctl'),
  port('psu-out', 'psu'),
  { '@type': 'ItemDefinition', '@id': 'it-24v', declaredName: '24V Supply' },
  { '@type': 'ItemDefinition', '@id': 'it-flame', declaredName: 'Flame Status' },
  {
    '@type': 'FlowConnectionUsage',
    '@id': 'f1',
    owner: { '@id': 'kiln' },
    payloadType: { '@id': 'it-24v' },
    sourceOutputFeature: { '@id': 'psu-out' },
    targetInputFeature: { '@id': 'ctl-in' },
  },
  {
    '@type': 'FlowConnectionUsage',
    '@id': 'f2',
    owner: { '@id': 'kiln' },
    payloadType: { '@id': 'it-flame' },
    sourceOutputFeature: { '@id': 'ctl-in' },
    targetInputFeature: { '@id': 'psu-out' },
  },
];

describe('SysML v2 flat element lists', () => {
  it('a part typed by a context definition is the context, not a system that holds the product', () => {
    const m = model(jsonDoc(elements('PlantContext')));
    expect(typeOf(m, 'plant')).toBeUndefined();
    expect(typeOf(m, 'kx 2 kiln system')).toBe('SYSTEM');
    expect(rels(m).some((r) => r.startsWith('plant '))).toBe(false);
    expect(typeOf(m, 'plant scada')).toBe('COMPONENT');
  });

  it('a part typed by any other definition is a part, and holds what it owns', () => {
    const m = model(jsonDoc(elements('PlantSite')));
    expect(typeOf(m, 'plant')).toBe('SYSTEM');
    expect(rels(m)).toContain('plant CONTAINS plant scada');
  });

  it('a usage named by its role takes the words of the definition it alone is typed by', () => {
    const m = model(jsonDoc(elements('PlantContext')));
    const kiln = m.entities.find((e) => e.key === 'kx 2 kiln system');
    expect(kiln?.aliases).toContain('kiln');
    expect(rels(m)).toContain('kx 2 kiln system CONTAINS burner controller');
  });

  it('a definition typing two usages names neither of them', () => {
    const m = model(
      jsonDoc([
        { '@type': 'PartDefinition', '@id': 'def-fan', declaredName: 'Cooling Fan' },
        part('sys', 'Kiln', null),
        part('f1', 'fanLeft', 'sys', ['def-fan']),
        part('f2', 'fanRight', 'sys', ['def-fan']),
      ]),
    );
    expect(typeOf(m, 'fanleft')).toBe('COMPONENT');
    expect(typeOf(m, 'cooling fan')).toBeUndefined();
  });

  it('a flow connection carries its payload definition from the source feature to the target', () => {
    const m = model(jsonDoc(elements('PlantContext')));
    expect(typeOf(m, '24v supply')).toBe('RESOURCE');
    expect(typeOf(m, 'flame status')).toBe('SIGNAL');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'power supply PROVIDES 24v supply',
        'burner controller CONSUMES 24v supply',
        'burner controller PROVIDES flame status',
        'power supply CONSUMES flame status',
      ]),
    );
  });
});
