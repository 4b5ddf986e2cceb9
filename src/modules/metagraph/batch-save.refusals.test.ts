// Batch save refusals: 400 naming every offending item by its path, cycles found in the request and
// through stored edges, 404 for a system that is not live, and nothing at all changed by a refused save.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchSaveApp, byName, ctx, mg } from '../../../test/batch-save-app.js';
import { expectProblem } from '../../../test/problems.js';
import { queryRows } from '../../db/client.js';

batchSaveApp();

describe('refusals: 400 naming the item, and nothing changes', () => {
  let sys: string;
  let other: { sys: string; entity: string; relationship: string };
  let id: (name: string) => string;
  let rel: (type: string) => string;
  let deletedEntity: string;
  let deletedRelationship: string;

  beforeAll(async () => {
    const built = await mg.satellite();
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

    const otherBuilt = await mg.satellite();
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
    const before = await mg.snapshot(sys);
    const problem = expectProblem(await mg.batch(sys, body()), 400, paths);
    for (const path of paths) expect(problem.detail).toContain(path);
    expect(problem.title).not.toMatch(/internal/i);
    expect(await mg.snapshot(sys)).toEqual(before);
  });

  it('lists every refusal of a request at once', async () => {
    const before = await mg.snapshot(sys);
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
    expect(await mg.snapshot(sys)).toEqual(before);
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
