// Small factories for the metagraph and memory suites: a batch save, the full metagraph and its change
// list, the satellite, so a test reads like the feature (`await mg.save(sys, { creates: [...] })`).
// Types are the route schemas' Static<> types.
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Page } from '../src/core/schemas.js';
import { queryRows } from '../src/db/client.js';
import type { BatchSaveResult } from '../src/modules/metagraph/batch-save.schemas.js';
import type {
  ChangeSet,
  Entity,
  FullMetagraph,
  Relationship,
} from '../src/modules/metagraph/metagraph.schemas.js';
import { ok, testApp, type TestContext, type TestUser } from './helpers.js';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives wrapped once more.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

/** Asserts `value` matches a route's response schema (for answers built outside fast-json-stringify). */
export function expectSchema(schema: object, value: unknown): void {
  const validate = ajv.compile(schema);
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
}

export { ISO_MS_Z, UUID } from './helpers.js';

export const ENTITY_KEYS = [
  'artifacts',
  'attributes',
  'created_at',
  'created_by',
  'description',
  'entity_type',
  'external_id',
  'is_deleted',
  'is_pending',
  'memories',
  'memories_contributors',
  'memories_updated_at',
  'name',
  'system_id',
  'updated_at',
  'uuid',
];

export const RELATIONSHIP_KEYS = [
  ...ENTITY_KEYS.filter((k) => k !== 'entity_type'),
  'relationship_type',
  'source_entity_id',
  'target_entity_id',
].sort();

/** Metagraph calls of one user (`as` another user where a test says so), system ids as strings. */
export function metagraphClient(ctx: TestContext, user: TestUser) {
  const batch = (systemId: string, body: unknown, as = user) =>
    as.call<BatchSaveResult>('POST', `/systems/metagraphs/${systemId}/batch-save`, body);
  const mg = {
    user,
    /** A new system of this user, by id. */
    async createSystem(system_name?: string, description?: string): Promise<string> {
      const fields = { ...(system_name ? { system_name } : {}), ...(description ? { description } : {}) };
      return (await ctx.newSystem(user, fields)).system_id;
    },
    deleteSystem: async (systemId: string) => ok(await user.call('DELETE', `/systems/${systemId}`)),
    /** The answer of a batch save, refused or not. */
    batch,
    /** A batch save that must succeed. */
    save: async (systemId: string, body: unknown, as = user) => ok(await batch(systemId, body, as)),
    full: async (systemId: string) =>
      ok(await user.call<FullMetagraph>('GET', `/systems/${systemId}/metagraph`)),
    changes: async (systemId: string, sinceVersion = 0) =>
      ok(
        await user.call<Page<ChangeSet>>(
          'GET',
          `/systems/${systemId}/metagraph/changes?since_version=${sinceVersion}&limit=1000`,
        ),
      ),
    entity: async (systemId: string, entityId: string) =>
      ok(await user.call<Entity>('GET', `/systems/${systemId}/entities/${entityId}`)),
    relationship: async (systemId: string, relationshipId: string) =>
      ok(await user.call<Relationship>('GET', `/systems/${systemId}/relationships/${relationshipId}`)),

    /** A new system with the satellite saved in it (version 1), and its entities' ids by name. */
    async satellite(system_name?: string, description?: string) {
      const sys = await mg.createSystem(system_name, description);
      await mg.save(sys, SATELLITE);
      const graph = await mg.full(sys);
      return { sys, graph, id: (name: string) => byName(graph, name).uuid };
    },
    /** Everything a client or the database could observe of a system's metagraph. */
    snapshot: async (systemId: string) => ({
      full: await mg.full(systemId),
      changes: await mg.changes(systemId),
      rows: await storedRows(ctx, systemId),
    }),
  };
  return mg;
}

export type MetagraphClient = ReturnType<typeof metagraphClient>;

/** An app for one metagraph test file, with Ann and Bob signed in; `mg` makes Ann's calls. */
export async function metagraphTestApp(options?: Parameters<typeof testApp>[0]) {
  const ctx = await testApp(options);
  const ann = await ctx.newUser({ email: 'ann@example.com' });
  const bob = await ctx.newUser({ email: 'bob@example.com' });
  return { ctx, ann, bob, mg: metagraphClient(ctx, ann) };
}

/** A batch save's answer at `version`: the counts given, every other count 0, no ids unless given. */
export const saveAnswer = (version: number, given: Partial<BatchSaveResult> = {}): BatchSaveResult => ({
  version,
  entities_created: 0,
  entities_updated: 0,
  entities_deleted: 0,
  relationships_created: 0,
  relationships_updated: 0,
  relationships_deleted: 0,
  entity_ids: {},
  relationship_ids: [],
  ...given,
});

