// A Capella-like flat element list: every element says its metaclass under "class" and its owner by
// "ownerId"; physical ports belong to components, physical links join ports (two or more of them),
// and component exchanges between ports convoy exchange items.
import { describe, expect, it } from 'vitest';
import { doc, model, rels, typeOf } from './test-helpers.js';

const jsonDoc = (elements: unknown[]) => ({
  name: 'pa.json',
  doc: doc({ kind: 'json', json: { exporter: 'bridge', elements } }),
});

const base = [
  { id: 'root', class: 'PhysicalArchitecture', name: 'Physical Architecture', ownerId: null },
  { id: 'sys', class: 'PhysicalComponent', name: 'Kiln System', ownerId: 'root' },
  { id: 'ctl', class: 'PhysicalComponent', name: 'Burner Controller', ownerId: 'sys' },
  { id: 'pan', class: 'PhysicalComponent', name: 'Operator Panel', ownerId: 'sys' },
  { id: 'log', class: 'PhysicalComponent', name: 'Data Logger', ownerId: 'sys' },
  { id: 'p1', class: 'PhysicalPort', name: 'bus', ownerId: 'ctl' },
  { id: 'p2', class: 'PhysicalPort', name: 'bus', ownerId: 'pan' },
  { id: 'p3', class: 'PhysicalPort', name: 'bus', ownerId: 'log' },
  { id: 'ei', class: 'ExchangeItem', name: 'Flame Status', ownerId: 'root' },
  { id: 'pw', class: 'ExchangeItem', name: '24V Supply Rail', ownerId: 'root' },
];

describe('Capella-like element lists', () => {
  it('reads the metaclass under "class": ports are not components, owners by "ownerId" contain', () => {
    const m = model(jsonDoc(base));
    expect(typeOf(m, 'burner controller')).toBe('COMPONENT');
    expect(typeOf(m, 'kiln system')).toBe('SYSTEM');
    expect(typeOf(m, 'bus')).toBeUndefined();
    expect(rels(m)).toContain('kiln system CONTAINS burner controller');
  });

  it('a named link with three ends is an interface every end connects to', () => {
    const link = { id: 'l', class: 'PhysicalLink', name: 'Kiln Field Bus', linkEnds: ['p1', 'p2', 'p3'] };
    const m = model(jsonDoc([...base, link]));
    expect(typeOf(m, 'kiln field bus')).toBe('INTERFACE');
    // CONNECTS has no direction: each end meets the bus one way round or the other.
    for (const end of ['burner controller', 'operator panel', 'data logger'])
      expect(rels(m)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            new RegExp(`^(${end} CONNECTS kiln field bus|kiln field bus CONNECTS ${end})$`),
          ),
        ]),
      );
  });

  it('a named link with two ends is still an interface, not a flow', () => {
    const link = { id: 'l', class: 'PhysicalLink', name: 'Panel Link', linkEnds: ['p1', 'p2'] };
    const m = model(jsonDoc([...base, link]));
    expect(typeOf(m, 'panel link')).toBe('INTERFACE');
    expect(rels(m)).toContain('burner controller CONNECTS panel link');
    expect(rels(m).some((r) => / (PROVIDES|CONSUMES) /.test(r))).toBe(false);
  });

  it('an unnamed exchange convoying items is a flow of each item, not a unit-to-unit connection', () => {
    const ce = {
      id: 'ce',
      class: 'ComponentExchange',
      sourcePortId: 'p1',
      targetPortId: 'p2',
      convoyedItemIds: ['ei', 'pw'],
    };
    const m = model(jsonDoc([...base, ce]));
    expect(typeOf(m, 'flame status')).toBe('SIGNAL');
    // An item named as a rail is energy, whatever mechanism carries it.
    expect(typeOf(m, '24v supply rail')).toBe('RESOURCE');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'burner controller PROVIDES flame status',
        'operator panel CONSUMES flame status',
      ]),
    );
    expect(rels(m)).not.toContain('burner controller CONNECTS operator panel');
  });

  it('an exchange named like an id ("C 3", the default) convoying items is a flow, not an interface', () => {
    const ce = {
      id: 'ce',
      class: 'ComponentExchange',
      name: 'C 3',
      sourcePortId: 'p1',
      targetPortId: 'p2',
      convoyedItemIds: ['ei'],
    };
    const m = model(jsonDoc([...base, ce]));
    expect(typeOf(m, 'c 3')).toBeUndefined();
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'burner controller PROVIDES flame status',
        'operator panel CONSUMES flame status',
      ]),
    );
  });

  it('a named exchange a physical link carries is a flow of its items; the link is the interface', () => {
    const ce = {
      id: 'ce',
      class: 'ComponentExchange',
      name: 'Burner Reports',
      sourcePortId: 'p1',
      targetPortId: 'p2',
      convoyedItemIds: ['ei'],
    };
    const link = {
      id: 'l',
      class: 'PhysicalLink',
      name: 'Panel Link',
      linkEnds: ['p1', 'p2'],
      allocatedComponentExchanges: ['ce'],
    };
    const m = model(jsonDoc([...base, ce, link]));
    expect(typeOf(m, 'burner reports')).toBeUndefined();
    expect(typeOf(m, 'panel link')).toBe('INTERFACE');
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'burner controller PROVIDES flame status',
        'operator panel CONSUMES flame status',
      ]),
    );
  });

  it('an exchange with no convoyed items stays a connection between its ends', () => {
    const ce = { id: 'ce', class: 'ComponentExchange', sourcePortId: 'p1', targetPortId: 'p2' };
    const m = model(jsonDoc([...base, ce]));
    expect(rels(m)).toContain('burner controller CONNECTS operator panel');
  });
});

// A capellambse dump nests the components (ownedPhysicalComponents), declares the ports they own
// ("kind": "FLOW" is a component port's kind) and keeps the exchange items in a data package.
describe('a nested Capella physical architecture', () => {
  const nested = {
    physicalArchitecture: {
      name: 'Physical Architecture',
      rootComponent: {
        id: 'sys',
        name: 'Kiln System',
        ownedPhysicalComponents: [
          {
            id: 'ctl',
            name: 'Burner Controller',
            ownedComponentPorts: [{ id: 'p1', name: 'status_out', kind: 'FLOW', orientation: 'OUT' }],
          },
          {
            id: 'pan',
            name: 'Operator Panel',
            ownedComponentPorts: [{ id: 'p2', name: 'status_in', kind: 'FLOW', orientation: 'IN' }],
          },
        ],
      },
      ownedComponentExchanges: [
        { id: 'ce', name: 'C 1', kind: 'FLOW', source: 'p1', target: 'p2', convoyedInformations: ['ei'] },
      ],
      dataPackage: {
        name: 'Data',
        ownedExchangeItems: [{ id: 'ei', name: 'Flame Status', exchangeMechanism: 'EVENT' }],
      },
    },
  };
  const m = model({ name: 'pa.json', doc: doc({ kind: 'json', json: nested }) });

  it('a port listed as a port is a port, though its kind says FLOW: the exchange joins its owners', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining([
        'burner controller PROVIDES flame status',
        'operator panel CONSUMES flame status',
      ]),
    );
  });

  it('the data package is a folder, not the system holding the items', () => {
    expect(typeOf(m, 'data')).toBeUndefined();
    expect(typeOf(m, 'flame status')).toBe('SIGNAL');
    expect(rels(m).some((r) => r.startsWith('data '))).toBe(false);
  });
});
