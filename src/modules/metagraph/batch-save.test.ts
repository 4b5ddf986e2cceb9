// Batch save as a client sees it: one request builds, changes and removes a metagraph with local ids,
// the version advances by one per save, a stale base_version is refused with the current version,
// every refusal names its item and changes nothing at all, and concurrent saves on one system each
// get their own version without losing a write.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../../../test/helpers.js';
import {
  ENTITY_KEYS,
  ISO_MS_Z,
  RELATIONSHIP_KEYS,
  SATELLITE,
  SATELLITE_EDGES,
  UUID,
  byName,
  edges,
  metagraphClient,
  storedRows,
  type FullMetagraph,
  type MetagraphClient,
} from '../../../test/metagraph-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { queryRows } from '../../db/client.js';

let ctx: TestContext;
let mg: MetagraphClient;
let bobToken: string;

beforeAll(async () => {
  ctx = await testApp();
  mg = metagraphClient(ctx, await ctx.tokenFor('ann@example.com'));
  bobToken = await ctx.tokenFor('bob@example.com');
});

/** A new system with the satellite saved in it (version 1). */
async function satellite() {
  const sys = await mg.createSystem();
  await mg.save(sys, SATELLITE);
  const graph = await mg.full(sys);
  const id = (name: string) => byName(graph, name).uuid;
  return { sys, graph, id };
}

/** Everything a client or the database could observe of a system's metagraph. */
async function snapshot(sys: string) {
  return { full: await mg.full(sys), changes: await mg.changes(sys), rows: await storedRows(ctx, sys) };
}

const containsEdge = (graph: FullMetagraph, parent: string, child: string) =>
  graph.relationships.filter(
    (r) =>
      r.relationship_type === 'CONTAINS' && r.source_entity_id === parent && r.target_entity_id === child,
  );