/** The CONTAINS edges from `parent` to `child` (one, or none). */
export const containsEdge = (graph: FullMetagraph, parent: string, child: string) =>
  graph.relationships.filter(
    (r) =>
      r.relationship_type === 'CONTAINS' && r.source_entity_id === parent && r.target_entity_id === child,
  );

/** The one entity of that name (fails the test when there are none or several). */
export function byName(graph: { entities: Entity[] }, name: string): Entity {
  const found = graph.entities.filter((e) => e.name === name);
  expect(found, `entities named ${name}`).toHaveLength(1);
  return found[0]!;
}

/** Edges as readable `type source->target` strings, by entity name, sorted. */
export function edges(graph: FullMetagraph): string[] {
  const name = new Map(graph.entities.map((e) => [e.uuid, e.name]));
  return graph.relationships
    .map((r) => `${r.relationship_type} ${name.get(r.source_entity_id)}->${name.get(r.target_entity_id)}`)
    .sort();
}

/** Every stored row of a system's metagraph, deleted ones included, as the database holds them. */
export async function storedRows(ctx: TestContext, systemId: string) {
  const db = ctx.database.db;
  return {
    system: await queryRows(
      db,
      sql`SELECT metagraph_version, updated_at FROM systems WHERE id = ${systemId}`,
    ),
    entities: await queryRows(db, sql`SELECT * FROM entities WHERE system_id = ${systemId} ORDER BY id`),
    relationships: await queryRows(
      db,
      sql`SELECT * FROM relationships WHERE system_id = ${systemId} ORDER BY id`,
    ),
    changes: await queryRows(
      db,
      sql`SELECT * FROM metagraph_changes WHERE system_id = ${systemId} ORDER BY version`,
    ),
  };
}

/**
 * A small satellite built in one save with local ids: 8 entities of every type in a CONTAINS tree
 * (7 generated edges) and 5 other relationships, one of each non-CONTAINS type.
 */
export const SATELLITE = {
  creates: [
    {
      local_id: 'sat',
      type: 'SYSTEM',
      name: 'CubeSat',
      description: 'A 3U cubesat',
      properties: { orbit: 'LEO', mass_kg: '4' },
    },
    { local_id: 'eps', type: 'SUBSYSTEM', name: 'EPS', parent_ids: ['sat'] },
    { local_id: 'adcs', type: 'SUBSYSTEM', name: 'ADCS', parent_ids: ['sat'] },
    {
      local_id: 'bat',
      type: 'COMPONENT',
      name: 'Battery',
      parent_ids: ['eps'],
      properties: { chemistry: 'Li-ion', capacity_wh: '40' },
    },
    { local_id: 'wheel', type: 'COMPONENT', name: 'Reaction wheel', parent_ids: ['adcs'] },
    { local_id: 'bus', type: 'INTERFACE', name: 'Power bus', parent_ids: ['eps'] },
    { local_id: 'vbat', type: 'SIGNAL', name: 'VBAT', parent_ids: ['bus'] },
    { local_id: 'energy', type: 'RESOURCE', name: 'Energy', parent_ids: ['sat'] },
  ],
  relationship_creates: [
    {
      edge_type: 'PROVIDES',
      source_id: 'bat',
      target_id: 'energy',
      name: 'stores',
      properties: { max_w: '20' },
    },
    { edge_type: 'CONSUMES', source_id: 'wheel', target_id: 'energy' },
    { edge_type: 'CONNECTS', source_id: 'bat', target_id: 'bus', description: 'main harness' },
    { edge_type: 'DEPENDS_ON', source_id: 'adcs', target_id: 'eps' },
    { edge_type: 'INFLUENCES', source_id: 'wheel', target_id: 'vbat' },
  ],
};

export const SATELLITE_EDGES = [
  'CONNECTS Battery->Power bus',
  'CONSUMES Reaction wheel->Energy',
  'CONTAINS ADCS->Reaction wheel',
  'CONTAINS CubeSat->ADCS',
  'CONTAINS CubeSat->EPS',
  'CONTAINS CubeSat->Energy',
  'CONTAINS EPS->Battery',
  'CONTAINS EPS->Power bus',
  'CONTAINS Power bus->VBAT',
  'DEPENDS_ON ADCS->EPS',
  'INFLUENCES Reaction wheel->VBAT',
  'PROVIDES Battery->Energy',
];
