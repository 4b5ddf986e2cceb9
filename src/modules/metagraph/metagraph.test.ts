// Reading a metagraph as a client does: the full graph at its version, entities and relationships with
// their filters, single records, 404 for anything not live in a live system, and the change list that
// clients sync from (`/metagraph/changes?since_version=N`).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, type TestContext, type TestUser } from '../../../test/helpers.js';
import { Type } from 'typebox';
import type { Page } from '../../core/schemas.js';
import type { EntityMemory } from '../memories/memories.schemas.js';
import {
  ENTITY_KEYS,
  ISO_MS_Z,
  RELATIONSHIP_KEYS,
  byName,
  expectSchema,
  metagraphClient,
  metagraphTestApp,
  type MetagraphClient,
} from '../../../test/metagraph-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import {
  EntitySchema,
  FullMetagraphSchema,
  RelationshipSchema,
  type ChangeSet,
  type Entity,
  type FullMetagraph,
  type Relationship,
} from './metagraph.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let mg: MetagraphClient;
let bob: MetagraphClient;

beforeAll(async () => {
  let bobUser: TestUser;
  ({ ctx, ann, bob: bobUser, mg } = await metagraphTestApp());
  bob = metagraphClient(ctx, bobUser);
});

const satellite = (name?: string) => mg.satellite(name, 'Three-unit cubesat');

type Query = Record<string, string | string[]>;
/** Ann's GET, refused or not. */
const get = (url: string, query?: Query) => ann.call('GET', url, undefined, { query });
/** Ann's GET that must answer 200. */
const getJson = async <T>(url: string, query?: Query) =>
  ok(await ann.call<T>('GET', url, undefined, { query }));

describe('GET /systems/{id}/metagraph', () => {
  it('answers the system, its version and every live entity and relationship', async () => {
    const { sys, graph } = await satellite('Metagraph one');
    expect(Object.keys(graph).sort()).toEqual([
      'description',
      'entities',
      'relationships',
      'system_id',
      'system_name',
      'version',
    ]);
    expect(graph).toMatchObject({
      system_id: sys,
      system_name: 'Metagraph one',
      description: 'Three-unit cubesat',
      version: 1,
    });
    expect(graph.entities).toHaveLength(8);
    expect(graph.relationships).toHaveLength(12);
    for (const e of graph.entities) expect(e.system_id).toBe(sys);
  });

  it('answers an empty graph at version 0 for a new system, description null when none', async () => {
    const sys = await mg.createSystem('Empty one');
    expect(await mg.full(sys)).toEqual({
      system_id: sys,
      system_name: 'Empty one',
      description: null,
      version: 0,
      entities: [],
      relationships: [],
    });
  });

  it('is readable by any signed-in user', async () => {
    const { sys, graph } = await satellite();
    expect(await bob.full(sys)).toEqual(graph);
  });

  it('matches what the list and single-record endpoints answer', async () => {
    const { sys, graph } = await satellite();
    expect(await getJson<Entity[]>(`/systems/${sys}/entities`)).toEqual(graph.entities);
    expect(await getJson<Relationship[]>(`/systems/${sys}/relationships`)).toEqual(graph.relationships);
    for (const e of graph.entities) expect(await mg.entity(sys, e.uuid)).toEqual(e);
    for (const r of graph.relationships) expect(await mg.relationship(sys, r.uuid)).toEqual(r);
  });

  it('lists in a stable order: creation time, then id', async () => {
    const sys = await mg.createSystem();
    await mg.save(sys, { creates: [{ local_id: 'b', type: 'COMPONENT', name: 'B' }] });
    await mg.save(sys, { creates: [{ local_id: 'a', type: 'COMPONENT', name: 'A' }] });
    const graph = await mg.full(sys);
    expect(graph.entities.map((e) => e.name)).toEqual(['B', 'A']);
    const sorted = [...graph.entities].sort((x, y) =>
      x.created_at === y.created_at ? (x.uuid < y.uuid ? -1 : 1) : x.created_at < y.created_at ? -1 : 1,
    );
    expect(graph.entities).toEqual(sorted);
    expect(await mg.full(sys)).toEqual(graph);
  });
});

