// GET /system-memories: finding what the team wrote about entities, across every live system. Full
// text with english stemming and relevance, filters by entity, by subtree (CONTAINS at any depth) and
// by contributor, three sort orders, paging with a total count. The whole file shares one set of
// memories built in beforeAll, so every expectation below is exact.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestUser } from '../../../test/helpers.js';
import {
  ISO_MS_Z,
  UUID,
  byName,
  metagraphClient,
  type MetagraphClient,
} from '../../../test/metagraph-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import type { Page } from '../../core/schemas.js';
import type { SystemMemoryResult } from './system-memories.schemas.js';

let mg: MetagraphClient;
const WRITERS = ['ann', 'bob', 'cat', 'dan'] as const;
const users = {} as Record<(typeof WRITERS)[number], TestUser>;
/** Entity ids by name, across the fixture systems. */
const ids: Record<string, string> = {};
let orbiter: string;
let lander: string;
const BULK = 23;

async function remember(sys: string, name: string, content: string, who: keyof typeof users) {
  ok(await users[who].call('PUT', `/systems/${sys}/entities/${ids[name]}/memories`, { content }));
}

beforeAll(async () => {
  const ctx = await testApp();
  for (const who of WRITERS) users[who] = await ctx.newUser({ email: `${who}@example.com` });
  mg = metagraphClient(ctx, users.ann);

  // Orbiter: Orbiter > Power > Battery pack > Cell (three levels under the root), Orbiter > Thermal > Heater,
  // Thermal > aux heater (a lower-case name), Orbiter > Radio (no memory).
  orbiter = await mg.createSystem('Orbiter');
  await mg.save(orbiter, {
    creates: [
      { local_id: 'o', type: 'SYSTEM', name: 'Orbiter' },
      { local_id: 'p', type: 'SUBSYSTEM', name: 'Power', parent_ids: ['o'] },
      { local_id: 'b', type: 'COMPONENT', name: 'Battery pack', parent_ids: ['p'] },
      { local_id: 'c', type: 'COMPONENT', name: 'Cell', parent_ids: ['b'] },
      { local_id: 't', type: 'SUBSYSTEM', name: 'Thermal', parent_ids: ['o'] },
      { local_id: 'h', type: 'COMPONENT', name: 'Heater', parent_ids: ['t'] },
      { local_id: 'a', type: 'COMPONENT', name: 'aux heater', parent_ids: ['t'] },
      { local_id: 'r', type: 'INTERFACE', name: 'Radio', parent_ids: ['o'] },
    ],
    // A non-CONTAINS edge from Power to Radio: not "under" Power.
    relationship_creates: [{ edge_type: 'DEPENDS_ON', source_id: 'p', target_id: 'r' }],
  });
  const o = await mg.full(orbiter);
  for (const n of ['Orbiter', 'Power', 'Battery pack', 'Cell', 'Thermal', 'Heater', 'aux heater', 'Radio']) {
    ids[n] = byName(o, n).uuid;
  }

  lander = await mg.createSystem('Lander');
  await mg.save(lander, {
    creates: [
      { local_id: 'l', type: 'SYSTEM', name: 'Lander' },
      { local_id: 'g', type: 'COMPONENT', name: 'Leg', parent_ids: ['l'] },
      { local_id: 'x', type: 'COMPONENT', name: 'Old sensor', parent_ids: ['l'] },
      { local_id: 'w', type: 'SIGNAL', name: 'Wiped', parent_ids: ['l'] },
    ],
  });
  const l = await mg.full(lander);
  for (const n of ['Lander', 'Leg', 'Old sensor', 'Wiped']) ids[n] = byName(l, n).uuid;

  const gone = await mg.createSystem('Gone');
  await mg.save(gone, { creates: [{ local_id: 'z', type: 'COMPONENT', name: 'Ghost part' }] });
  ids['Ghost part'] = byName(await mg.full(gone), 'Ghost part').uuid;

  await remember(gone, 'Ghost part', 'A brownout in a system that was deleted.', 'ann');
  await remember(lander, 'Old sensor', 'Brownout on the old sensor, entity deleted later.', 'ann');
  await remember(lander, 'Wiped', 'Brownout text that was wiped.', 'ann');
  await remember(lander, 'Wiped', '', 'ann');
  await remember(orbiter, 'Power', 'Bus voltage stable, no issues on the main bus.', 'bob');
  await remember(orbiter, 'Cell', 'One brownout in thermal vacuum testing.', 'bob');
  await remember(orbiter, 'Heater', 'Heater duty cycle nominal.', 'ann');
  await remember(orbiter, 'Heater', 'Heater duty cycle nominal; thermostat replaced.', 'cat');
  await remember(orbiter, 'aux heater', 'Backup heater never switched on.', 'ann');
  await remember(
    orbiter,
    'Battery pack',
    'Brownout during eclipse. Another brownout at 40% charge. A third brownout on pass 12: the brownout log is long.',
    'ann',
  );
  await remember(lander, 'Leg', 'Leg deploy brownouts during cold soak.', 'cat');
  await remember(orbiter, 'Power', 'Bus voltage stable.', 'bob');
  // Restore Power's first text: a version whose source is 'restore'.
  ok(
    await users.ann.call('POST', `/systems/${orbiter}/entities/${ids.Power}/memories/restore`, {
      version: 1,
    }),
  );

  await mg.save(lander, { deletes: [ids['Old sensor']!] });
  await mg.deleteSystem(gone);

  // Bulk: enough memories to need a second page.
  const bulk = await mg.createSystem('Bulk');
  await mg.save(bulk, {
    creates: Array.from({ length: BULK }, (_, i) => ({
      local_id: `n${i}`,
      type: 'RESOURCE',
      name: `Log ${i}`,
    })),
  });
  const g = await mg.full(bulk);
  for (let i = 0; i < BULK; i++) {
    ids[`Log ${i}`] = byName(g, `Log ${i}`).uuid;
    await remember(bulk, `Log ${i}`, `Routine log entry number ${i}.`, 'dan');
  }
});

