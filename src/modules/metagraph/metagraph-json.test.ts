// Entities and relationships are answered as JSON the database builds (metagraph-json.repository.ts),
// so Fastify's serializer does not hold them to the response schema. This holds them to it: every
// read endpoint's answer validates against EntitySchema / RelationshipSchema / FullMetagraphSchema,
// and the list, single and full reads agree with one another.
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../../../test/helpers.js';
import { EntitySchema, FullMetagraphSchema, RelationshipSchema } from './metagraph.schemas.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

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
let token: string;
let systemId: string;

beforeAll(async () => {
  ctx = await testApp();
  token = await ctx.tokenFor('shape@example.com');
  systemId = (
    await ctx.as(token, { method: 'POST', url: '/api/v1/systems', payload: { system_name: 'Shape' } })
  ).json().system_id;
  const save = await ctx.as(token, {
    method: 'POST',
    url: `/api/v1/systems/metagraphs/${systemId}/batch-save`,
    payload: {
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
    },
  });
  expect(save.statusCode).toBe(200);
  const motor = (
    await ctx.as(token, { method: 'GET', url: `/api/v1/systems/${systemId}/entities?entity_type=COMPONENT` })
  ).json()[0];
  await ctx.as(token, {
    method: 'PUT',
    url: `/api/v1/systems/${systemId}/entities/${motor.uuid}/memories`,
    payload: { content: 'Stalls below -20 °C' },
  });
});

describe('metagraph JSON built by the database', () => {
  it('answers entities that conform to the Entity schema, with sorted attributes and ISO timestamps', async () => {
    const res = await ctx.as(token, { method: 'GET', url: `/api/v1/systems/${systemId}/entities` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const entities = res.json();
    expect(entities).toHaveLength(2);
    for (const entity of entities) expect(conforms(EntitySchema, entity)).toEqual([]);
    const motor = entities.find((e: { name: string }) => e.name === 'Drive motor "A"');
    expect(motor.attributes.map((a: { key: string }) => a.key)).toEqual(['B', 'a', 'b', 'quote', 'Ω']);
    expect(motor.attributes.find((a: { key: string }) => a.key === 'quote').value).toBe('say "hi"\\n');
    expect(motor.memories).toBe('Stalls below -20 °C');
    expect(motor.memories_contributors).toEqual(['shape@example.com']);
    for (const stamp of [motor.created_at, motor.updated_at, motor.memories_updated_at])
      expect(stamp).toMatch(ISO_MS_Z);
    const root = entities.find((e: { name: string }) => e.name === 'Rover');
    expect(root).toMatchObject({
      memories: '',
      memories_updated_at: null,
      memories_contributors: [],
      attributes: [],
    });
  });

  it('answers relationships that conform to the Relationship schema', async () => {
    const relationships = (
      await ctx.as(token, { method: 'GET', url: `/api/v1/systems/${systemId}/relationships` })
    ).json();
    expect(relationships.map((r: { relationship_type: string }) => r.relationship_type).sort()).toEqual([
      'CONTAINS',
      'DEPENDS_ON',
    ]);
    for (const relationship of relationships) expect(conforms(RelationshipSchema, relationship)).toEqual([]);
  });

  it('gives the same objects from the list, single and full reads', async () => {
    const base = `/api/v1/systems/${systemId}`;
    const entities = (await ctx.as(token, { method: 'GET', url: `${base}/entities` })).json();
    const relationships = (await ctx.as(token, { method: 'GET', url: `${base}/relationships` })).json();
    const full = (await ctx.as(token, { method: 'GET', url: `${base}/metagraph` })).json();
    expect(conforms(FullMetagraphSchema, full)).toEqual([]);
    expect(full).toMatchObject({ system_id: systemId, system_name: 'Shape', description: null, version: 1 });
    expect(full.entities).toEqual(entities);
    expect(full.relationships).toEqual(relationships);
    for (const entity of entities) {
      expect((await ctx.as(token, { method: 'GET', url: `${base}/entities/${entity.uuid}` })).json()).toEqual(
        entity,
      );
    }
    for (const relationship of relationships) {
      const one = await ctx.as(token, { method: 'GET', url: `${base}/relationships/${relationship.uuid}` });
      expect(one.json()).toEqual(relationship);
    }
  });

  it('answers an empty system with empty arrays', async () => {
    const empty = (
      await ctx.as(token, { method: 'POST', url: '/api/v1/systems', payload: { system_name: 'Empty' } })
    ).json();
    const base = `/api/v1/systems/${empty.system_id}`;
    expect((await ctx.as(token, { method: 'GET', url: `${base}/entities` })).json()).toEqual([]);
    const full = (await ctx.as(token, { method: 'GET', url: `${base}/metagraph` })).json();
    expect(full).toMatchObject({ entities: [], relationships: [], version: 0 });
  });
});