describe('the shape of every read', () => {
  it('matches the documented Entity, Relationship and Full metagraph schemas, with every field', async () => {
    const { sys, graph, id } = await satellite();
    // Fill the nullable fields too: a memory, an external id.
    const memory = ok(
      await ann.call<EntityMemory>('PUT', `/systems/${sys}/entities/${id('Battery')}/memories`, {
        content: 'Cell 3 weak',
      }),
    );
    await ctx.database.db.execute(sql`UPDATE entities SET external_id = 'PLM-1' WHERE id = ${id('Battery')}`);

    const full = await mg.full(sys);
    expectSchema(FullMetagraphSchema, full);
    for (const e of full.entities) expect(Object.keys(e).sort()).toEqual(ENTITY_KEYS);
    for (const r of full.relationships) expect(Object.keys(r).sort()).toEqual(RELATIONSHIP_KEYS);
    expectSchema(Type.Array(EntitySchema), await getJson(`/systems/${sys}/entities`));
    expectSchema(Type.Array(RelationshipSchema), await getJson(`/systems/${sys}/relationships`));
    const battery = await mg.entity(sys, id('Battery'));
    expectSchema(EntitySchema, battery);
    expect(battery).toMatchObject({
      external_id: 'PLM-1',
      memories: 'Cell 3 weak',
      memories_updated_at: memory.updated_at,
      memories_contributors: ['ann@example.com'],
    });
    expectSchema(RelationshipSchema, await mg.relationship(sys, graph.relationships[0]!.uuid));
  });

  it('writes timestamps as UTC ISO 8601 with milliseconds, the same instant every endpoint reports', async () => {
    const { sys, graph } = await satellite();
    const [change] = (await mg.changes(sys)).items;
    for (const e of graph.entities) {
      expect(e.created_at).toMatch(ISO_MS_Z);
      expect(e.updated_at).toMatch(ISO_MS_Z);
      // Created in the save's transaction, at the instant its change set records.
      expect(e.created_at).toBe(change!.changed_at);
    }
    for (const r of graph.relationships) expect(r.created_at).toBe(change!.changed_at);
  });

  it('sorts attributes by key in code-point order, for entities and relationships alike', async () => {
    const sys = await mg.createSystem();
    const properties = { b: '1', B: '2', a: '3', _x: '4', Z: '5', é: '6', '10': '7', '9': '8' };
    await mg.save(sys, {
      creates: [
        { local_id: 'p', type: 'COMPONENT', name: 'P', properties },
        { local_id: 'q', type: 'COMPONENT', name: 'Q' },
      ],
      relationship_creates: [{ edge_type: 'CONNECTS', source_id: 'p', target_id: 'q', properties }],
    });
    const expected = Object.keys(properties)
      .sort()
      .map((key) => ({ key, value: properties[key as keyof typeof properties] }));
    const graph = await mg.full(sys);
    expect(byName(graph, 'P').attributes).toEqual(expected);
    expect(graph.relationships[0]!.attributes).toEqual(expected);
    expect((await mg.entity(sys, byName(graph, 'P').uuid)).attributes).toEqual(expected);
  });

  it('answers a metagraph larger than one read chunk (5,000 rows) whole, each record once, in order', async () => {
    const sys = await mg.createSystem();
    const children = Array.from({ length: 5_001 }, (_, i) => ({
      local_id: `c${i}`,
      type: 'COMPONENT',
      name: `Part ${i}`,
      parent_ids: ['root'],
    }));
    await mg.save(sys, { creates: [{ local_id: 'root', type: 'SYSTEM', name: 'Root' }, ...children] });
    await mg.save(sys, { creates: [{ local_id: 'late', type: 'SIGNAL', name: 'Late', parent_ids: [] }] });
    const graph = await mg.full(sys);
    expect(graph.entities).toHaveLength(5_003);
    expect(new Set(graph.entities.map((e) => e.uuid)).size).toBe(5_003);
    expect(graph.relationships).toHaveLength(5_001);
    expect(new Set(graph.relationships.map((r) => r.uuid)).size).toBe(5_001);
    expect(graph.entities[0]!.name).toBe('Root');
    expect(graph.entities[5_001]!.name).toBe('Part 5000');
    expect(graph.entities[5_002]!.name).toBe('Late');
    const key = (e: { created_at: string; uuid: string }) => `${e.created_at} ${e.uuid}`;
    const keys = graph.entities.map(key);
    expect([...keys].sort()).toEqual(keys);
    const listed = await getJson<Entity[]>(`/systems/${sys}/entities`);
    expect(listed.map((e) => e.uuid)).toEqual(graph.entities.map((e) => e.uuid));
    const components = await getJson<Entity[]>(`/systems/${sys}/entities`, { entity_type: 'COMPONENT' });
    expect(components).toHaveLength(5_001);
  });
});