describe('creating a metagraph in one save', () => {
  it('creates entities and relationships with local ids, generates CONTAINS edges and counts the items', async () => {
    const sys = await mg.createSystem('Cubesat one');
    expect((await mg.full(sys)).version).toBe(0);

    const result = await mg.save(sys, SATELLITE);
    expect(result).toEqual({
      version: 1,
      entities_created: 8,
      entities_updated: 0,
      entities_deleted: 0,
      relationships_created: 5, // the request's items; the 7 generated CONTAINS edges are not counted
      relationships_updated: 0,
      relationships_deleted: 0,
      entity_ids: expect.any(Object), // what they hold: batch-save-ids.test.ts
      relationship_ids: expect.any(Array),
    });

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
    const { sys, graph, id } = await satellite();
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
      artifacts: [],
      memories: '',
      memories_updated_at: null,
      memories_contributors: [],
      is_deleted: false,
      is_pending: false,
      created_by: 'ann@example.com',
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
      artifacts: [],
      memories: '',
      memories_updated_at: null,
      memories_contributors: [],
      is_deleted: false,
      is_pending: false,
      created_by: 'ann@example.com',
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
    await mg.save(sys, { creates: [{ local_id: 'x', type: 'COMPONENT', name: 'Bob part' }] }, bobToken);
    expect(byName(await mg.full(sys), 'Bob part').created_by).toBe('bob@example.com');
    expect((await mg.changes(sys)).items[0]!.changed_by).toBe('bob@example.com');
  });

  it('accepts parents that are existing entities, and a relationship between new and existing ones', async () => {
    const { sys, id } = await satellite();
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

describe('the metagraph version', () => {
  it('starts at 0 and advances by one per save, an empty save included', async () => {
    const sys = await mg.createSystem();
    expect((await mg.full(sys)).version).toBe(0);
    expect(await mg.save(sys, {})).toEqual({
      version: 1,
      entities_created: 0,
      entities_updated: 0,
      entities_deleted: 0,
      relationships_created: 0,
      relationships_updated: 0,
      relationships_deleted: 0,
      entity_ids: {},
      relationship_ids: [],
    });
    expect((await mg.save(sys, { creates: [{ local_id: 'a', type: 'COMPONENT', name: 'A' }] })).version).toBe(
      2,
    );
    expect((await mg.save(sys, {})).version).toBe(3);
    expect((await mg.full(sys)).version).toBe(3);
  });

  it('is kept per system', async () => {
    const one = await mg.createSystem();
    const two = await mg.createSystem();
    await mg.save(one, {});
    await mg.save(one, {});
    expect((await mg.save(two, {})).version).toBe(1);
    expect((await mg.full(one)).version).toBe(2);
  });

  it('accepts base_version equal to the current version, 0 included', async () => {
    const sys = await mg.createSystem();
    expect((await mg.save(sys, { base_version: 0 })).version).toBe(1);
    expect(
      (await mg.save(sys, { base_version: 1, creates: [{ local_id: 'a', type: 'SIGNAL', name: 'S' }] }))
        .version,
    ).toBe(2);
  });

  it('refuses a stale base_version with 409 naming the current version, and changes nothing', async () => {
    const sys = await mg.createSystem();
    await mg.save(sys, {});
    await mg.save(sys, {});
    const before = await snapshot(sys);
    const res = await mg.batch(sys, {
      base_version: 1,
      creates: [{ local_id: 'a', type: 'COMPONENT', name: 'Late' }],
    });
    const problem = expectProblem(res, 409);
    expect(problem.current_version).toBe(2);
    expect(problem.detail).toMatch(/\b2\b/);
    expect(await snapshot(sys)).toEqual(before);
  });

  it('refuses a base_version ahead of the current version too', async () => {
    const sys = await mg.createSystem();
    const problem = expectProblem(await mg.batch(sys, { base_version: 5 }), 409);
    expect(problem.current_version).toBe(0);
    expect((await mg.full(sys)).version).toBe(0);
  });

  it('refuses a negative or non-integer base_version as invalid', async () => {
    const sys = await mg.createSystem();
    expectProblem(await mg.batch(sys, { base_version: -1 }), 400, ['body.base_version']);
    expectProblem(await mg.batch(sys, { base_version: 1.5 }), 400, ['body.base_version']);
    expectProblem(await mg.batch(sys, { base_version: '0' }), 400, ['body.base_version']);
    expect((await mg.full(sys)).version).toBe(0);
  });
});

describe('updates', () => {
  it('change only the given fields', async () => {
    const { sys, graph, id } = await satellite();
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
    const { sys, id } = await satellite();
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
    const { sys, id } = await satellite();
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
    const { sys, id } = await satellite();
    await mg.save(sys, { updates: [{ id: id('EPS'), properties: { note: '' } }] });
    expect((await mg.entity(sys, id('EPS'))).attributes).toEqual([{ key: 'note', value: '' }]);
  });

  it('with parent_ids move the entity: the old CONTAINS edge is soft-deleted, a new one created', async () => {
    const { sys, graph, id } = await satellite();
    const oldEdge = containsEdge(graph, id('ADCS'), id('Reaction wheel'))[0]!;
    const result = await mg.save(sys, { updates: [{ id: id('Reaction wheel'), parent_ids: [id('EPS')] }] });
    // A move is an entity update: the edges it generates and removes are not counted as relationship items.
    expect(result).toEqual({
      version: 2,
      entities_created: 0,
      entities_updated: 1,
      entities_deleted: 0,
      relationships_created: 0,
      relationships_updated: 0,
      relationships_deleted: 0,
      entity_ids: {},
      relationship_ids: [],
    });

    const after = await mg.full(sys);
    expect(edges(after)).toContain('CONTAINS EPS->Reaction wheel');
    expect(edges(after)).not.toContain('CONTAINS ADCS->Reaction wheel');
    expectProblem(await mg.call('GET', `/systems/${sys}/relationships/${oldEdge.uuid}`), 404);
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
    const { sys, id } = await satellite();
    await mg.save(sys, { updates: [{ id: id('VBAT'), parent_ids: [] }] });
    expect(edges(await mg.full(sys)).filter((e) => e.endsWith('->VBAT'))).toEqual([
      'INFLUENCES Reaction wheel->VBAT',
    ]);
    // The entity stays, now without a parent.
    expect((await mg.entity(sys, id('VBAT'))).name).toBe('VBAT');
  });

  it('may move an entity under an entity created in the same save', async () => {
    const { sys, id } = await satellite();
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
    const { sys, graph } = await satellite();
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
    const { sys, graph, id } = await satellite();
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

describe('deletes', () => {
  it('are soft and take every relationship touching the entity with them', async () => {
    const { sys, graph, id } = await satellite();
    const touching = graph.relationships.filter(
      (r) => r.source_entity_id === id('Battery') || r.target_entity_id === id('Battery'),
    );
    expect(touching.map((r) => r.relationship_type).sort()).toEqual(['CONNECTS', 'CONTAINS', 'PROVIDES']);

    const result = await mg.save(sys, { deletes: [id('Battery')] });
    // The cascaded relationships are not request items: they are not counted.
    expect(result).toMatchObject({ version: 2, entities_deleted: 1, relationships_deleted: 0 });

    expectProblem(await mg.call('GET', `/systems/${sys}/entities/${id('Battery')}`), 404);
    for (const r of touching)
      expectProblem(await mg.call('GET', `/systems/${sys}/relationships/${r.uuid}`), 404);
    const after = await mg.full(sys);
    expect(after.entities.map((e) => e.name)).not.toContain('Battery');
    expect(after.relationships).toHaveLength(graph.relationships.length - 3);
    const listed = await mg.call('GET', `/systems/${sys}/entities`);
    expect(listed.json<{ uuid: string }[]>().map((e) => e.uuid)).not.toContain(id('Battery'));
    const rels = await mg.call('GET', `/systems/${sys}/relationships`);
    expect(rels.json<{ uuid: string }[]>()).toHaveLength(graph.relationships.length - 3);

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
    const { sys, id } = await satellite();
    await mg.save(sys, { deletes: [id('Power bus')] });
    expect((await mg.entity(sys, id('VBAT'))).name).toBe('VBAT');
    expect(edges(await mg.full(sys)).filter((e) => e.includes('VBAT'))).toEqual([
      'INFLUENCES Reaction wheel->VBAT',
    ]);
  });

  it('of relationships are soft and counted', async () => {
    const { sys, graph } = await satellite();
    const consumes = graph.relationships.find((r) => r.relationship_type === 'CONSUMES')!;
    const result = await mg.save(sys, { relationship_deletes: [consumes.uuid] });
    expect(result).toMatchObject({ version: 2, relationships_deleted: 1, entities_deleted: 0 });
    expectProblem(await mg.call('GET', `/systems/${sys}/relationships/${consumes.uuid}`), 404);
    expect((await mg.full(sys)).relationships).toHaveLength(graph.relationships.length - 1);
    expect((await mg.changes(sys, 1)).items[0]!.relationships.deleted).toEqual([consumes.uuid]);
  });

  it('may delete an entity and a relationship touching it in the same save', async () => {
    const { sys, graph, id } = await satellite();
    const provides = graph.relationships.find((r) => r.relationship_type === 'PROVIDES')!;
    const result = await mg.save(sys, { deletes: [id('Energy')], relationship_deletes: [provides.uuid] });
    expect(result).toMatchObject({ entities_deleted: 1, relationships_deleted: 1 });
    const names = edges(await mg.full(sys));
    expect(names.filter((e) => e.includes('Energy'))).toEqual([]);
  });

  it('allow creating an entity again with a name a deleted one had', async () => {
    const { sys, id } = await satellite();
    await mg.save(sys, { deletes: [id('VBAT')] });
    await mg.save(sys, {
      creates: [{ local_id: 'v', type: 'SIGNAL', name: 'VBAT', parent_ids: [id('Power bus')] }],
    });
    expect(byName(await mg.full(sys), 'VBAT').uuid).not.toBe(id('VBAT'));
  });
});

describe('refusals: 400 naming the item, and nothing changes', () => {
  let sys: string;
  let other: { sys: string; entity: string; relationship: string };
  let id: (name: string) => string;
  let rel: (type: string) => string;
  let deletedEntity: string;
  let deletedRelationship: string;

  beforeAll(async () => {
    const built = await satellite();
    sys = built.sys;
    id = built.id;
    rel = (type) => built.graph.relationships.find((r) => r.relationship_type === type)!.uuid;
    // A deleted entity and a deleted relationship of this system.
    await mg.save(sys, {
      creates: [
        { local_id: 'old', type: 'COMPONENT', name: 'Old part', parent_ids: [id('EPS')] },
        { local_id: 'old2', type: 'COMPONENT', name: 'Old part 2' },
      ],
      relationship_creates: [{ edge_type: 'CONNECTS', source_id: 'old2', target_id: id('EPS') }],
    });
    const withOld = await mg.full(sys);
    deletedEntity = byName(withOld, 'Old part').uuid;
    deletedRelationship = withOld.relationships.find(
      (r) => r.relationship_type === 'CONNECTS' && r.source_entity_id === byName(withOld, 'Old part 2').uuid,
    )!.uuid;
    await mg.save(sys, { deletes: [deletedEntity], relationship_deletes: [deletedRelationship] });

    const otherBuilt = await satellite();
    other = {
      sys: otherBuilt.sys,
      entity: otherBuilt.id('Battery'),
      relationship: otherBuilt.graph.relationships[0]!.uuid,
    };
  });

  const unknown = randomUUID();
  const part = (extra: object = {}) => ({ local_id: 'p', type: 'COMPONENT', name: 'Part', ...extra });

  const cases: [string, () => object, string[]][] = [
    ['an unknown entity type', () => ({ creates: [part({ type: 'WIDGET' })] }), ['body.creates[0].type']],
    [
      'an unknown entity type in an update',
      () => ({ updates: [{ id: id('EPS'), type: 'box' }] }),
      ['body.updates[0].type'],
    ],
    [
      'an unknown edge type',
      () => ({ relationship_creates: [{ edge_type: 'LIKES', source_id: id('EPS'), target_id: id('ADCS') }] }),
      ['body.relationship_creates[0].edge_type'],
    ],
    [
      'an unknown relationship type in an update',
      () => ({ relationship_updates: [{ id: rel('CONNECTS'), relationship_type: 'connects' }] }),
      ['body.relationship_updates[0].relationship_type'],
    ],
    [
      'a local_id used twice',
      () => ({ creates: [part(), part({ name: 'Twin' })] }),
      ['body.creates[1].local_id'],
    ],
    [
      'a parent that is neither a local_id nor an entity',
      () => ({ creates: [part({ parent_ids: ['nope'] })] }),
      ['body.creates[0].parent_ids[0]'],
    ],
    [
      'a parent that is an unknown UUID',
      () => ({ creates: [part({ parent_ids: [id('EPS'), unknown] })] }),
      ['body.creates[0].parent_ids[1]'],
    ],
    [
      'a relationship end that was never defined',
      () => ({ relationship_creates: [{ edge_type: 'CONNECTS', source_id: 'ghost', target_id: id('EPS') }] }),
      ['body.relationship_creates[0].source_id'],
    ],
    [
      "another system's entity as a parent",
      () => ({ creates: [part({ parent_ids: [other.entity] })] }),
      ['body.creates[0].parent_ids[0]'],
    ],
    [
      "another system's entity as a relationship end",
      () => ({
        relationship_creates: [{ edge_type: 'CONNECTS', source_id: id('EPS'), target_id: other.entity }],
      }),
      ['body.relationship_creates[0].target_id'],
    ],
    [
      "an update of another system's entity",
      () => ({ updates: [{ id: other.entity, name: 'x' }] }),
      ['body.updates[0].id'],
    ],
    ["a delete of another system's entity", () => ({ deletes: [other.entity] }), ['body.deletes[0]']],
    [
      "an update of another system's relationship",
      () => ({ relationship_updates: [{ id: other.relationship, name: 'x' }] }),
      ['body.relationship_updates[0].id'],
    ],
    [
      "a delete of another system's relationship",
      () => ({ relationship_deletes: [other.relationship] }),
      ['body.relationship_deletes[0]'],
    ],
    [
      'an update of a deleted entity',
      () => ({ updates: [{ id: deletedEntity, name: 'x' }] }),
      ['body.updates[0].id'],
    ],
    ['a delete of a deleted entity', () => ({ deletes: [deletedEntity] }), ['body.deletes[0]']],
    [
      'a deleted entity as a parent',
      () => ({ creates: [part({ parent_ids: [deletedEntity] })] }),
      ['body.creates[0].parent_ids[0]'],
    ],
    [
      'a deleted entity as a relationship end',
      () => ({
        relationship_creates: [{ edge_type: 'CONNECTS', source_id: deletedEntity, target_id: id('EPS') }],
      }),
      ['body.relationship_creates[0].source_id'],
    ],
    [
      'an update of a deleted relationship',
      () => ({ relationship_updates: [{ id: deletedRelationship, name: 'x' }] }),
      ['body.relationship_updates[0].id'],
    ],
    [
      'a delete of a deleted relationship',
      () => ({ relationship_deletes: [deletedRelationship] }),
      ['body.relationship_deletes[0]'],
    ],
    [
      'a reference to an entity deleted in the same request',
      () => ({ creates: [part({ parent_ids: [id('ADCS')] })], deletes: [id('ADCS')] }),
      ['body.creates[0].parent_ids[0]'],
    ],
    [
      'a relationship to an entity deleted in the same request',
      () => ({
        deletes: [id('VBAT')],
        relationship_creates: [{ edge_type: 'CONNECTS', source_id: id('EPS'), target_id: id('VBAT') }],
      }),
      ['body.relationship_creates[0].target_id'],
    ],
    ['an update of an unknown id', () => ({ updates: [{ id: unknown, name: 'x' }] }), ['body.updates[0].id']],
    ['a delete of an unknown id', () => ({ deletes: [id('EPS'), unknown] }), ['body.deletes[1]']],
    [
      'an update of an unknown relationship',
      () => ({ relationship_updates: [{ id: unknown, name: 'x' }] }),
      ['body.relationship_updates[0].id'],
    ],
    [
      'a delete of an unknown relationship',
      () => ({ relationship_deletes: [unknown] }),
      ['body.relationship_deletes[0]'],
    ],
    ['a relationship id used as an entity id', () => ({ deletes: [rel('PROVIDES')] }), ['body.deletes[0]']],
    [
      'a CONTAINS edge in relationship_creates',
      () => ({
        relationship_creates: [{ edge_type: 'CONTAINS', source_id: id('ADCS'), target_id: id('VBAT') }],
      }),
      ['body.relationship_creates[0].edge_type'],
    ],
    [
      'turning an edge into CONTAINS',
      () => ({ relationship_updates: [{ id: rel('DEPENDS_ON'), relationship_type: 'CONTAINS' }] }),
      ['body.relationship_updates[0].relationship_type'],
    ],
    [
      'turning a CONTAINS edge into another type',
      () => ({ relationship_updates: [{ id: rel('CONTAINS'), relationship_type: 'CONNECTS' }] }),
      ['body.relationship_updates[0].relationship_type'],
    ],
    [
      'an entity created as its own parent',
      () => ({ creates: [part({ parent_ids: ['p'] })] }),
      ['body.creates[0].parent_ids'],
    ],
    [
      'an entity moved under itself',
      () => ({ updates: [{ id: id('EPS'), parent_ids: [id('EPS')] }] }),
      ['body.updates[0].parent_ids'],
    ],
    [
      'a malformed UUID in updates[].id',
      () => ({ updates: [{ id: 'not-a-uuid', name: 'x' }] }),
      ['body.updates[0].id'],
    ],
    ['a malformed UUID in deletes', () => ({ deletes: [id('EPS'), 'not-a-uuid'] }), ['body.deletes[1]']],
    [
      'a malformed UUID in relationship_deletes',
      () => ({ relationship_deletes: ['123'] }),
      ['body.relationship_deletes[0]'],
    ],
    [
      'a malformed UUID in relationship_updates[].id',
      () => ({ relationship_updates: [{ id: 'x', name: 'x' }] }),
      ['body.relationship_updates[0].id'],
    ],
    ['an unknown top-level field', () => ({ creates: [part()], colour: 'red' }), ['body.colour']],
    [
      'an unknown field in a create',
      () => ({ creates: [part({ colour: 'red' })] }),
      ['body.creates[0].colour'],
    ],
    [
      'an unknown field in an update',
      () => ({ updates: [{ id: id('EPS'), parent: id('ADCS') }] }),
      ['body.updates[0].parent'],
    ],
    [
      'an unknown field in a relationship create',
      () => ({
        relationship_creates: [
          { edge_type: 'CONNECTS', source_id: id('EPS'), target_id: id('ADCS'), weight: 1 },
        ],
      }),
      ['body.relationship_creates[0].weight'],
    ],
    [
      'a create without a name',
      () => ({ creates: [{ local_id: 'p', type: 'COMPONENT' }] }),
      ['body.creates[0].name'],
    ],
    [
      'a create without a type',
      () => ({ creates: [{ local_id: 'p', name: 'P' }] }),
      ['body.creates[0].type'],
    ],
    [
      'a create without a local_id',
      () => ({ creates: [{ type: 'COMPONENT', name: 'P' }] }),
      ['body.creates[0].local_id'],
    ],
    ['an update without an id', () => ({ updates: [{ name: 'x' }] }), ['body.updates[0].id']],
    [
      'a relationship create without a target',
      () => ({ relationship_creates: [{ edge_type: 'CONNECTS', source_id: id('EPS') }] }),
      ['body.relationship_creates[0].target_id'],
    ],
    ['an empty name', () => ({ creates: [part({ name: '' })] }), ['body.creates[0].name']],
    ['an empty local_id', () => ({ creates: [part({ local_id: '' })] }), ['body.creates[0].local_id']],
    [
      'a property value that is not a string',
      () => ({ creates: [part({ properties: { n: 5 } })] }),
      ['body.creates[0].properties.n'],
    ],
    [
      'a null property value in a create',
      () => ({ creates: [part({ properties: { n: null } })] }),
      ['body.creates[0].properties.n'],
    ],
    ['creates that is not an array', () => ({ creates: part() }), ['body.creates']],
    // The database cannot store U+0000 in text or jsonb: refused before anything is written.
    [
      'a NUL character in a name',
      () => ({ creates: [part()], updates: [{ id: id('EPS'), name: 'E\u0000PS' }] }),
      ['body.updates[0].name'],
    ],
    [
      'a NUL character in a property value',
      () => ({ creates: [part({ properties: { note: 'a\u0000b' } })] }),
      ['body.creates[0].properties.note'],
    ],
    [
      'a NUL character in a property key',
      () => ({ creates: [part({ properties: { 'no\u0000te': 'b' } })] }),
      ['body.creates[0].properties.no\\u0000te'],
    ],
  ];

  it.each(cases)('refuses %s', async (_label, body, paths) => {
    const before = await snapshot(sys);
    const problem = expectProblem(await mg.batch(sys, body()), 400, paths);
    for (const path of paths) expect(problem.detail).toContain(path);
    expect(problem.title).not.toMatch(/internal/i);
    expect(await snapshot(sys)).toEqual(before);
  });

  it('refuses two creates that contain each other, naming one of them', async () => {
    const before = await snapshot(sys);
    const problem = expectProblem(
      await mg.batch(sys, {
        creates: [
          { local_id: 'a', type: 'COMPONENT', name: 'A', parent_ids: ['b'] },
          { local_id: 'b', type: 'COMPONENT', name: 'B', parent_ids: ['a'] },
        ],
      }),
      400,
    );
    expect(problem.errors).toHaveLength(1);
    expect(problem.errors[0]!.path).toMatch(/^body\.creates\[[01]\]\.parent_ids$/);
    expect(problem.errors[0]!.message).toMatch(/cycle/i);
    expect(await snapshot(sys)).toEqual(before);
  });

  it('refuses moving an entity under its own descendant through stored edges, rolling back every write', async () => {
    const before = await snapshot(sys);
    // Valid creates, updates, deletes and relationship changes first; the cycle is only visible to the
    // database after they are written (EPS -> Battery is stored, CubeSat -> EPS too).
    const problem = expectProblem(
      await mg.batch(sys, {
        creates: [{ local_id: 'n', type: 'COMPONENT', name: 'New part', parent_ids: [id('ADCS')] }],
        updates: [
          { id: id('Reaction wheel'), name: 'Renamed wheel', properties: { rpm: '6000' } },
          { id: id('CubeSat'), parent_ids: [id('Battery')] },
        ],
        deletes: [id('VBAT')],
        relationship_creates: [{ edge_type: 'CONNECTS', source_id: 'n', target_id: id('Power bus') }],
        relationship_updates: [{ id: rel('CONNECTS'), name: 'renamed' }],
        relationship_deletes: [rel('CONSUMES')],
      }),
      400,
      ['body.updates[1].parent_ids'],
    );
    expect(problem.errors[0]!.message).toMatch(/cycle/i);
    expect(await snapshot(sys)).toEqual(before);
  });

  it('refuses a cycle closed through an entity created in the same save', async () => {
    const before = await snapshot(sys);
    // Stored: EPS -> Battery. New: Battery -> X, and EPS moved under X.
    expectProblem(
      await mg.batch(sys, {
        creates: [{ local_id: 'x', type: 'COMPONENT', name: 'X', parent_ids: [id('Battery')] }],
        updates: [{ id: id('EPS'), parent_ids: ['x'] }],
      }),
      400,
      ['body.updates[0].parent_ids'],
    );
    expect(await snapshot(sys)).toEqual(before);
  });

  it('lists every refusal of a request at once', async () => {
    const before = await snapshot(sys);
    expectProblem(
      await mg.batch(sys, {
        creates: [part(), part({ parent_ids: ['ghost'] })],
        updates: [{ id: unknown, name: 'x' }],
        relationship_creates: [{ edge_type: 'CONTAINS', source_id: id('EPS'), target_id: 'p' }],
      }),
      400,
      [
        'body.creates[1].local_id',
        'body.creates[1].parent_ids[0]',
        'body.updates[0].id',
        'body.relationship_creates[0].edge_type',
      ],
    );
    expect(await snapshot(sys)).toEqual(before);
  });

  it('answers 404 for an unknown, malformed or deleted system, and saves nothing', async () => {
    expectProblem(await mg.batch(randomUUID(), {}), 404);
    expectProblem(await mg.batch('not-a-uuid', {}), 404);
    const gone = await mg.createSystem();
    await mg.save(gone, {});
    await mg.deleteSystem(gone);
    expectProblem(await mg.batch(gone, { creates: [part()] }), 404);
    const [row] = await queryRows<{ v: number }>(
      ctx.database.db,
      sql`SELECT metagraph_version AS v FROM systems WHERE id = ${gone}`,
    );
    expect(Number(row!.v)).toBe(1);
  });

  it('refuses a body that is not a JSON object', async () => {
    expectProblem(await mg.batch(sys, [part()]), 400);
  });
});

describe('field limits', () => {
  const LIMITS: [string, (n: number) => object, number, string][] = [
    ['name', (n) => ({ name: 'n'.repeat(n) }), 500, 'body.creates[0].name'],
    ['description', (n) => ({ description: 'd'.repeat(n) }), 10_000, 'body.creates[0].description'],
    ['local_id', (n) => ({ local_id: 'l'.repeat(n) }), 200, 'body.creates[0].local_id'],
    ['property key', (n) => ({ properties: { ['k'.repeat(n)]: 'v' } }), 200, 'body.creates[0].properties'],
    ['property value', (n) => ({ properties: { k: 'v'.repeat(n) } }), 10_000, 'body.creates[0].properties.k'],
  ];

  it.each(LIMITS)(
    'accepts an entity %s at its maximum length and refuses one longer',
    async (_f, field, max, path) => {
      const sys = await mg.createSystem();
      const create = (n: number) => ({
        creates: [{ local_id: 'a', type: 'COMPONENT', name: 'A', ...field(n) }],
      });
      expect((await mg.save(sys, create(max))).entities_created).toBe(1);
      const problem = expectProblem(await mg.batch(sys, create(max + 1)), 400);
      expect(problem.errors.length).toBeGreaterThan(0);
      expect(problem.errors.map((e) => e.path).every((p) => p.startsWith(path))).toBe(true);
      expect((await mg.full(sys)).version).toBe(1);
    },
  );

  it('applies the name and description limits to updates and relationships as well', async () => {
    const { sys, id, graph } = await satellite();
    const relId = graph.relationships[0]!.uuid;
    await mg.save(sys, {
      updates: [{ id: id('EPS'), name: 'n'.repeat(500), description: 'd'.repeat(10_000) }],
      relationship_updates: [{ id: relId, name: 'r'.repeat(500), description: 'd'.repeat(10_000) }],
      relationship_creates: [
        { edge_type: 'CONNECTS', source_id: id('EPS'), target_id: id('ADCS'), name: 'r'.repeat(500) },
      ],
    });
    expectProblem(await mg.batch(sys, { updates: [{ id: id('EPS'), name: 'n'.repeat(501) }] }), 400, [
      'body.updates[0].name',
    ]);
    expectProblem(
      await mg.batch(sys, { updates: [{ id: id('EPS'), description: 'd'.repeat(10_001) }] }),
      400,
      ['body.updates[0].description'],
    );
    expectProblem(
      await mg.batch(sys, { relationship_updates: [{ id: relId, name: 'r'.repeat(501) }] }),
      400,
      ['body.relationship_updates[0].name'],
    );
    expectProblem(
      await mg.batch(sys, {
        relationship_creates: [
          { edge_type: 'CONNECTS', source_id: id('EPS'), target_id: id('ADCS'), name: 'r'.repeat(501) },
        ],
      }),
      400,
      ['body.relationship_creates[0].name'],
    );
    expect((await mg.full(sys)).version).toBe(2);
  });

  it('accepts a save larger than the ordinary body limit (default 1 MiB)', async () => {
    const sys = await mg.createSystem();
    const creates = Array.from({ length: 130 }, (_, i) => ({
      local_id: `c${i}`,
      type: 'COMPONENT',
      name: `Part ${i}`,
      description: 'x'.repeat(9_500),
    }));
    const payload = { creates };
    expect(JSON.stringify(payload).length).toBeGreaterThan(1024 * 1024);
    expect((await mg.save(sys, payload)).entities_created).toBe(130);
  });
});

describe('concurrent saves on one system', () => {
  it('are serialised: each gets its own version, none is lost', async () => {
    const sys = await mg.createSystem();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        mg.batch(sys, { creates: [{ local_id: 'x', type: 'COMPONENT', name: `Racer ${i}` }] }),
      ),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const versions = results.map((r) => r.json<{ version: number }>().version).sort((a, b) => a - b);
    expect(versions).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const graph = await mg.full(sys);
    expect(graph.version).toBe(10);
    expect(graph.entities.map((e) => e.name).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `Racer ${i}`).sort(),
    );
    const changes = await mg.changes(sys);
    expect(changes.items.map((c) => c.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(changes.items.flatMap((c) => c.entities.created).sort()).toEqual(
      graph.entities.map((e) => e.uuid).sort(),
    );
    for (const c of changes.items) expect(c.entities.created).toHaveLength(1);
  });

  it('with the same base_version: exactly one succeeds, the others get 409 with the new version', async () => {
    const sys = await mg.createSystem();
    await mg.save(sys, {});
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        mg.batch(sys, {
          base_version: 1,
          creates: [{ local_id: 'x', type: 'COMPONENT', name: `Contender ${i}` }],
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(expectProblem(res, 409).current_version).toBe(2);
    }
    const graph = await mg.full(sys);
    expect(graph.version).toBe(2);
    expect(graph.entities).toHaveLength(1);
    expect((await mg.changes(sys)).count).toBe(2);
  });

  it('on different systems do not interfere', async () => {
    const [a, b] = [await mg.createSystem(), await mg.createSystem()];
    const results = await Promise.all(
      [a, b, a, b, a, b].map((s, i) =>
        mg.save(s, { creates: [{ local_id: 'x', type: 'SIGNAL', name: `S${i}` }] }),
      ),
    );
    expect(results.map((r) => r.version).sort()).toEqual([1, 1, 2, 2, 3, 3]);
    expect((await mg.full(a)).entities).toHaveLength(3);
    expect((await mg.full(b)).entities).toHaveLength(3);
  });
});

describe('the batch save body limit', () => {
  let small: TestContext;
  let smallMg: MetagraphClient;
  let token: string;

  beforeAll(async () => {
    // Batch save's own limit (4 KiB) above the ordinary limit (2 KiB), so each is seen on its own.
    small = await testApp({ env: { HWA_BATCH_SAVE_BODY_LIMIT: '4096', HWA_BODY_LIMIT: '2048' } });
    token = await small.tokenFor('ann@example.com');
    smallMg = metagraphClient(small, token);
  });

  const bodyOfSize = (bytes: number) => {
    const shell = { creates: [{ local_id: 'a', type: 'COMPONENT', name: 'A', description: '' }] };
    const pad = bytes - JSON.stringify(shell).length;
    shell.creates[0]!.description = 'd'.repeat(pad);
    expect(JSON.stringify(shell).length).toBe(bytes);
    return shell;
  };

  it('comes from HWA_BATCH_SAVE_BODY_LIMIT: a body at the limit is saved, one byte more is 413', async () => {
    const sys = await smallMg.createSystem();
    expect((await smallMg.save(sys, bodyOfSize(4096))).version).toBe(1);
    expectProblem(await smallMg.batch(sys, bodyOfSize(4097)), 413);
    expect((await smallMg.full(sys)).version).toBe(1);
  });

  it('does not change the limit of other routes (HWA_BODY_LIMIT)', async () => {
    const put = (content: string) =>
      small.as(token, { method: 'PUT', url: '/api/v1/memories', payload: { content } });
    const overhead = JSON.stringify({ content: '' }).length;
    expect((await put('m'.repeat(2048 - overhead))).statusCode).toBe(200);
    expectProblem(await put('m'.repeat(2049 - overhead)), 413);
  });
});

describe('the change set of a save', () => {
  it('records creates with their generated CONTAINS edges, updates and who saved when', async () => {
    const sys = await mg.createSystem();
    await mg.save(sys, SATELLITE);
    const graph = await mg.full(sys);
    const [change] = (await mg.changes(sys)).items;
    expect(change).toMatchObject({ version: 1, changed_by: 'ann@example.com' });
    expect(change!.changed_at).toMatch(ISO_MS_Z);
    expect(change!.entities.created.sort()).toEqual(graph.entities.map((e) => e.uuid).sort());
    expect(change!.relationships.created.sort()).toEqual(graph.relationships.map((r) => r.uuid).sort());
    expect(change!.entities.updated).toEqual([]);
    expect(change!.relationships.deleted).toEqual([]);

    await mg.save(sys, { updates: [{ id: byName(graph, 'EPS').uuid, name: 'Power' }] }, bobToken);
    const second = (await mg.changes(sys, 1)).items[0]!;
    expect(second).toMatchObject({
      version: 2,
      changed_by: 'bob@example.com',
      entities: { created: [], updated: [byName(graph, 'EPS').uuid], deleted: [] },
      relationships: { created: [], updated: [], deleted: [] },
    });
  });
});

describe('a deleted entity stays deleted through later saves', () => {
  it('is never listed again and its memory route answers 404', async () => {
    const { sys, id } = await satellite();
    await mg.save(sys, { deletes: [id('Energy')] });
    await mg.save(sys, {});
    expect((await mg.full(sys)).entities.map((e) => e.name)).not.toContain('Energy');
    expectProblem(
      await mg.call('PUT', `/systems/${sys}/entities/${id('Energy')}/memories`, { content: 'x' }),
      404,
    );
  });
});

describe('ids in upper case', () => {
  it('name the same records as in lower case: update, move, delete and refuse a cycle by them', async () => {
    const { sys, id } = await satellite();
    const upper = (name: string) => id(name).toUpperCase();
    const saved = await mg.batch(sys, {
      updates: [{ id: upper('Battery'), name: 'Battery pack', parent_ids: [upper('CubeSat')] }],
      deletes: [upper('ADCS')],
      relationship_creates: [
        { edge_type: 'DEPENDS_ON', source_id: upper('EPS'), target_id: upper('CubeSat') },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const graph = await mg.full(sys);
    expect(byName(graph, 'Battery pack').uuid).toBe(id('Battery'));
    expect(graph.entities.some((e) => e.name === 'ADCS')).toBe(false);

    const before = await snapshot(sys);
    const refused = await mg.batch(sys, { updates: [{ id: upper('CubeSat'), parent_ids: [upper('EPS')] }] });
    expectProblem(refused, 400, ['body.updates[0].parent_ids']);
    expect(await snapshot(sys)).toEqual(before);
  });
});
