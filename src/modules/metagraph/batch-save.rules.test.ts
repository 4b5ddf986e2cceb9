// The batch-save rules as a pure function: every refusal names its item and field, every reference is
// resolved to a UUID, and a CONTAINS cycle among the parent links of one request is found before any
// write. No database: the existing graph is given as sets.
import { describe, expect, it } from 'vitest';
import {
  findCycle,
  planBatch,
  referencedIds,
  type ExistingGraph,
  type PlanResult,
} from './batch-save.rules.js';
import type { BatchSaveBody } from './batch-save.schemas.js';

const E1 = '01900000-0000-7000-8000-000000000001';
const E2 = '01900000-0000-7000-8000-000000000002';
const E3 = '01900000-0000-7000-8000-000000000003';
const R1 = '01900000-0000-7000-8000-0000000000a1';
const R2 = '01900000-0000-7000-8000-0000000000a2';
const UNKNOWN = '01900000-0000-7000-8000-0000000000ff';

/** Existing live entities E1..E3; R1 is a CONNECTS edge, R2 a CONTAINS edge. */
const existing: ExistingGraph = {
  entityIds: new Set([E1, E2, E3]),
  relationshipTypes: new Map([
    [R1, 'CONNECTS'],
    [R2, 'CONTAINS'],
  ]),
};

/** Deterministic ids: new-1, new-2, ... */
function ids() {
  let n = 0;
  return () => `new-${++n}`;
}

const plan = (body: BatchSaveBody, graph: ExistingGraph = existing): PlanResult =>
  planBatch(body, graph, ids());

function planned(body: BatchSaveBody, graph: ExistingGraph = existing) {
  const result = plan(body, graph);
  if (!result.ok) throw new Error(`expected a plan, got ${JSON.stringify(result.errors)}`);
  return result.plan;
}

function refusedPaths(body: BatchSaveBody, graph: ExistingGraph = existing): string[] {
  const result = plan(body, graph);
  if (result.ok) throw new Error('expected a refusal');
  for (const e of result.errors) expect(e.message.length).toBeGreaterThan(0);
  return result.errors.map((e) => e.path);
}

const create = (local_id: string, parent_ids?: string[]) => ({
  local_id,
  type: 'COMPONENT' as const,
  name: local_id,
  ...(parent_ids ? { parent_ids } : {}),
});

describe('referencedIds', () => {
  it('names every existing entity and relationship a request refers to, each once, and no local_id', () => {
    const refs = referencedIds({
      creates: [create('a', [E1, 'b']), create('b', [E1])],
      updates: [{ id: E2, parent_ids: ['a', E3] }],
      deletes: [E3, E2],
      relationship_creates: [
        { edge_type: 'CONNECTS', source_id: 'a', target_id: E1 },
        { edge_type: 'DEPENDS_ON', source_id: UNKNOWN, target_id: 'b' },
      ],
      relationship_updates: [{ id: R1 }],
      relationship_deletes: [R2, R1],
    });
    expect(refs.entities.sort()).toEqual([E1, E2, E3, UNKNOWN].sort());
    expect(refs.relationships.sort()).toEqual([R1, R2].sort());
  });

  it('leaves out references that are neither a local_id nor a UUID (they can name no record)', () => {
    const refs = referencedIds({
      creates: [create('a', ['ghost', E1])],
      updates: [{ id: E2, parent_ids: ['not-a-uuid'] }],
      relationship_creates: [{ edge_type: 'CONNECTS', source_id: 'a', target_id: 'nowhere' }],
    });
    expect(refs.entities.sort()).toEqual([E1, E2].sort());
  });

  it('is empty for an empty request', () => {
    expect(referencedIds({})).toEqual({ entities: [], relationships: [] });
  });
});