describe('GET /systems/{id}/entities', () => {
  let sys: string;
  let graph: FullMetagraph;
  let id: (n: string) => string;

  beforeAll(async () => {
    ({ sys, graph, id } = await satellite());
  });

  const names = (list: Entity[]) => list.map((e) => e.name).sort();

  it('filters by entity_type', async () => {
    expect(names(await getJson(`/systems/${sys}/entities`, { entity_type: 'SUBSYSTEM' }))).toEqual([
      'ADCS',
      'EPS',
    ]);
    expect(names(await getJson(`/systems/${sys}/entities`, { entity_type: 'SIGNAL' }))).toEqual(['VBAT']);
    const empty = await mg.createSystem();
    expect(await getJson(`/systems/${empty}/entities`, { entity_type: 'SIGNAL' })).toEqual([]);
  });

  it('refuses an entity_type that is not an Entity type value', async () => {
    expectProblem(await get(`/systems/${sys}/entities`, { entity_type: 'WIDGET' }), 400, [
      'query.entity_type',
    ]);
    expectProblem(await get(`/systems/${sys}/entities`, { entity_type: 'component' }), 400, [
      'query.entity_type',
    ]);
  });

  it('leaves pending entities out unless include_pending=true', async () => {
    await ctx.database.db.execute(sql`UPDATE entities SET is_pending = true WHERE id = ${id('Energy')}`);
    try {
      expect(names(await getJson(`/systems/${sys}/entities`))).not.toContain('Energy');
      expect(names(await getJson(`/systems/${sys}/entities`, { include_pending: 'false' }))).not.toContain(
        'Energy',
      );
      const all = await getJson<Entity[]>(`/systems/${sys}/entities`, { include_pending: 'true' });
      expect(all).toHaveLength(8);
      expect(all.find((e) => e.name === 'Energy')!.is_pending).toBe(true);
      expect(
        names(
          await getJson(`/systems/${sys}/entities`, { include_pending: 'true', entity_type: 'RESOURCE' }),
        ),
      ).toEqual(['Energy']);
      expect(await getJson(`/systems/${sys}/entities`, { entity_type: 'RESOURCE' })).toEqual([]);
    } finally {
      await ctx.database.db.execute(sql`UPDATE entities SET is_pending = false WHERE id = ${id('Energy')}`);
    }
  });

  it('refuses include_pending that is not a boolean', async () => {
    expectProblem(await get(`/systems/${sys}/entities`, { include_pending: 'maybe' }), 400, [
      'query.include_pending',
    ]);
  });

  it('filters by external_id', async () => {
    await ctx.database.db.execute(
      sql`UPDATE entities SET external_id = 'PLM-42' WHERE id = ${id('Battery')}`,
    );
    await ctx.database.db.execute(sql`UPDATE entities SET external_id = 'PLM-43' WHERE id = ${id('EPS')}`);
    const found = await getJson<Entity[]>(`/systems/${sys}/entities`, { external_id: 'PLM-42' });
    expect(found.map((e) => e.uuid)).toEqual([id('Battery')]);
    expect(found[0]!.external_id).toBe('PLM-42');
    expect(await getJson(`/systems/${sys}/entities`, { external_id: 'PLM-4' })).toEqual([]);
    expect(
      await getJson(`/systems/${sys}/entities`, { external_id: 'PLM-42', entity_type: 'SUBSYSTEM' }),
    ).toEqual([]);
    expect((await mg.entity(sys, id('Battery'))).external_id).toBe('PLM-42');
  });

  it('refuses a query parameter it does not know', async () => {
    expectProblem(await get(`/systems/${sys}/entities`, { kind: 'SIGNAL' }), 400, ['query.kind']);
  });

  it('never lists another system’s entities', async () => {
    const other = await satellite();
    const mine = await getJson<Entity[]>(`/systems/${sys}/entities`);
    const theirs = new Set(other.graph.entities.map((e) => e.uuid));
    expect(mine.some((e) => theirs.has(e.uuid))).toBe(false);
    expect(mine).toHaveLength(graph.entities.length);
  });
});

