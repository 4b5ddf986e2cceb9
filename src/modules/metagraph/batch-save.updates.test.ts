// Batch save updates: partial changes, property merges, moves by parent_ids (the old CONTAINS edge
// soft-deleted, a new one made), relationship changes, and ids accepted in any case.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  batchSaveApp,
  ann,
  byName,
  containsEdge,
  ctx,
  edges,
  mg,
  saveAnswer,
} from '../../../test/batch-save-app.js';
import { ok } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { queryRows } from '../../db/client.js';

batchSaveApp();

describe('updates', () => {
  it('change only the given fields', async () => {
    const { sys, graph, id } = await mg.satellite();
    const before = byName(graph, 'Battery');
    const result = await mg.save(sys, { updates: [{ id: id('Battery'), name: 'Main battery' }] });
    expect(result).toMatchObject({ version: 2, entities_updated: 1, entities_created: 0 });

    const after = await mg.entity(sys, id('Battery'));
    expect(after).toEqual({ ...before, name: 'Main battery', updated_at: after.updated_at });
    expect(Date.parse(after.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    // Its parent is untouched when parent_ids is not given.
    expect(containsEdge(await mg.full(sys), id('EPS'), id('Battery'))).toHaveLength(1);
  });

  it('change the type and the description, and clear the description with null', async () => {
    const { sys, id } = await mg.satellite();
    await mg.save(sys, {
      updates: [{ id: id('Power bus'), type: 'RESOURCE', description: '28 V unregulated' }],
    });
    expect(await mg.entity(sys, id('Power bus'))).toMatchObject({
      entity_type: 'RESOURCE',
      description: '28 V unregulated',
      name: 'Power bus',
    });
    await mg.save(sys, { updates: [{ id: id('Power bus'), description: null }] });
    expect((await mg.entity(sys, id('Power bus'))).description).toBeNull();
  });

  it('merge properties: new keys added, given keys replaced, a null value removes that key', async () => {
    const { sys, id } = await mg.satellite();
    await mg.save(sys, {
      updates: [
        { id: id('Battery'), properties: { capacity_wh: '60', chemistry: null, cells: '8', absent: null } },
      ],
    });
    expect((await mg.entity(sys, id('Battery'))).attributes).toEqual([
      { key: 'capacity_wh', value: '60' },
      { key: 'cells', value: '8' },
    ]);
    // An empty properties object changes nothing.
    await mg.save(sys, { updates: [{ id: id('Battery'), properties: {} }] });
    expect((await mg.entity(sys, id('Battery'))).attributes).toHaveLength(2);
  });

  it('may set a property whose value is the empty string', async () => {
    const { sys, id } = await mg.satellite();
    await mg.save(sys, { updates: [{ id: id('EPS'), properties: { note: '' } }] });
    expect((await mg.entity(sys, id('EPS'))).attributes).toEqual([{ key: 'note', value: '' }]);
  });

  it('with parent_ids move the entity: the old CONTAINS edge is soft-deleted, a new one created', async () => {
    const { sys, graph, id } = await mg.satellite();
    const oldEdge = containsEdge(graph, id('ADCS'), id('Reaction wheel'))[0]!;
    const result = await mg.save(sys, { updates: [{ id: id('Reaction wheel'), parent_ids: [id('EPS')] }] });
    // A move is an entity update: the edges it generates and removes are not counted as relationship items.
    expect(result).toEqual(saveAnswer(2, { entities_updated: 1 }));

    const after = await mg.full(sys);
    expect(edges(after)).toContain('CONTAINS EPS->Reaction wheel');
    expect(edges(after)).not.toContain('CONTAINS ADCS->Reaction wheel');
    expectProblem(await ann.call('GET', `/systems/${sys}/relationships/${oldEdge.uuid}`), 404);
    const [stored] = await queryRows<{ is_deleted: boolean }>(
      ctx.database.db,
      sql`SELECT is_deleted FROM relationships WHERE id = ${oldEdge.uuid}`,
    );
    expect(stored).toEqual({ is_deleted: true });

    // The change set says which edges the move created and removed.
    const change = (await mg.changes(sys, 1)).items[0]!;
    const newEdge = containsEdge(after, id('EPS'), id('Reaction wheel'))[0]!;
    expect(change.entities).toEqual({ created: [], updated: [id('Reaction wheel')], deleted: [] });
    expect(change.relationships).toEqual({ created: [newEdge.uuid], updated: [], deleted: [oldEdge.uuid] });
  });

  it('with parent_ids replace the parents, keeping the edge of a parent that stays', async () => {
    const sys = await mg.createSystem();
    await mg.save(sys, {
      creates: [
        { local_id: 'a', type: 'SUBSYSTEM', name: 'A' },
        { local_id: 'b', type: 'SUBSYSTEM', name: 'B' },
        { local_id: 'c', type: 'SUBSYSTEM', name: 'C' },
        { local_id: 'x', type: 'COMPONENT', name: 'X', parent_ids: ['a', 'b'] },
      ],
    });
    const graph = await mg.full(sys);
    const [a, b, c, x] = ['A', 'B', 'C', 'X'].map((n) => byName(graph, n).uuid) as [
      string,
      string,
      string,
      string,
    ];
    const keptEdge = containsEdge(graph, b, x)[0]!;

    await mg.save(sys, { updates: [{ id: x, parent_ids: [b, c] }] });
    const after = await mg.full(sys);
    expect(edges(after)).toEqual(['CONTAINS B->X', 'CONTAINS C->X']);
    expect(containsEdge(after, b, x)[0]).toEqual(keptEdge);
    expect(containsEdge(after, a, x)).toHaveLength(0);
  });

  it('with parent_ids [] detach the entity from every parent; without parent_ids leave them', async () => {
    const { sys, id } = await mg.satellite();
    await mg.save(sys, { updates: [{ id: id('VBAT'), parent_ids: [] }] });
    expect(edges(await mg.full(sys)).filter((e) => e.endsWith('->VBAT'))).toEqual([
      'INFLUENCES Reaction wheel->VBAT',
    ]);
    // The entity stays, now without a parent.
    expect((await mg.entity(sys, id('VBAT'))).name).toBe('VBAT');
  });

  it('may move an entity under an entity created in the same save', async () => {
    const { sys, id } = await mg.satellite();
    await mg.save(sys, {
      creates: [{ local_id: 'pcdu', type: 'COMPONENT', name: 'PCDU', parent_ids: [id('EPS')] }],
      updates: [{ id: id('Power bus'), parent_ids: ['pcdu'] }],
    });
    const names = edges(await mg.full(sys));
    expect(names).toContain('CONTAINS EPS->PCDU');
    expect(names).toContain('CONTAINS PCDU->Power bus');
    expect(names).not.toContain('CONTAINS EPS->Power bus');
    // Its own children moved with it.
    expect(names).toContain('CONTAINS Power bus->VBAT');
  });

  it('of relationships change type, name, description and properties', async () => {
    const { sys, graph } = await mg.satellite();
    const provides = graph.relationships.find((r) => r.relationship_type === 'PROVIDES')!;
    const connects = graph.relationships.find((r) => r.relationship_type === 'CONNECTS')!;
    const result = await mg.save(sys, {
      relationship_updates: [
        {
          id: provides.uuid,
          relationship_type: 'INFLUENCES',
          name: 'charges',
          properties: { max_w: null, eff: '0.9' },
        },
        { id: connects.uuid, description: null },
      ],
    });
    expect(result).toMatchObject({ version: 2, relationships_updated: 2, relationships_created: 0 });
    const after = await mg.relationship(sys, provides.uuid);
    expect(after).toEqual({
      ...provides,
      relationship_type: 'INFLUENCES',
      name: 'charges',
      attributes: [{ key: 'eff', value: '0.9' }],
      updated_at: after.updated_at,
    });
    expect((await mg.relationship(sys, connects.uuid)).description).toBeNull();
    expect((await mg.changes(sys, 1)).items[0]!.relationships.updated.sort()).toEqual(
      [provides.uuid, connects.uuid].sort(),
    );
  });

  it('may rename a generated CONTAINS edge without changing its type', async () => {
    const { sys, graph, id } = await mg.satellite();
    const edge = containsEdge(graph, id('CubeSat'), id('EPS'))[0]!;
    await mg.save(sys, {
      relationship_updates: [{ id: edge.uuid, name: 'houses', relationship_type: 'CONTAINS' }],
    });
    expect(await mg.relationship(sys, edge.uuid)).toMatchObject({
      name: 'houses',
      relationship_type: 'CONTAINS',
    });
  });
});

describe('ids in upper case', () => {
  it('name the same records as in lower case: update, move, delete and refuse a cycle by them', async () => {
    const { sys, id } = await mg.satellite();
    const upper = (name: string) => id(name).toUpperCase();
    const saved = await mg.batch(sys, {
      updates: [{ id: upper('Battery'), name: 'Battery pack', parent_ids: [upper('CubeSat')] }],
      deletes: [upper('ADCS')],
      relationship_creates: [
        { edge_type: 'DEPENDS_ON', source_id: upper('EPS'), target_id: upper('CubeSat') },
      ],
    });
    ok(saved);
    const graph = await mg.full(sys);
    expect(byName(graph, 'Battery pack').uuid).toBe(id('Battery'));
    expect(graph.entities.some((e) => e.name === 'ADCS')).toBe(false);

    const before = await mg.snapshot(sys);
    const refused = await mg.batch(sys, { updates: [{ id: upper('CubeSat'), parent_ids: [upper('EPS')] }] });
    expectProblem(refused, 400, ['body.updates[0].parent_ids']);
    expect(await mg.snapshot(sys)).toEqual(before);
  });
});
