// EA-like JSON exports: one flat element list keyed by GUID with a parentGuid, connectors between
// client and supplier GUIDs. A composition runs from the part (client) to the whole (supplier); a
// connector that realizes an interface names it by GUID; a class named as the context holds the
// system and its externals and is no part of either.
import { describe, expect, it } from 'vitest';
import { doc, model, rels } from './test-helpers.js';

const g = (n: number) => `{0000000${n}-AAAA-BBBB-CCCC-00000000000${n}}`;
const exportDoc = {
  model: {
    name: 'Winch Physical Architecture',
    elements: [
      { guid: g(1), type: 'Class', stereotype: 'block', name: 'Quay (context)', parentGuid: null },
      { guid: g(2), type: 'Class', stereotype: 'system', name: 'Winch', parentGuid: g(1) },
      { guid: g(3), type: 'Class', stereotype: 'actor', name: 'Crane Operator Panel', parentGuid: g(1) },
      { guid: g(4), type: 'Part', stereotype: 'subsystem', name: 'Drive Unit', parentGuid: g(2) },
      { guid: g(5), type: 'Interface', stereotype: 'interface', name: 'Panel Link', parentGuid: g(2) },
    ],
    connectors: [
      { guid: g(6), type: 'Composition', client: g(4), supplier: g(2) },
      { guid: g(7), type: 'Connector', client: g(4), supplier: g(3), realizes: g(5) },
    ],
  },
};

describe('EA-like GUID exports', () => {
  it('reads compositions part to whole, realized interfaces by GUID, and drops the context', () => {
    const m = model({ name: 'model.json', doc: doc({ kind: 'json', json: exportDoc }) });
    expect(rels(m)).toEqual([
      'crane operator panel CONNECTS panel link',
      'drive unit CONNECTS panel link',
      'winch CONTAINS drive unit',
    ]);
    expect(m.entities.map((e) => e.key).sort()).toEqual([
      'crane operator panel',
      'drive unit',
      'panel link',
      'winch',
    ]);
  });
});
