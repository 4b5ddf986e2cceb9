// Entities and relationships are answered as JSON the database builds (metagraph-json.repository.ts),
// so Fastify's serializer does not hold them to the response schema. This holds them to it: every
// read endpoint's answer validates against EntitySchema / RelationshipSchema / FullMetagraphSchema,
// and the list, single and full reads agree with one another.
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import {
  EntitySchema,
  FullMetagraphSchema,
  RelationshipSchema,
  type Entity,
  type FullMetagraph,
  type Relationship,
} from './metagraph.schemas.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

/** Validates with additionalProperties forbidden, so an extra or misspelt key fails too. */
function conforms(schema: object, value: unknown): string[] {
  const strict = JSON.parse(JSON.stringify(schema), (_k, v: unknown) =>
    v && typeof v === 'object' && (v as { type?: string }).type === 'object' && 'properties' in v
      ? { ...v, additionalProperties: false }
      : v,
  ) as object;
  const validate = ajv.compile(strict);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

let ctx: TestContext;
let user: TestUser;
let systemId: string;

/** The answer of a GET under `/systems/{systemId}` (or another system's), which must be 200. */
const read = async <T>(path: string, system = systemId) =>
  ok(await user.call<T>('GET', `/systems/${system}${path}`));

beforeAll(async () => {
  ctx = await testApp();
  user = await ctx.newUser({ email: 'shape@example.com' });
  systemId = (await ctx.newSystem(user, { system_name: 'Shape' })).system_id;
  const save = await user.call('POST', `/systems/metagraphs/${systemId}/batch-save`, {
    creates: [
      { local_id: 'root', type: 'SYSTEM', name: 'Rover', description: 'six wheels' },
      {
        local_id: 'motor',
        type: 'COMPONENT',
        name: 'Drive motor "A"',
        parent_ids: ['root'],
        // Mixed case and non-ASCII keys: attributes sort in code-point order, as JS sort() does.
        properties: { b: '2', B: '1', a: 'x', Ω: 'ohm', quote: 'say "hi"\\n' },
      },
    ],
    relationship_creates: [
      {
        edge_type: 'DEPENDS_ON',
        source_id: 'motor',
        target_id: 'root',
        name: 'power',
        properties: { v: '28' },
      },
    ],
  });
  expect(save.status).toBe(200);
  const [motor] = await read<Entity[]>('/entities?entity_type=COMPONENT');
  await user.call('PUT', `/systems/${systemId}/entities/${motor!.uuid}/memories`, {
    content: 'Stalls below -20 °C',
  });
});

describe('metagraph JSON built by the database', () => {
  it('answers entities that conform to the Entity schema, with sorted attributes and ISO timestamps', async () => {
    const res = await user.call<Entity[]>('GET', `/systems/${systemId}/entities`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const entities = res.body;
    expect(entities).toHaveLength(2);
    for (const entity of entities) expect(conforms(EntitySchema, entity)).toEqual([]);
    const motor = entities.find((e) => e.name === 'Drive motor "A"')!;
    expect(motor.attributes.map((a) => a.key)).toEqual(['B', 'a', 'b', 'quote', 'Ω']);
    expect(motor.attributes.find((a) => a.key === 'quote')!.value).toBe('say "hi"\\n');
    expect(motor.memories).toBe('Stalls below -20 °C');
    expect(motor.memories_contributors).toEqual(['shape@example.com']);
    for (const stamp of [motor.created_at, motor.updated_at, motor.memories_updated_at])
      expect(stamp).toMatch(ISO_MS_Z);
    const root = entities.find((e) => e.name === 'Rover');
    expect(root).toMatchObject({
      memories: '',
      memories_updated_at: null,
      memories_contributors: [],
      attributes: [],
    });
  });

  it('answers relationships that conform to the Relationship schema', async () => {
    const relationships = await read<Relationship[]>('/relationships');
    expect(relationships.map((r) => r.relationship_type).sort()).toEqual(['CONTAINS', 'DEPENDS_ON']);
    for (const relationship of relationships) expect(conforms(RelationshipSchema, relationship)).toEqual([]);
  });

  it('gives the same objects from the list, single and full reads', async () => {
    const entities = await read<Entity[]>('/entities');
    const relationships = await read<Relationship[]>('/relationships');
    const full = await read<FullMetagraph>('/metagraph');
    expect(conforms(FullMetagraphSchema, full)).toEqual([]);
    expect(full).toMatchObject({ system_id: systemId, system_name: 'Shape', description: null, version: 1 });
    expect(full.entities).toEqual(entities);
    expect(full.relationships).toEqual(relationships);
    for (const entity of entities) expect(await read(`/entities/${entity.uuid}`)).toEqual(entity);
    for (const relationship of relationships) {
      expect(await read(`/relationships/${relationship.uuid}`)).toEqual(relationship);
    }
  });

  it('answers an empty system with empty arrays', async () => {
    const empty = await ctx.newSystem(user, { system_name: 'Empty' });
    expect(await read('/entities', empty.system_id)).toEqual([]);
    const full = await read('/metagraph', empty.system_id);
    expect(full).toMatchObject({ entities: [], relationships: [], version: 0 });
  });
});
