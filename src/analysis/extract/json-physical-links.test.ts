// A Capella-like physical architecture: links listed under "physicalLinks", exchanged items under
// "exchangeItems" with a mechanism as their kind ("EVENT"), and component exchanges that name their items
// under "allocatedExchangeItems". The links were read as parts and the items as components.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const capella = {
  name: 'model.json',
  doc: doc({
    kind: 'json',
    json: {
      exporter: 'Capella 6.1',
      components: [
        { id: 'PC-1', name: 'Wallbox', kind: 'PhysicalComponent', nature: 'NODE', parts: ['PC-2', 'PC-3'] },
        { id: 'PC-2', name: 'Controller Board', kind: 'PhysicalComponent', nature: 'NODE' },
        { id: 'PC-3', name: 'Main Contactor', kind: 'PhysicalComponent', nature: 'NODE' },
        { id: 'PC-9', name: 'Energy Meter', kind: 'PhysicalComponent', nature: 'NODE', actor: true },
      ],
      physicalLinks: [
        {
          id: 'PL-1',
          name: 'Meter Modbus Link',
          interfaceId: 'IF-01',
          ends: [
            { port: 'pp-1', component: 'PC-2' },
            { port: 'pp-9', component: 'PC-9' },
          ],
        },
      ],
      exchangeItems: [
        { id: 'EI-1', name: 'Contactor Command', kind: 'EVENT' },
        { id: 'EI-2', name: 'Card UID', kind: 'SHARED_DATA' },
      ],
      componentExchanges: [
        {
          id: 'CE-1',
          name: 'Contactor Command',
          allocatedExchangeItems: ['EI-1'],
          source: { port: 'cp-1', component: 'PC-2' },
          target: { port: 'cp-3', component: 'PC-3' },
        },
        {
          id: 'CE-2',
          name: 'Card UID',
          allocatedExchangeItems: ['EI-2'],
          source: { port: 'cp-9', component: 'PC-9' },
          target: { port: 'cp-1', component: 'PC-2' },
        },
      ],
    },
  }),
};

describe('a Capella-like physical architecture export', () => {
  const m = model(capella);
  it('reads a physical link as an interface its ends connect', () => {
    expect(typeOf(m, 'meter modbus link')).toBe('INTERFACE');
    const r = rels(m);
    expect(r).toContain('controller board CONNECTS meter modbus link');
    expect(r).toContain('energy meter CONNECTS meter modbus link');
  });
  it('reads exchanged items as signals whatever their mechanism, provided and consumed by the ends', () => {
    expect(typeOf(m, 'contactor command')).toBe('SIGNAL');
    expect(typeOf(m, 'card uid')).toBe('SIGNAL');
    const r = rels(m);
    expect(r).toContain('controller board PROVIDES contactor command');
    expect(r).toContain('main contactor CONSUMES contactor command');
    expect(r).toContain('energy meter PROVIDES card uid');
    expect(r).not.toContain('contactor command CONNECTS controller board');
  });
});

// SysML v2 API-like: a flow names its item by the id of an item definition ("itemType": "item-Cmd").
describe('a flow whose item is an item definition by id', () => {
  const m = model({
    name: 'model.json',
    doc: doc({
      kind: 'json',
      json: {
        elements: [
          { '@id': 'def-Line', '@type': 'PartDefinition', name: 'Conveyor Line' },
          { '@id': 'pu-plc', '@type': 'PartUsage', name: 'PLC CPU', owningType: 'def-Line' },
          { '@id': 'pu-vfd', '@type': 'PartUsage', name: 'Infeed VFD', owningType: 'def-Line' },
          { '@id': 'item-DriveCommand', '@type': 'ItemDefinition', name: 'Drive Command' },
          {
            '@id': 'flow-1',
            '@type': 'FlowConnectionUsage',
            itemType: 'item-DriveCommand',
            source: 'pu-plc',
            target: 'pu-vfd',
          },
        ],
      },
    }),
  });
  it('names the item as its definition does, not by the id', () => {
    const names = m.entities.map((e) => e.name);
    expect(names).not.toContain('item-DriveCommand');
    expect(rels(m)).toEqual(
      expect.arrayContaining(['plc cpu PROVIDES drive command', 'infeed vfd CONSUMES drive command']),
    );
  });
});
