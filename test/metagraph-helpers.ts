// Small factories for the metagraph and memory suites: a system, a batch save, the full metagraph and
// its change list, so a test reads like the feature (`await save(sys, { creates: [...] })`).
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { queryRows } from '../src/db/client.js';
import type { BatchSaveResult } from '../src/modules/metagraph/batch-save.schemas.js';
import type { TestContext } from './helpers.js';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives wrapped once more.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

/** Asserts `value` matches a route's response schema (for answers built outside fast-json-stringify). */
export function expectSchema(schema: object, value: unknown): void {
  const validate = ajv.compile(schema);
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
}

export const API = '/api/v1';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export interface Attribute {
  key: string;
  value: string;
}

export interface Entity {
  uuid: string;
  system_id: string;
  entity_type: string;
  name: string;
  description: string | null;
  external_id: string | null;
  attributes: Attribute[];
  artifacts: unknown[];
  memories: string;
  memories_updated_at: string | null;
  memories_contributors: string[];
  is_deleted: boolean;
  is_pending: boolean;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface Relationship extends Omit<Entity, 'entity_type'> {
  relationship_type: string;
  source_entity_id: string;
  target_entity_id: string;
}

export interface FullMetagraph {
  system_id: string;
  system_name: string;
  description: string | null;
  version: number;
  entities: Entity[];
  relationships: Relationship[];
}

/** The batch-save answer, as its route schema declares it. */
export type SaveResult = BatchSaveResult;

export interface ChangeSet {
  version: number;
  changed_by: string;
  changed_at: string;
  entities: { created: string[]; updated: string[]; deleted: string[] };
  relationships: { created: string[]; updated: string[]; deleted: string[] };
}

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

/** Metagraph calls for one user of one test app. */
export function metagraphClient(ctx: TestContext, token: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, tok = token) =>
    ctx.as(tok, {
      method,
      url: `${API}${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  function ok<T>(res: LightMyRequestResponse, status = 200): T {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  }

  return {
    call,
    async createSystem(name = `System ${Math.random().toString(36).slice(2, 10)}`, description?: string) {
      const res = await call('POST', '/systems', {
        system_name: name,
        ...(description ? { description } : {}),
      });
      return ok<{ system_id: string }>(res, 201).system_id;
    },
    deleteSystem: async (systemId: string) => ok(await call('DELETE', `/systems/${systemId}`)),
    batch: (systemId: string, body: unknown, tok = token) =>
      call('POST', `/systems/metagraphs/${systemId}/batch-save`, body, tok),
    async save(systemId: string, body: unknown, tok = token): Promise<SaveResult> {
      return ok(await call('POST', `/systems/metagraphs/${systemId}/batch-save`, body, tok));
    },
    async full(systemId: string): Promise<FullMetagraph> {
      return ok(await call('GET', `/systems/${systemId}/metagraph`));
    },
    async changes(systemId: string, sinceVersion = 0): Promise<{ items: ChangeSet[]; count: number }> {
      return ok(
        await call('GET', `/systems/${systemId}/metagraph/changes?since_version=${sinceVersion}&limit=1000`),
      );
    },
    async entity(systemId: string, entityId: string): Promise<Entity> {
      return ok(await call('GET', `/systems/${systemId}/entities/${entityId}`));
    },
    async relationship(systemId: string, relationshipId: string): Promise<Relationship> {
      return ok(await call('GET', `/systems/${systemId}/relationships/${relationshipId}`));
    },
  };
}

export type MetagraphClient = ReturnType<typeof metagraphClient>;

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
