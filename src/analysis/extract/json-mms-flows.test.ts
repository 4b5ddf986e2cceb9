// MDK's element JSON (OpenMBEE MMS) lists a relation's ends as id lists: an item flow's
// "informationSourceIds"/"informationTargetIds" (ports) and "conveyedIds", a dependency's
// "clientIds"/"supplierIds". The plural keys are its ends as the singular ones are elsewhere.
import { describe, expect, it } from 'vitest';
import { doc, model, rels } from './test-helpers.js';

const elements = [
  { id: 'b0', name: 'Sterilizer', type: 'Class' },
  { id: 'b1', name: 'Controller', type: 'Class' },
  { id: 'b2', name: 'Fluidics Module', type: 'Class' },
  { id: 'b3', name: 'Chamber Assembly', type: 'Class' },
  { id: 'a1', name: 'controller', type: 'Property', ownerId: 'b0', typeId: 'b1', aggregation: 'composite' },
  { id: 'a2', name: 'fluidics', type: 'Property', ownerId: 'b0', typeId: 'b2', aggregation: 'composite' },
  { id: 'a3', name: 'chamber', type: 'Property', ownerId: 'b0', typeId: 'b3', aggregation: 'composite' },
  { id: 'p1', name: 'out', type: 'Port', ownerId: 'b1' },
  { id: 'p2', name: 'in', type: 'Port', ownerId: 'b2' },
  { id: 's1', name: 'Pump Run', type: 'Signal' },
  {
    id: 'f1',
    type: 'InformationFlow',
    ownerId: 'b0',
    conveyedIds: ['s1'],
    informationSourceIds: ['p1'],
    informationTargetIds: ['p2'],
  },
  { id: 'd1', name: 'feed water', type: 'Dependency', clientIds: ['a3'], supplierIds: ['a2'] },
];

describe('MMS element JSON relations given by id lists', () => {
  const m = model({ name: 'model.json', doc: doc({ kind: 'json', json: { elements } }) });

  it('reads an item flow between ports as its owners providing and consuming the item', () => {
    expect(rels(m)).toEqual(
      expect.arrayContaining(['controller PROVIDES pump run', 'fluidic module CONSUMES pump run']),
    );
  });

  it('reads a dependency from its client to its supplier', () => {
    expect(rels(m)).toContain('chamber assembly DEPENDS_ON fluidic module');
  });
});
