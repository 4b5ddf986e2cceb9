// Batch save creating a metagraph in one request: entities and relationships by local ids, generated
// CONTAINS edges, every spec field on what was created, and who saved it.
import { describe, expect, it } from 'vitest';
import {
  batchSaveApp,
  ENTITY_KEYS,
  ISO_MS_Z,
  RELATIONSHIP_KEYS,
  SATELLITE,
  SATELLITE_EDGES,
  UUID,
  bob,
  byName,
  containsEdge,
  edges,
  mg,
  saveAnswer,
} from '../../../test/batch-save-app.js';

batchSaveApp();

/** What an entity or relationship Ann has just created holds: no artifacts or memories, live, not pending. */
const NEW_BY_ANN = {
  artifacts: [],
  memories: '',
  memories_updated_at: null,
  memories_contributors: [],
  is_deleted: false,
  is_pending: false,
  created_by: 'ann@example.com',
};

describe('creating a metagraph in one save', () => {
  it('creates entities and relationships with local ids, generates CONTAINS edges and counts the items', async () => {
    const sys = await mg.createSystem('Cubesat one');
    expect((await mg.full(sys)).version).toBe(0);

    const result = await mg.save(sys, SATELLITE);
    expect(result).toEqual(
      saveAnswer(1, {
        entities_created: 8,
        relationships_created: 5, // the request's items; the 7 generated CONTAINS edges are not counted
        entity_ids: expect.any(Object), // what they hold: batch-save-ids.test.ts
        relationship_ids: expect.any(Array),
      }),
    );

    const graph = await mg.full(sys);
    expect(graph.version).toBe(1);
    expect(graph.entities.map((e) => `${e.entity_type} ${e.name}`).sort()).toEqual([
      'COMPONENT Battery',
      'COMPONENT Reaction wheel',
      'INTERFACE Power bus',
      'RESOURCE Energy',
      'SIGNAL VBAT',
      'SUBSYSTEM ADCS',
      'SUBSYSTEM EPS',
      'SYSTEM CubeSat',
    ]);
    expect(edges(graph)).toEqual(SATELLITE_EDGES);
  });

  it('gives every entity and relationship all the spec fields, created by the caller', async () => {
    const { sys, graph, id } = await mg.satellite();
    const sat = byName(graph, 'CubeSat');
    expect(Object.keys(sat).sort()).toEqual(ENTITY_KEYS);
    expect(sat).toMatchObject({
      system_id: sys,
      entity_type: 'SYSTEM',
      description: 'A 3U cubesat',
      external_id: null,
      // properties become attributes sorted by key, whatever order they were sent in
      attributes: [
        { key: 'mass_kg', value: '4' },
        { key: 'orbit', value: 'LEO' },
      ],
      ...NEW_BY_ANN,
    });
    expect(sat.uuid).toMatch(UUID);
    expect(sat.created_at).toMatch(ISO_MS_Z);
    expect(sat.updated_at).toMatch(ISO_MS_Z);
    expect(byName(graph, 'EPS')).toMatchObject({ description: null, attributes: [] });

    const provides = graph.relationships.find((r) => r.relationship_type === 'PROVIDES')!;
    expect(Object.keys(provides).sort()).toEqual(RELATIONSHIP_KEYS);
    expect(provides).toMatchObject({
      system_id: sys,
      name: 'stores',
      description: null,
      source_entity_id: id('Battery'),
      target_entity_id: id('Energy'),
      attributes: [{ key: 'max_w', value: '20' }],
      ...NEW_BY_ANN,
    });
    expect(graph.relationships.find((r) => r.relationship_type === 'CONNECTS')).toMatchObject({
      name: '',
      description: 'main harness',
      attributes: [],
    });
    const generated = containsEdge(graph, id('CubeSat'), id('EPS'));
    expect(generated).toHaveLength(1);
    expect(generated[0]).toMatchObject({ name: '', attributes: [], created_by: 'ann@example.com' });
  });

  it('records who saved: the caller, not the system owner', async () => {
    const sys = await mg.createSystem();
    await mg.save(sys, { creates: [{ local_id: 'x', type: 'COMPONENT', name: 'Bob part' }] }, bob);
    expect(byName(await mg.full(sys), 'Bob part').created_by).toBe('bob@example.com');
    expect((await mg.changes(sys)).items[0]!.changed_by).toBe('bob@example.com');
  });

  it('accepts parents that are existing entities, and a relationship between new and existing ones', async () => {
    const { sys, id } = await mg.satellite();
    const result = await mg.save(sys, {
      creates: [{ local_id: 'sa', type: 'COMPONENT', name: 'Solar array', parent_ids: [id('EPS')] }],
      relationship_creates: [{ edge_type: 'PROVIDES', source_id: 'sa', target_id: id('Energy') }],
    });
    expect(result).toMatchObject({ version: 2, entities_created: 1, relationships_created: 1 });
    const names = edges(await mg.full(sys));
    expect(names).toContain('CONTAINS EPS->Solar array');
    expect(names).toContain('PROVIDES Solar array->Energy');
  });

  it('gives an entity with several parents one CONTAINS edge per distinct parent', async () => {
    const sys = await mg.createSystem();
    await mg.save(sys, {
      creates: [
        { local_id: 'a', type: 'SUBSYSTEM', name: 'A' },
        { local_id: 'b', type: 'SUBSYSTEM', name: 'B' },
        { local_id: 'h', type: 'INTERFACE', name: 'Harness', parent_ids: ['a', 'b', 'a'] },
      ],
    });
    expect(edges(await mg.full(sys))).toEqual(['CONTAINS A->Harness', 'CONTAINS B->Harness']);
  });
});