describe('planBatch: references', () => {
  it('gives each create a new id and resolves local_ids in parent_ids and relationship ends', () => {
    const p = planned({
      creates: [create('sat'), create('eps', ['sat']), create('bat', ['eps', E1])],
      relationship_creates: [
        { edge_type: 'PROVIDES', source_id: 'bat', target_id: 'sat' },
        { edge_type: 'CONNECTS', source_id: E2, target_id: 'eps' },
      ],
    });
    expect(p.createdIds).toEqual(['new-1', 'new-2', 'new-3']);
    expect(p.createParents).toEqual([[], ['new-1'], ['new-2', E1]]);
    expect(p.relationshipEnds).toEqual([
      { source: 'new-3', target: 'new-1' },
      { source: E2, target: 'new-2' },
    ]);
  });

  it('resolves update parent_ids, and leaves parents alone where an update does not name them', () => {
    const p = planned({
      creates: [create('x')],
      updates: [
        { id: E1, parent_ids: ['x', E2] },
        { id: E2, name: 'renamed' },
        { id: E3, parent_ids: [] },
      ],
    });
    expect(p.updateParents).toEqual([['new-1', E2], undefined, []]);
    expect([...p.moveOrigins]).toEqual([
      [E1, 'body.updates[0].parent_ids'],
      [E3, 'body.updates[2].parent_ids'],
    ]);
  });

  it('accepts an empty request', () => {
    expect(planned({})).toMatchObject({
      createdIds: [],
      createParents: [],
      updateParents: [],
      relationshipEnds: [],
    });
  });

  it('refuses a local_id used twice, at the second use', () => {
    expect(refusedPaths({ creates: [create('a'), create('a'), create('b')] })).toEqual([
      'body.creates[1].local_id',
    ]);
  });

  it('refuses a reference that is neither a local_id nor a live entity, naming the index in parent_ids', () => {
    expect(refusedPaths({ creates: [create('a', [E1, 'nope'])] })).toEqual(['body.creates[0].parent_ids[1]']);
    expect(refusedPaths({ creates: [create('a', [UNKNOWN])] })).toEqual(['body.creates[0].parent_ids[0]']);
    expect(refusedPaths({ updates: [{ id: E1, parent_ids: ['ghost'] }] })).toEqual([
      'body.updates[0].parent_ids[0]',
    ]);
    expect(
      refusedPaths({
        relationship_creates: [
          { edge_type: 'CONNECTS', source_id: E1, target_id: E2 },
          { edge_type: 'CONNECTS', source_id: 'ghost', target_id: UNKNOWN },
        ],
      }),
    ).toEqual(['body.relationship_creates[1].source_id', 'body.relationship_creates[1].target_id']);
  });

  it('refuses a reference to an entity this same request deletes', () => {
    expect(
      refusedPaths({
        creates: [create('a', [E1])],
        deletes: [E1],
        relationship_creates: [{ edge_type: 'CONNECTS', source_id: E2, target_id: E1 }],
        updates: [{ id: E3, parent_ids: [E1] }],
      }),
    ).toEqual([
      'body.creates[0].parent_ids[0]',
      'body.updates[0].parent_ids[0]',
      'body.relationship_creates[0].target_id',
    ]);
  });

  it('refuses updates and deletes of ids that are not live entities of this system', () => {
    expect(refusedPaths({ updates: [{ id: E1 }, { id: UNKNOWN, name: 'x' }] })).toEqual([
      'body.updates[1].id',
    ]);
    expect(refusedPaths({ deletes: [E1, UNKNOWN] })).toEqual(['body.deletes[1]']);
  });

  it('refuses the same entity updated twice', () => {
    expect(
      refusedPaths({
        updates: [
          { id: E1, name: 'a' },
          { id: E1, name: 'b' },
        ],
      }),
    ).toEqual(['body.updates[1].id']);
  });

  it('lists every refusal of a request at once', () => {
    expect(
      refusedPaths({
        creates: [create('a'), create('a', ['ghost'])],
        updates: [{ id: UNKNOWN }],
        deletes: [UNKNOWN],
        relationship_updates: [{ id: UNKNOWN }],
        relationship_deletes: [UNKNOWN],
      }).sort(),
    ).toEqual(
      [
        'body.creates[1].local_id',
        'body.creates[1].parent_ids[0]',
        'body.updates[0].id',
        'body.deletes[0]',
        'body.relationship_updates[0].id',
        'body.relationship_deletes[0]',
      ].sort(),
    );
  });
});

