// A Capella-like export lists what a component owns by id: a root named as a context that owns the
// system and the actors ("ownedPhysicalComponents": ["pc-sys", "pc-ixl"]) is the context, not a part.
import { describe, expect, it } from 'vitest';
import { doc, model } from './test-helpers.js';

describe('a context that lists what it owns by id', () => {
  it('is no entity, and the system under it is the system', () => {
    const m = model({
      name: 'architecture.json',
      doc: doc({
        kind: 'json',
        json: {
          physicalArchitecture: {
            name: 'Physical Architecture',
            physicalComponents: [
              {
                id: 'pc-ctx',
                name: 'AC8 Operational Context',
                nature: 'NODE',
                ownedPhysicalComponents: ['pc-sys', 'pc-ixl'],
              },
              {
                id: 'pc-sys',
                name: 'AC-8 Axle Counter',
                nature: 'NODE',
                ownedPhysicalComponents: ['pc-evb'],
              },
              {
                id: 'pc-ixl',
                name: 'Interlocking',
                nature: 'NODE',
                actor: true,
                ownedPhysicalComponents: [],
              },
              { id: 'pc-evb', name: 'Evaluator Board', nature: 'NODE', ownedPhysicalComponents: [] },
            ],
          },
        },
      }),
    });
    const names = m.entities.map((e) => e.name);
    expect(names).not.toContain('AC8 Operational Context');
    expect(names).toEqual(expect.arrayContaining(['AC-8 Axle Counter', 'Interlocking', 'Evaluator Board']));
  });
});