describe('GET /systems/{id}/relationships', () => {
  let sys: string;
  let graph: FullMetagraph;

  beforeAll(async () => {
    ({ sys, graph } = await satellite());
  });

  it('filters by relationship_type', async () => {
    const contains = await getJson<Relationship[]>(`/systems/${sys}/relationships`, {
      relationship_type: 'CONTAINS',
    });
    expect(contains).toHaveLength(7);
    expect(contains.every((r) => r.relationship_type === 'CONTAINS')).toBe(true);
    const provides = await getJson<Relationship[]>(`/systems/${sys}/relationships`, {
      relationship_type: 'PROVIDES',
    });
    expect(provides.map((r) => r.name)).toEqual(['stores']);
  });

  it('refuses a relationship_type that is not a Relationship type value', async () => {
    expectProblem(await get(`/systems/${sys}/relationships`, { relationship_type: 'LIKES' }), 400, [
      'query.relationship_type',
    ]);
  });

  it('leaves pending relationships out unless include_pending=true', async () => {
    const target = graph.relationships.find((r) => r.relationship_type === 'CONSUMES')!;
    await ctx.database.db.execute(sql`UPDATE relationships SET is_pending = true WHERE id = ${target.uuid}`);
    const listed = await getJson<Relationship[]>(`/systems/${sys}/relationships`);
    expect(listed.map((r) => r.uuid)).not.toContain(target.uuid);
    expect(listed).toHaveLength(11);
    const all = await getJson<Relationship[]>(`/systems/${sys}/relationships`, { include_pending: 'true' });
    expect(all).toHaveLength(12);
    expect(all.find((r) => r.uuid === target.uuid)!.is_pending).toBe(true);
    expect(
      await getJson(`/systems/${sys}/relationships`, {
        include_pending: 'false',
        relationship_type: 'CONSUMES',
      }),
    ).toEqual([]);
  });

  it('refuses a query parameter it does not know', async () => {
    expectProblem(await get(`/systems/${sys}/relationships`, { entity_type: 'SIGNAL' }), 400, [
      'query.entity_type',
    ]);
  });
});

describe('single records and what is not there', () => {
  it('answers 404 for another system’s entity or relationship under this system', async () => {
    const mine = await satellite();
    const theirs = await satellite();
    const entity = theirs.id('Battery');
    const relationship = theirs.graph.relationships[0]!.uuid;
    expectProblem(await get(`/systems/${mine.sys}/entities/${entity}`), 404);
    expectProblem(await get(`/systems/${mine.sys}/relationships/${relationship}`), 404);
    // and each is found under its own system
    expect((await mg.entity(theirs.sys, entity)).uuid).toBe(entity);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const { sys, id } = await satellite();
    expectProblem(await get(`/systems/${sys}/entities/${randomUUID()}`), 404);
    expectProblem(await get(`/systems/${sys}/entities/not-a-uuid`), 404);
    expectProblem(await get(`/systems/${sys}/relationships/${randomUUID()}`), 404);
    expectProblem(await get(`/systems/${sys}/relationships/12345`), 404);
    // An entity id is not a relationship id.
    expectProblem(await get(`/systems/${sys}/relationships/${id('EPS')}`), 404);
    for (const path of ['metagraph', 'entities', 'relationships', 'metagraph/changes']) {
      expectProblem(await get(`/systems/${randomUUID()}/${path}`), 404);
      expectProblem(await get(`/systems/nope/${path}`), 404);
    }
  });

  it('answers 404 for everything of a deleted system', async () => {
    const { sys, graph, id } = await satellite();
    const relationship = graph.relationships[0]!.uuid;
    await mg.deleteSystem(sys);
    for (const path of [
      'metagraph',
      'metagraph/changes',
      'entities',
      `entities/${id('EPS')}`,
      'relationships',
      `relationships/${relationship}`,
      `entities/${id('EPS')}/memories/history`,
    ]) {
      expectProblem(await get(`/systems/${sys}/${path}`), 404);
    }
  });
});