describe('planBatch: relationships', () => {
  it('refuses a CONTAINS edge in relationship_creates', () => {
    expect(
      refusedPaths({ relationship_creates: [{ edge_type: 'CONTAINS', source_id: E1, target_id: E2 }] }),
    ).toEqual(['body.relationship_creates[0].edge_type']);
  });

  it('accepts every other edge type in relationship_creates', () => {
    for (const edge_type of ['DEPENDS_ON', 'CONNECTS', 'PROVIDES', 'CONSUMES', 'INFLUENCES'] as const) {
      expect(plan({ relationship_creates: [{ edge_type, source_id: E1, target_id: E2 }] }).ok).toBe(true);
    }
  });

  it('refuses turning an edge into CONTAINS, or a CONTAINS edge into another type', () => {
    expect(refusedPaths({ relationship_updates: [{ id: R1, relationship_type: 'CONTAINS' }] })).toEqual([
      'body.relationship_updates[0].relationship_type',
    ]);
    expect(refusedPaths({ relationship_updates: [{ id: R2, relationship_type: 'CONNECTS' }] })).toEqual([
      'body.relationship_updates[0].relationship_type',
    ]);
  });

  it('accepts other changes to a CONTAINS edge and type changes between other types', () => {
    expect(
      plan({ relationship_updates: [{ id: R2, name: 'holds', relationship_type: 'CONTAINS' }] }).ok,
    ).toBe(true);
    expect(plan({ relationship_updates: [{ id: R1, relationship_type: 'INFLUENCES' }] }).ok).toBe(true);
  });

  it('refuses relationship updates and deletes of unknown ids', () => {
    expect(refusedPaths({ relationship_updates: [{ id: R1 }, { id: UNKNOWN }] })).toEqual([
      'body.relationship_updates[1].id',
    ]);
    expect(refusedPaths({ relationship_deletes: [R2, UNKNOWN] })).toEqual(['body.relationship_deletes[1]']);
  });
});

describe('planBatch: CONTAINS cycles within the request', () => {
  it('refuses an entity created as its own parent', () => {
    expect(refusedPaths({ creates: [create('a', ['a'])] })).toEqual(['body.creates[0].parent_ids']);
  });

  it('refuses two creates that contain each other', () => {
    const paths = refusedPaths({ creates: [create('a', ['b']), create('b', ['a'])] });
    expect(paths).toHaveLength(1);
    expect(paths[0]).toMatch(/^body\.creates\[[01]\]\.parent_ids$/);
  });

  it('refuses a longer cycle through creates and an update', () => {
    const paths = refusedPaths({
      creates: [create('a', [E1]), create('b', ['a'])],
      updates: [{ id: E1, parent_ids: ['b'] }],
    });
    expect(paths).toHaveLength(1);
    expect(paths[0]).toMatch(/^body\.(creates\[[01]\]|updates\[0\])\.parent_ids$/);
  });

  it('refuses an update that makes an entity its own parent', () => {
    expect(refusedPaths({ updates: [{ id: E1, parent_ids: [E1] }] })).toEqual(['body.updates[0].parent_ids']);
  });

  it('accepts a diamond (two parents sharing an ancestor) and a repeated parent', () => {
    expect(
      plan({
        creates: [
          create('root'),
          create('l', ['root']),
          create('r', ['root']),
          create('leaf', ['l', 'r', 'l']),
        ],
      }).ok,
    ).toBe(true);
  });
});

describe('findCycle', () => {
  const links = (entries: [string, string[]][]) =>
    new Map(entries.map(([node, parents]) => [node, { parents, path: `path-of-${node}` }]));

  it('finds nothing in a forest', () => {
    expect(
      findCycle(
        links([
          ['b', ['a']],
          ['c', ['b']],
          ['d', ['a', 'x']],
        ]),
      ),
    ).toBeUndefined();
    expect(findCycle(new Map())).toBeUndefined();
  });

  it('names the item whose parent closes the cycle', () => {
    expect(findCycle(links([['a', ['a']]]))).toBe('path-of-a');
    expect(
      findCycle(
        links([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toMatch(/^path-of-[abc]$/);
    // A cycle away from the first node visited is found too.
    expect(
      findCycle(
        links([
          ['z', ['y']],
          ['p', ['q']],
          ['q', ['p']],
        ]),
      ),
    ).toMatch(/^path-of-[pq]$/);
  });

  it('walks a 100,000-deep chain without overflowing the stack', () => {
    const chain: [string, string[]][] = [];
    for (let i = 1; i < 100_000; i++) chain.push([`n${i}`, [`n${i - 1}`]]);
    expect(findCycle(links(chain))).toBeUndefined();
    chain.push(['n0', ['n99999']]);
    expect(findCycle(links(chain))).toMatch(/^path-of-n\d+$/);
  });
});
