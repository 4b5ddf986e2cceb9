// An interface block that types ports is what the ports carry; the connector between them is the
// interface. One a connector is typed by or named after stays that connector's interface.
import { describe, expect, it } from 'vitest';
import { doc, model } from './test-helpers.js';

const block = (id: string, name: string, stereotype = 'block') => ({ id, name, type: 'Class', stereotype });
const port = (id: string, owner: string, typeName: string) => ({
  id,
  name: `p${id}`,
  type: 'Port',
  owner,
  PropertyType: typeName,
});
const jsonDoc = (json: unknown) => model({ name: 'model.json', doc: doc({ kind: 'json', json }) });
const interfaces = (json: unknown) =>
  jsonDoc(json)
    .entities.filter((e) => e.entityType === 'INTERFACE')
    .map((e) => e.name)
    .sort();

describe('interface blocks typing ports', () => {
  const elements = [
    block('b1', 'Burner Controller'),
    block('b2', 'Operator Panel'),
    block('i1', 'RS485', 'interfaceBlock'),
    port('p1', 'b1', 'RS485'),
    port('p2', 'b2', 'RS485'),
  ];

  it('are the ports’ types, not interfaces: the connector between the ports is', () => {
    const connectors = [
      { id: 'c1', name: 'Panel Modbus Link', type: 'Connector', client: 'p1', supplier: 'p2' },
    ];
    expect(interfaces({ elements, connectors })).toEqual(['Panel Modbus Link']);
  });

  it('one a connector is named after or typed by stays the interface', () => {
    const named = [{ id: 'c1', name: 'RS485', type: 'Connector', client: 'p1', supplier: 'p2' }];
    expect(interfaces({ elements, connectors: named })).toEqual(['RS485']);
    const typed = [
      { id: 'c1', name: 'link', type: 'Connector', typeRef: 'i1', client: 'p1', supplier: 'p2' },
    ];
    expect(interfaces({ elements, connectors: typed })).toContain('RS485');
  });
});

describe('an export that does not say which classes are interface blocks (MDK element JSON)', () => {
  // Stereotypes are only ids here; the profile that would name them is not in the export.
  const cls = (id: string, name: string, ownerId: string) => ({
    id,
    name,
    type: 'Class',
    ownerId,
    _appliedStereotypeIds: [`st-${ownerId}`],
  });
  const elements = [
    { id: 'pk1', name: 'Structure', type: 'Package' },
    { id: 'pk2', name: 'Interfaces', type: 'Package' },
    cls('b0', 'Sterilizer', 'pk1'),
    cls('b1', 'Controller', 'pk1'),
    cls('b2', 'Power Module', 'pk1'),
    cls('i1', 'DC24', 'pk2'),
    cls('i2', 'DC5', 'pk2'),
    { id: 'a1', name: 'controller', type: 'Property', ownerId: 'b0', typeId: 'b1', aggregation: 'composite' },
    { id: 'a2', name: 'power', type: 'Property', ownerId: 'b0', typeId: 'b2', aggregation: 'composite' },
    { id: 'p1', name: 'pwrIn', type: 'Port', ownerId: 'b1', typeId: 'i1' },
    { id: 'p2', name: 'dcOut', type: 'Port', ownerId: 'b2', typeId: 'i1' },
  ];
  const names = () =>
    jsonDoc({ elements })
      .entities.map((e) => e.name)
      .sort();

  it('reads a class that types ports and no part as what the ports carry, not a part', () => {
    expect(names()).toContain('Controller');
    expect(names()).not.toContain('DC24');
  });

  it('reads an unused class kept with those port types as one of them', () => {
    expect(names()).not.toContain('DC5');
  });
});
