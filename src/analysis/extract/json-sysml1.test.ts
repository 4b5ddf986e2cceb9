// SysML 1 style exports: blocks own part properties typed by other blocks (references by id), connectors
// are typed by interface blocks and end in property paths, item flows convey classifiers by id.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (json: unknown) => ({ name: 'model.json', doc: doc({ kind: 'json', json }) });

const sysml = {
  '@type': 'Model',
  id: 'm',
  name: 'RX-9',
  ownedElements: [
    {
      '@type': 'Package',
      id: 'pk',
      name: 'Structure',
      ownedElements: [
        {
          '@type': 'Block',
          id: 'ctx',
          name: 'RX-9 Operational Context',
          stereotypes: ['context'],
          ownedElements: [
            { '@type': 'PartProperty', id: 'p0', name: 'sys', typeRef: 'b0' },
            { '@type': 'PartProperty', id: 'p9', name: 'ground', typeRef: 'b9' },
          ],
        },
        {
          '@type': 'Block',
          id: 'b0',
          name: 'Rover Base',
          stereotypes: ['system'],
          ownedElements: [
            { '@type': 'PartProperty', id: 'p1', name: 'ctrl', typeRef: 'b1' },
            { '@type': 'PartProperty', id: 'p2', name: 'psu', typeRef: 'b2' },
          ],
        },
        { '@type': 'Block', id: 'b1', name: 'Drive Controller' },
        { '@type': 'Block', id: 'b2', name: 'Power Unit' },
        { '@type': 'Block', id: 'b9', name: 'Ground Station', stereotypes: ['external'] },
        {
          '@type': 'Connector',
          id: 'c1',
          name: 'c_1',
          typeRef: 'ib1',
          ends: [
            { '@type': 'ConnectorEnd', id: 'e1', propertyPath: ['p0', 'p1'] },
            { '@type': 'ConnectorEnd', id: 'e2', propertyPath: ['p9'] },
          ],
        },
      ],
    },
    {
      '@type': 'Package',
      id: 'pk2',
      name: 'Items',
      ownedElements: [
        { '@type': 'InterfaceBlock', id: 'ib1', name: 'Radio Link' },
        { '@type': 'FlowProperty', id: 'i1', name: 'Drive Power' },
        { '@type': 'FlowProperty', id: 'i2', name: 'Odometry' },
        { '@type': 'FlowProperty', id: 'i3', name: 'Spare Parts List' },
        {
          '@type': 'ItemFlow',
          id: 'f1',
          conveyedRefs: ['i1'],
          informationSourceRef: 'p2',
          informationTargetRef: 'p1',
        },
        {
          '@type': 'ItemFlow',
          id: 'f2',
          conveyedRefs: ['i2'],
          informationSourceRef: 'p1',
          informationTargetRef: 'p9',
        },
      ],
    },
  ],
};

describe('SysML 1 style JSON (part properties typed by blocks, references by id)', () => {
  const m = model(jsonDoc(sysml));

  it('folds a part property into its block: containment is where the part is, the role name no alias', () => {
    expect(m.entities.map((e) => e.name).sort()).toEqual([
      'Drive Controller',
      'Drive Power',
      'Ground Station',
      'Odometry',
      'Power Unit',
      'Radio Link',
      'Rover Base',
      'Spare Parts List',
    ]);
    // A role name is the modeller's handle ("ctrl", "rs485"); as an alias it merged unlike things.
    expect(m.entities.find((e) => e.key === 'drive controller')?.aliases).not.toContain('ctrl');
    expect(typeOf(m, 'rover base')).toBe('SYSTEM');
    expect(rels(m)).toEqual(
      expect.arrayContaining(['rover base CONTAINS drive controller', 'rover base CONTAINS power unit']),
    );
    // The context block and the model root hold the system; they are not parts of it.
    expect(rels(m).filter((r) => r.includes('CONTAINS'))).toHaveLength(2);
  });

  it('reads connector ends by property path and names the interface by the connector type', () => {
    expect(typeOf(m, 'radio link')).toBe('INTERFACE');
    expect(rels(m)).toEqual(
      expect.arrayContaining(['drive controller CONNECTS radio link', 'ground station CONNECTS radio link']),
    );
  });

  it('reads item flows by id: the conveyed classifier is a resource or a signal, not a part', () => {
    expect(typeOf(m, 'drive power')).toBe('RESOURCE');
    expect(typeOf(m, 'odometry')).toBe('SIGNAL');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'power unit PROVIDES drive power',
        'drive controller CONSUMES drive power',
        'drive controller PROVIDES odometry',
        'ground station CONSUMES odometry',
      ]),
    );
    // A classifier no flow conveys keeps the type its kind gives.
    expect(m.entities.find((e) => e.name === 'Spare Parts List')?.entityType).toBe('COMPONENT');
  });

  it('keeps a block used in two places apart from its usages', () => {
    const twice = structuredClone(sysml);
    const base = twice.ownedElements[0]!.ownedElements[1] as unknown as { ownedElements: unknown[] };
    base.ownedElements.push({ '@type': 'PartProperty', id: 'p3', name: 'Spare Controller', typeRef: 'b1' });
    const m2 = model(jsonDoc(twice));
    expect(m2.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['ctrl', 'Spare Controller']));
  });
});
