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