describe('GET /systems/{id}/metagraph/changes', () => {
  let sys: string;
  let id: (n: string) => string;

  /** Five saves: the satellite, an update, an empty save, a delete, a relationship change. */
  beforeAll(async () => {
    ({ sys, id } = await satellite());
    await mg.save(sys, { updates: [{ id: id('EPS'), name: 'Power' }] });
    await mg.save(sys, {});
    await mg.save(sys, { deletes: [id('VBAT')] });
    const consumes = (await mg.full(sys)).relationships.find((r) => r.relationship_type === 'CONSUMES')!;
    await mg.save(sys, { relationship_updates: [{ id: consumes.uuid, name: 'draws' }] });
  });

  const changes = (query: Record<string, string>) =>
    getJson<Page<ChangeSet>>(`/systems/${sys}/metagraph/changes`, query);

  it('lists every save after since_version, oldest first, with the items it changed', async () => {
    const all = await changes({ since_version: '0' });
    expect(all.count).toBe(5);
    expect(all.items.map((c) => c.version)).toEqual([1, 2, 3, 4, 5]);
    for (const c of all.items) {
      expect(Object.keys(c).sort()).toEqual([
        'changed_at',
        'changed_by',
        'entities',
        'relationships',
        'version',
      ]);
      expect(c.changed_by).toBe('ann@example.com');
    }
    expect(all.items[1]!.entities).toEqual({ created: [], updated: [id('EPS')], deleted: [] });
    expect(all.items[2]).toMatchObject({
      entities: { created: [], updated: [], deleted: [] },
      relationships: { created: [], updated: [], deleted: [] },
    });
    expect(all.items[3]!.entities.deleted).toEqual([id('VBAT')]);
    // VBAT had two edges: its CONTAINS from the bus and the INFLUENCES from the wheel.
    expect(all.items[3]!.relationships.deleted).toHaveLength(2);
    expect(all.items[4]!.relationships.updated).toHaveLength(1);
    const times = all.items.map((c) => Date.parse(c.changed_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('answers only the versions after since_version', async () => {
    expect((await changes({ since_version: '3' })).items.map((c) => c.version)).toEqual([4, 5]);
    expect((await changes({ since_version: '4' })).count).toBe(1);
    expect(await changes({ since_version: '5' })).toEqual({ items: [], count: 0 });
    expect(await changes({ since_version: '99' })).toEqual({ items: [], count: 0 });
  });

  it('defaults since_version to 0', async () => {
    expect(await changes({})).toEqual(await changes({ since_version: '0' }));
  });

  it('pages with limit and offset; count is the total after since_version', async () => {
    const page = await changes({ since_version: '1', limit: '2', offset: '1' });
    expect(page.items.map((c) => c.version)).toEqual([3, 4]);
    expect(page.count).toBe(4);
    expect(await changes({ since_version: '1', limit: '2', offset: '10' })).toEqual({ items: [], count: 4 });
    expect((await changes({ limit: '1' })).items.map((c) => c.version)).toEqual([1]);
    expect((await changes({ limit: '1000' })).items).toHaveLength(5);
  });

  it('refuses since_version, limit and offset out of bounds', async () => {
    const url = `/systems/${sys}/metagraph/changes`;
    expectProblem(await get(url, { since_version: '-1' }), 400, ['query.since_version']);
    expectProblem(await get(url, { since_version: 'two' }), 400, ['query.since_version']);
    expectProblem(await get(url, { limit: '0' }), 400, ['query.limit']);
    expectProblem(await get(url, { limit: '1001' }), 400, ['query.limit']);
    expectProblem(await get(url, { offset: '-1' }), 400, ['query.offset']);
    expectProblem(await get(url, { version: '1' }), 400, ['query.version']);
  });

  it('is per system', async () => {
    const other = await mg.createSystem();
    expect(await getJson(`/systems/${other}/metagraph/changes`)).toEqual({ items: [], count: 0 });
    await mg.save(other, {});
    const listed = await getJson<Page<ChangeSet>>(`/systems/${other}/metagraph/changes`);
    expect(listed.count).toBe(1);
  });

  it('records nothing for a refused save', async () => {
    expect(expectProblem(await mg.batch(sys, { base_version: 0 }), 409).type).toBe(
      'urn:hwa:problem:stale_base_version',
    );
    expectProblem(await mg.batch(sys, { deletes: [randomUUID()] }), 400);
    expect((await changes({})).count).toBe(5);
  });
});