/** The live, non-empty memories the fixture leaves: 7 in Orbiter and Lander, plus the bulk ones. */
const NAMED = ['Power', 'Cell', 'Heater', 'aux heater', 'Battery pack', 'Leg'];
const TOTAL = NAMED.length + BULK;

const search = (query: Record<string, string | string[]> = {}) =>
  users.ann.call<Page<SystemMemoryResult>>('GET', '/system-memories', undefined, { query });
const found = async (query: Record<string, string | string[]> = {}) => ok(await search(query));

const names = (page: Page<SystemMemoryResult>) => page.items.map((r) => r.entity_name);

describe('results', () => {
  it('carry the memory and where it belongs, in the spec shape', async () => {
    const page = await found({ entity_ids: ids.Heater! });
    expect(page.count).toBe(1);
    const [hit] = page.items;
    expect(Object.keys(hit!).sort()).toEqual([
      'entity_id',
      'entity_name',
      'entity_type',
      'item',
      'system_id',
      'system_name',
    ]);
    expect(Object.keys(hit!.item).sort()).toEqual([
      'content',
      'contributors',
      'created_at',
      'id',
      'source',
      'tags',
    ]);
    const entity = await mg.entity(orbiter, ids.Heater!);
    expect(hit).toEqual({
      item: {
        id: hit!.item.id,
        content: 'Heater duty cycle nominal; thermostat replaced.',
        source: 'manual',
        contributors: ['ann@example.com', 'cat@example.com'],
        created_at: entity.memories_updated_at,
        tags: [],
      },
      system_id: orbiter,
      system_name: 'Orbiter',
      entity_id: ids.Heater,
      entity_name: 'Heater',
      entity_type: 'COMPONENT',
    });
    expect(hit!.item.id).toMatch(UUID);
    expect(hit!.item.created_at).toMatch(ISO_MS_Z);
  });

  it('say "restore" for a memory whose current version is a restore, with the restored text', async () => {
    const [hit] = (await found({ entity_ids: ids.Power! })).items;
    expect(hit!.item).toMatchObject({
      source: 'restore',
      content: 'Bus voltage stable, no issues on the main bus.',
      contributors: ['bob@example.com', 'ann@example.com'],
    });
    // The id is the current version's: a new one after each write.
    const [heater] = (await found({ entity_ids: ids.Heater! })).items;
    expect(hit!.item.id).not.toBe(heater!.item.id);
  });

  it('cover only live entities with a non-empty memory in live systems', async () => {
    const all = await found({ limit: '100' });
    expect(all.count).toBe(TOTAL);
    const listed = names(all);
    expect(listed).toHaveLength(TOTAL);
    for (const n of NAMED) expect(listed).toContain(n);
    // deleted entity, deleted system, memory wiped to "", never written
    for (const n of ['Old sensor', 'Ghost part', 'Wiped', 'Radio', 'Orbiter', 'Thermal'])
      expect(listed).not.toContain(n);
    expect(all.items.every((r) => r.item.content !== '')).toBe(true);
  });
});

