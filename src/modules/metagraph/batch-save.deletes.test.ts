// Batch save deletes: soft, taking every relationship touching a deleted entity with them, counted as
// request items only, and final: a deleted entity stays deleted through later saves.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batchSaveApp, ann, byName, ctx, edges, mg } from '../../../test/batch-save-app.js';
import { ok } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { queryRows } from '../../db/client.js';
import type { Entity, Relationship } from './metagraph.schemas.js';

batchSaveApp();

describe('deletes', () => {
  it('are soft and take every relationship touching the entity with them', async () => {
    const { sys, graph, id } = await mg.satellite();
    const touching = graph.relationships.filter(
      (r) => r.source_entity_id === id('Battery') || r.target_entity_id === id('Battery'),
    );
    expect(touching.map((r) => r.relationship_type).sort()).toEqual(['CONNECTS', 'CONTAINS', 'PROVIDES']);

    const result = await mg.save(sys, { deletes: [id('Battery')] });
    // The cascaded relationships are not request items: they are not counted.
    expect(result).toMatchObject({ version: 2, entities_deleted: 1, relationships_deleted: 0 });

    expectProblem(await ann.call('GET', `/systems/${sys}/entities/${id('Battery')}`), 404);
    for (const r of touching)
      expectProblem(await ann.call('GET', `/systems/${sys}/relationships/${r.uuid}`), 404);
    const after = await mg.full(sys);
    expect(after.entities.map((e) => e.name)).not.toContain('Battery');
    expect(after.relationships).toHaveLength(graph.relationships.length - 3);
    const listed = ok(await ann.call<Entity[]>('GET', `/systems/${sys}/entities`));
    expect(listed.map((e) => e.uuid)).not.toContain(id('Battery'));
    const rels = ok(await ann.call<Relationship[]>('GET', `/systems/${sys}/relationships`));
    expect(rels).toHaveLength(graph.relationships.length - 3);

    // The rows stay in the database, marked deleted.
    const [entityRow] = await queryRows<{ is_deleted: boolean; deleted_at: Date | string | null }>(
      ctx.database.db,
      sql`SELECT is_deleted, deleted_at FROM entities WHERE id = ${id('Battery')}`,
    );
    expect(entityRow!.is_deleted).toBe(true);
    expect(entityRow!.deleted_at).not.toBeNull();
    const relRows = await queryRows<{ is_deleted: boolean }>(
      ctx.database.db,
      sql`SELECT is_deleted FROM relationships WHERE id = ANY(${sql.param(touching.map((r) => r.uuid))}::uuid[])`,
    );
    expect(relRows).toEqual([{ is_deleted: true }, { is_deleted: true }, { is_deleted: true }]);

    const change = (await mg.changes(sys, 1)).items[0]!;
    expect(change.entities).toEqual({ created: [], updated: [], deleted: [id('Battery')] });
    expect(change.relationships.deleted.sort()).toEqual(touching.map((r) => r.uuid).sort());
  });

  it('leave the children in place, without the CONTAINS edge to the deleted parent', async () => {
    const { sys, id } = await mg.satellite();
    await mg.save(sys, { deletes: [id('Power bus')] });
    expect((await mg.entity(sys, id('VBAT'))).name).toBe('VBAT');
    expect(edges(await mg.full(sys)).filter((e) => e.includes('VBAT'))).toEqual([
      'INFLUENCES Reaction wheel->VBAT',
    ]);
  });

  it('of relationships are soft and counted', async () => {
    const { sys, graph } = await mg.satellite();
    const consumes = graph.relationships.find((r) => r.relationship_type === 'CONSUMES')!;
    const result = await mg.save(sys, { relationship_deletes: [consumes.uuid] });
    expect(result).toMatchObject({ version: 2, relationships_deleted: 1, entities_deleted: 0 });
    expectProblem(await ann.call('GET', `/systems/${sys}/relationships/${consumes.uuid}`), 404);
    expect((await mg.full(sys)).relationships).toHaveLength(graph.relationships.length - 1);
    expect((await mg.changes(sys, 1)).items[0]!.relationships.deleted).toEqual([consumes.uuid]);
  });

  it('may delete an entity and a relationship touching it in the same save', async () => {
    const { sys, graph, id } = await mg.satellite();
    const provides = graph.relationships.find((r) => r.relationship_type === 'PROVIDES')!;
    const result = await mg.save(sys, { deletes: [id('Energy')], relationship_deletes: [provides.uuid] });
    expect(result).toMatchObject({ entities_deleted: 1, relationships_deleted: 1 });
    const names = edges(await mg.full(sys));
    expect(names.filter((e) => e.includes('Energy'))).toEqual([]);
  });

  it('allow creating an entity again with a name a deleted one had', async () => {
    const { sys, id } = await mg.satellite();
    await mg.save(sys, { deletes: [id('VBAT')] });
    await mg.save(sys, {
      creates: [{ local_id: 'v', type: 'SIGNAL', name: 'VBAT', parent_ids: [id('Power bus')] }],
    });
    expect(byName(await mg.full(sys), 'VBAT').uuid).not.toBe(id('VBAT'));
  });
});

describe('a deleted entity stays deleted through later saves', () => {
  it('is never listed again and its memory route answers 404', async () => {
    const { sys, id } = await mg.satellite();
    await mg.save(sys, { deletes: [id('Energy')] });
    await mg.save(sys, {});
    expect((await mg.full(sys)).entities.map((e) => e.name)).not.toContain('Energy');
    expectProblem(
      await ann.call('PUT', `/systems/${sys}/entities/${id('Energy')}/memories`, { content: 'x' }),
      404,
    );
  });
});