describe('search', () => {
  it('is full text with english stemming: "brownouts" finds "brownout" and the reverse', async () => {
    const page = await found({ search: 'brownouts' });
    expect(names(page).sort()).toEqual(['Battery pack', 'Cell', 'Leg']);
    expect(page.count).toBe(3);
    expect(names(await found({ search: 'brownout' })).sort()).toEqual(['Battery pack', 'Cell', 'Leg']);
    expect(names(await found({ search: 'BROWNOUT' })).sort()).toEqual(['Battery pack', 'Cell', 'Leg']);
  });

  it('orders by relevance by default: the memory that says it most comes first', async () => {
    const page = await found({ search: 'brownout' });
    expect(page.items[0]!.entity_name).toBe('Battery pack');
    expect(await found({ search: 'brownout', sort_by: 'relevance' })).toEqual(page);
  });

  it('matches words, not substrings, and all the words given', async () => {
    expect(names(await found({ search: 'heater' })).sort()).toEqual(['Heater', 'aux heater']);
    expect(names(await found({ search: 'heater thermostat' }))).toEqual(['Heater']);
    expect(names(await found({ search: 'heat' }))).toEqual([]);
    expect(await found({ search: 'xylophone' })).toEqual({ items: [], count: 0 });
  });

  it('searches across systems and combines with every filter', async () => {
    expect(new Set((await found({ search: 'brownout' })).items.map((r) => r.system_name))).toEqual(
      new Set(['Orbiter', 'Lander']),
    );
    expect(names(await found({ search: 'brownout', contributors: 'cat@example.com' }))).toEqual(['Leg']);
    expect(names(await found({ search: 'brownout', root_entity_ids: ids.Power! })).sort()).toEqual([
      'Battery pack',
      'Cell',
    ]);
    expect(names(await found({ search: 'brownout', entity_ids: [ids.Cell!, ids.Heater!] }))).toEqual([
      'Cell',
    ]);
  });
});

describe('filters', () => {
  it('entity_ids: exactly those entities, the parameter repeated or given once', async () => {
    expect(names(await found({ entity_ids: [ids.Cell!, ids.Leg!, ids.Radio!] })).sort()).toEqual([
      'Cell',
      'Leg',
    ]);
    expect(names(await found({ entity_ids: ids.Leg! }))).toEqual(['Leg']);
    expect(await found({ entity_ids: randomUUID() })).toEqual({ items: [], count: 0 });
    expect(await found({ entity_ids: ids['Old sensor']! })).toEqual({ items: [], count: 0 });
  });

  it('root_entity_ids: those entities and everything under them through CONTAINS, at any depth', async () => {
    expect(names(await found({ root_entity_ids: ids.Power! })).sort()).toEqual([
      'Battery pack',
      'Cell',
      'Power',
    ]);
    expect(names(await found({ root_entity_ids: ids['Battery pack']! })).sort()).toEqual([
      'Battery pack',
      'Cell',
    ]);
    expect(names(await found({ root_entity_ids: ids.Cell! }))).toEqual(['Cell']);
    expect(names(await found({ root_entity_ids: ids.Orbiter! })).sort()).toEqual(
      ['Battery pack', 'Cell', 'Heater', 'Power', 'aux heater'].sort(),
    );
    expect(names(await found({ root_entity_ids: [ids['Battery pack']!, ids.Thermal!] })).sort()).toEqual(
      ['Battery pack', 'Cell', 'Heater', 'aux heater'].sort(),
    );
    expect(names(await found({ root_entity_ids: ids.Lander! }))).toEqual(['Leg']);
    expect(await found({ root_entity_ids: randomUUID() })).toEqual({ items: [], count: 0 });
  });

  it('root_entity_ids follows the tree as it is now: a moved entity leaves its old subtree', async () => {
    const sys = await mg.createSystem('Movable');
    await mg.save(sys, {
      creates: [
        { local_id: 'r1', type: 'SUBSYSTEM', name: 'Root one' },
        { local_id: 'r2', type: 'SUBSYSTEM', name: 'Root two' },
        { local_id: 'm', type: 'COMPONENT', name: 'Mover', parent_ids: ['r1'] },
        { local_id: 'k', type: 'COMPONENT', name: 'Mover child', parent_ids: ['m'] },
      ],
    });
    const graph = await mg.full(sys);
    const id = (n: string) => byName(graph, n).uuid;
    for (const n of ['Mover', 'Mover child']) {
      ok(
        await users.ann.call('PUT', `/systems/${sys}/entities/${id(n)}/memories`, {
          content: `note on ${n}`,
        }),
      );
    }
    expect(names(await found({ root_entity_ids: id('Root one') })).sort()).toEqual(['Mover', 'Mover child']);
    await mg.save(sys, { updates: [{ id: id('Mover'), parent_ids: [id('Root two')] }] });
    expect(await found({ root_entity_ids: id('Root one') })).toEqual({ items: [], count: 0 });
    expect(names(await found({ root_entity_ids: id('Root two') })).sort()).toEqual(['Mover', 'Mover child']);
    // Clean up so the file's totals stay exact.
    await mg.deleteSystem(sys);
  });

  it('contributors: memories any of these people wrote, e-mails matched without regard to case', async () => {
    expect(names(await found({ contributors: 'cat@example.com' })).sort()).toEqual(['Heater', 'Leg']);
    expect(names(await found({ contributors: 'CAT@Example.COM' })).sort()).toEqual(['Heater', 'Leg']);
    expect(names(await found({ contributors: ['bob@example.com', 'cat@example.com'] })).sort()).toEqual(
      ['Cell', 'Heater', 'Leg', 'Power'].sort(),
    );
    // Ann restored Power's memory, so she is one of its contributors too.
    expect(names(await found({ contributors: 'ann@example.com' })).sort()).toEqual(
      ['Battery pack', 'Heater', 'Power', 'aux heater'].sort(),
    );
    expect((await found({ contributors: 'dan@example.com' })).count).toBe(BULK);
    expect(await found({ contributors: 'nobody@example.com' })).toEqual({ items: [], count: 0 });
  });

  it('combine: every filter given must hold', async () => {
    expect(
      names(
        await found({
          root_entity_ids: ids.Orbiter!,
          contributors: 'bob@example.com',
          entity_ids: ids.Cell!,
        }),
      ),
    ).toEqual(['Cell']);
    expect(await found({ root_entity_ids: ids.Lander!, contributors: 'bob@example.com' })).toEqual({
      items: [],
      count: 0,
    });
  });
});

describe('sort_by', () => {
  it('updated_at (the default without search): newest first', async () => {
    const page = await found({ sort_by: 'updated_at', limit: '100' });
    const times = page.items.map((r) => Date.parse(r.item.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(await found({ limit: '100' })).toEqual(page);
    // The bulk memories were written last, the Orbiter/Lander ones before them.
    expect(names(page).slice(BULK).sort()).toEqual([...NAMED].sort());
  });

  it('entity_name: A to Z without regard to case', async () => {
    const page = await found({ sort_by: 'entity_name', root_entity_ids: [ids.Orbiter!, ids.Lander!] });
    expect(names(page)).toEqual(['aux heater', 'Battery pack', 'Cell', 'Heater', 'Leg', 'Power']);
  });

  it('relevance without a search is accepted', async () => {
    expect((await found({ sort_by: 'relevance' })).count).toBe(TOTAL);
  });

  it('refuses any other value', async () => {
    for (const bad of ['name', 'created_at', 'RELEVANCE', '']) {
      expectProblem(await search({ sort_by: bad }), 400, ['query.sort_by']);
    }
  });
});

describe('paging', () => {
  it('answers 20 by default; count is the total matching, past the last page too', async () => {
    const first = await found();
    expect(first.items).toHaveLength(20);
    expect(first.count).toBe(TOTAL);
    const rest = await found({ offset: '20' });
    expect(rest.items).toHaveLength(TOTAL - 20);
    expect(rest.count).toBe(TOTAL);
    const everything = [...first.items, ...rest.items].map((r) => r.entity_id);
    expect(new Set(everything).size).toBe(TOTAL);
    expect(await found({ offset: String(TOTAL) })).toEqual({ items: [], count: TOTAL });
    expect(await found({ offset: '1000' })).toEqual({ items: [], count: TOTAL });
  });

  it('pages in a stable order with limit and offset', async () => {
    const all = (await found({ sort_by: 'entity_name', limit: '100' })).items.map((r) => r.entity_id);
    const pages: string[] = [];
    for (let offset = 0; offset < TOTAL; offset += 7) {
      const page = await found({ sort_by: 'entity_name', limit: '7', offset: String(offset) });
      expect(page.count).toBe(TOTAL);
      pages.push(...page.items.map((r) => r.entity_id));
    }
    expect(pages).toEqual(all);
  });

  it('accepts limit 1 and 100; refuses 0, 101 and a negative offset', async () => {
    expect((await found({ limit: '1' })).items).toHaveLength(1);
    expect((await found({ limit: '100' })).items).toHaveLength(TOTAL);
    expectProblem(await search({ limit: '0' }), 400, ['query.limit']);
    expectProblem(await search({ limit: '101' }), 400, ['query.limit']);
    expectProblem(await search({ limit: 'ten' }), 400, ['query.limit']);
    expectProblem(await search({ offset: '-1' }), 400, ['query.offset']);
    expect((await found({ offset: '0' })).items).toHaveLength(20);
  });
});

describe('bad queries', () => {
  it('refuses malformed ids and unknown parameters, naming them', async () => {
    const res = expectProblem(await search({ entity_ids: [ids.Cell!, 'nope'] }), 400);
    expect(res.errors.map((e) => e.path)).toEqual(['query.entity_ids[1]']);
    expect(expectProblem(await search({ root_entity_ids: '12' }), 400).errors[0]!.path).toMatch(
      /^query\.root_entity_ids/,
    );
    expectProblem(await search({ q: 'brownout' }), 400, ['query.q']);
  });
});
