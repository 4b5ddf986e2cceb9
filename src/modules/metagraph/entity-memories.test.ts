// Entity memories as a client sees them: PUT replaces the memory and records a version, history lists
// every version oldest first, restore appends a new version naming its source and never rewrites the
// past, and the Entity shows the current memory, when it changed and everyone who wrote it.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, type TestUser } from '../../../test/helpers.js';
import { ISO_MS_Z, metagraphTestApp, type MetagraphClient } from '../../../test/metagraph-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import type { EntityMemory, MemoryVersion } from '../memories/memories.schemas.js';

let mg: MetagraphClient;
let ann: TestUser;
let bob: TestUser;
let cat: TestUser;

beforeAll(async () => {
  const app = await metagraphTestApp();
  ({ ann, bob, mg } = app);
  cat = await app.ctx.newUser({ email: 'Cat@Example.com' });
});

const url = (sys: string, entity: string, tail = '') => `/systems/${sys}/entities/${entity}/memories${tail}`;
const put = (sys: string, entity: string, payload: unknown, as = ann) =>
  as.call<EntityMemory>('PUT', url(sys, entity), payload);
const restore = (sys: string, entity: string, payload: unknown, as = ann) =>
  as.call<EntityMemory>('POST', url(sys, entity, '/restore'), payload);
const history = (sys: string, entity: string) =>
  ann.call<MemoryVersion[]>('GET', url(sys, entity, '/history'));
const current = (sys: string, entity: string, as = ann) => as.call<EntityMemory>('GET', url(sys, entity));

const write = async (sys: string, entity: string, content: string, as = ann) =>
  ok(await put(sys, entity, { content }, as));
const versions = async (sys: string, entity: string) => ok(await history(sys, entity));

describe('PUT /systems/{id}/entities/{id}/memories', () => {
  it('replaces the memory and answers it with its time and contributors', async () => {
    const { sys, id } = await mg.satellite();
    const memory = await write(sys, id('Battery'), '# Battery\n\nCell 3 runs **warm** above 40 °C.');
    expect(Object.keys(memory).sort()).toEqual(['content', 'contributors', 'updated_at']);
    expect(memory.content).toBe('# Battery\n\nCell 3 runs **warm** above 40 °C.');
    expect(memory.updated_at).toMatch(ISO_MS_Z);
    expect(memory.contributors).toEqual(['ann@example.com']);

    const entity = await mg.entity(sys, id('Battery'));
    expect(entity).toMatchObject({
      memories: memory.content,
      memories_updated_at: memory.updated_at,
      memories_contributors: ['ann@example.com'],
    });
    const second = await write(sys, id('Battery'), 'Replaced entirely.');
    expect(second.content).toBe('Replaced entirely.');
    expect((await mg.entity(sys, id('Battery'))).memories).toBe('Replaced entirely.');
  });

  it('leaves an entity without a memory reading "", null and []', async () => {
    const { sys, id } = await mg.satellite();
    await write(sys, id('Battery'), 'only the battery');
    expect(await mg.entity(sys, id('EPS'))).toMatchObject({
      memories: '',
      memories_updated_at: null,
      memories_contributors: [],
    });
    expect(await versions(sys, id('EPS'))).toEqual([]);
  });

  it('names everyone who wrote a version, each once, in the order they first wrote', async () => {
    const { sys, id } = await mg.satellite();
    await write(sys, id('ADCS'), 'ann one');
    await write(sys, id('ADCS'), 'bob one', bob);
    const third = await write(sys, id('ADCS'), 'ann two');
    expect(third.contributors).toEqual(['ann@example.com', 'bob@example.com']);
    // E-mails are stored lower-cased when the user is created.
    const fourth = await write(sys, id('ADCS'), 'cat one', cat);
    expect(fourth.contributors).toEqual(['ann@example.com', 'bob@example.com', 'cat@example.com']);
    expect((await mg.entity(sys, id('ADCS'))).memories_contributors).toEqual(fourth.contributors);
  });

  it('accepts an empty memory as a new version that clears it', async () => {
    const { sys, id } = await mg.satellite();
    await write(sys, id('EPS'), 'something');
    const cleared = await write(sys, id('EPS'), '');
    expect(cleared.content).toBe('');
    expect((await mg.entity(sys, id('EPS'))).memories).toBe('');
    expect((await versions(sys, id('EPS'))).map((v) => v.content)).toEqual(['something', '']);
  });

  it('accepts 100,000 characters and refuses 100,001, changing nothing', async () => {
    const { sys, id } = await mg.satellite();
    const max = 'm'.repeat(100_000);
    expect((await write(sys, id('EPS'), max)).content).toHaveLength(100_000);
    expectProblem(await put(sys, id('EPS'), { content: 'm'.repeat(100_001) }), 400, ['body.content']);
    expect((await mg.entity(sys, id('EPS'))).memories).toBe(max);
    expect(await versions(sys, id('EPS'))).toHaveLength(1);
  });

  it('keeps markdown and any unicode exactly', async () => {
    const { sys, id } = await mg.satellite();
    const text = '- ✅ passed\n- ❌ failed at 3.3 V\n\n```\nVBAT < 6.0\n```\n\t«tab» 🚀 "quoted" \\ back';
    expect((await write(sys, id('VBAT'), text)).content).toBe(text);
    expect((await versions(sys, id('VBAT')))[0]!.content).toBe(text);
    expect((await mg.entity(sys, id('VBAT'))).memories).toBe(text);
  });

  it('refuses the NUL character (the database cannot store it) with 400, recording nothing', async () => {
    const { sys, id } = await mg.satellite();
    expectProblem(await put(sys, id('VBAT'), { content: 'before\u0000after' }), 400, ['body.content']);
    expect(await versions(sys, id('VBAT'))).toEqual([]);
    expect((await mg.entity(sys, id('VBAT'))).memories).toBe('');
  });

  it('refuses a body without content, with a non-string content, or with unknown fields', async () => {
    const { sys, id } = await mg.satellite();
    expectProblem(await put(sys, id('EPS'), {}), 400, ['body.content']);
    expectProblem(await put(sys, id('EPS'), { content: 5 }), 400, ['body.content']);
    expectProblem(await put(sys, id('EPS'), { content: null }), 400, ['body.content']);
    expectProblem(await put(sys, id('EPS'), { content: 'x', tags: ['a'] }), 400, ['body.tags']);
    expect(await versions(sys, id('EPS'))).toEqual([]);
  });

  it('survives a batch save that changes the entity', async () => {
    const { sys, id } = await mg.satellite();
    const memory = await write(sys, id('Battery'), 'keep me');
    await mg.save(sys, {
      updates: [{ id: id('Battery'), name: 'Main battery', properties: { cells: '8' } }],
    });
    expect(await mg.entity(sys, id('Battery'))).toMatchObject({
      name: 'Main battery',
      memories: 'keep me',
      memories_updated_at: memory.updated_at,
      memories_contributors: ['ann@example.com'],
    });
  });

  it('numbers concurrent writes to one entity one after another, losing none', async () => {
    const { sys, id } = await mg.satellite();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => put(sys, id('Energy'), { content: `note ${i}` })),
    );
    for (const res of results) ok(res);
    const list = await versions(sys, id('Energy'));
    expect(list.map((v) => v.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(list.map((v) => v.content).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `note ${i}`).sort(),
    );
    expect((await mg.entity(sys, id('Energy'))).memories).toBe(list[7]!.content);
  });
});

describe('GET /systems/{id}/entities/{id}/memories', () => {
  const read = async (sys: string, entity: string, as = ann) => ok(await current(sys, entity, as));

  it('reads "", null and [] before the first write', async () => {
    const { sys, id } = await mg.satellite();
    expect(await read(sys, id('EPS'))).toEqual({ content: '', updated_at: null, contributors: [] });
  });

  it('answers what the last write answered, to any signed-in user', async () => {
    const { sys, id } = await mg.satellite();
    await write(sys, id('Battery'), 'first');
    const last = await write(sys, id('Battery'), 'Brownout at -20 °C', bob);
    expect(await read(sys, id('Battery'))).toEqual(last);
    expect(await read(sys, id('Battery'), cat)).toEqual(last);
    expect(last.contributors).toEqual(['ann@example.com', 'bob@example.com']);
  });

  it('follows a restore and a write that clears it', async () => {
    const { sys, id } = await mg.satellite();
    await write(sys, id('ADCS'), 'one');
    await write(sys, id('ADCS'), 'two');
    const restored = ok(await restore(sys, id('ADCS'), { version: 1 }));
    expect(await read(sys, id('ADCS'))).toEqual(restored);
    const cleared = await write(sys, id('ADCS'), '');
    expect(await read(sys, id('ADCS'))).toEqual(cleared);
    expect(cleared.updated_at).toMatch(ISO_MS_Z);
  });

  it('agrees with the entity the metagraph shows', async () => {
    const { sys, id } = await mg.satellite();
    await write(sys, id('Power bus'), 'rated 5 A');
    const entity = await mg.entity(sys, id('Power bus'));
    expect(await read(sys, id('Power bus'))).toEqual({
      content: entity.memories,
      updated_at: entity.memories_updated_at,
      contributors: entity.memories_contributors,
    });
  });
});

describe('GET .../memories/history', () => {
  it('lists every version oldest first, numbered from 1', async () => {
    const { sys, id } = await mg.satellite();
    const written = [];
    for (const content of ['first', 'second', 'third'])
      written.push(await write(sys, id('Battery'), content));
    const list = await versions(sys, id('Battery'));
    expect(list).toEqual([
      { version: 1, content: 'first', updated_at: written[0]!.updated_at, restored_from_version: null },
      { version: 2, content: 'second', updated_at: written[1]!.updated_at, restored_from_version: null },
      { version: 3, content: 'third', updated_at: written[2]!.updated_at, restored_from_version: null },
    ]);
    const times = list.map((v) => Date.parse(v.updated_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('is kept per entity', async () => {
    const { sys, id } = await mg.satellite();
    await write(sys, id('Battery'), 'battery note');
    await write(sys, id('EPS'), 'eps note');
    expect((await versions(sys, id('Battery'))).map((v) => v.content)).toEqual(['battery note']);
    expect((await versions(sys, id('EPS'))).map((v) => v.content)).toEqual(['eps note']);
  });
});

describe('POST .../memories/restore', () => {
  it('records a new version naming its source; earlier versions stay as they were', async () => {
    const { sys, id } = await mg.satellite();
    await write(sys, id('Battery'), 'v1 text');
    await write(sys, id('Battery'), 'v2 text');
    await write(sys, id('Battery'), 'v3 text');
    const before = await versions(sys, id('Battery'));

    const restored = ok(await restore(sys, id('Battery'), { version: 1 }, bob));
    expect(restored).toEqual({
      content: 'v1 text',
      updated_at: restored.updated_at,
      contributors: ['ann@example.com', 'bob@example.com'],
    });
    expect(restored.updated_at).toMatch(ISO_MS_Z);

    const after = await versions(sys, id('Battery'));
    expect(after.slice(0, 3)).toEqual(before);
    expect(after[3]).toEqual({
      version: 4,
      content: 'v1 text',
      updated_at: restored.updated_at,
      restored_from_version: 1,
    });
    expect(await mg.entity(sys, id('Battery'))).toMatchObject({
      memories: 'v1 text',
      memories_updated_at: restored.updated_at,
      memories_contributors: ['ann@example.com', 'bob@example.com'],
    });

    // A restore of a restore names the version restored, not the original.
    await restore(sys, id('Battery'), { version: 4 });
    expect((await versions(sys, id('Battery')))[4]).toMatchObject({
      version: 5,
      content: 'v1 text',
      restored_from_version: 4,
    });
    // Restoring the current version still records a version.
    await restore(sys, id('Battery'), { version: 5 });
    expect(await versions(sys, id('Battery'))).toHaveLength(6);
  });

  it('accepts version 1 and the latest; refuses 0 and below as invalid and beyond the latest as not found', async () => {
    const { sys, id } = await mg.satellite();
    await write(sys, id('EPS'), 'a');
    await write(sys, id('EPS'), 'b');
    expect((await restore(sys, id('EPS'), { version: 2 })).status).toBe(200);
    expect((await restore(sys, id('EPS'), { version: 1 })).status).toBe(200);
    const count = (await versions(sys, id('EPS'))).length;
    expect(count).toBe(4);

    expectProblem(await restore(sys, id('EPS'), { version: 0 }), 400, ['body.version']);
    expectProblem(await restore(sys, id('EPS'), { version: -1 }), 400, ['body.version']);
    expectProblem(await restore(sys, id('EPS'), { version: 1.5 }), 400, ['body.version']);
    expectProblem(await restore(sys, id('EPS'), { version: '1' }), 400, ['body.version']);
    expectProblem(await restore(sys, id('EPS'), {}), 400, ['body.version']);
    expectProblem(await restore(sys, id('EPS'), { version: 1, note: 'x' }), 400, ['body.note']);
    expectProblem(await restore(sys, id('EPS'), { version: count + 1 }), 404);
    expectProblem(await restore(sys, id('EPS'), { version: 1_000_000 }), 404);
    expect(await versions(sys, id('EPS'))).toHaveLength(count);
  });

  it('answers 404 on an entity with no memory yet, and for another entity’s versions', async () => {
    const { sys, id } = await mg.satellite();
    await write(sys, id('Battery'), 'battery only');
    expectProblem(await restore(sys, id('EPS'), { version: 1 }), 404);
    expect(await versions(sys, id('EPS'))).toEqual([]);
    expect((await mg.entity(sys, id('EPS'))).memories).toBe('');
  });
});

describe('what is not there', () => {
  it('answers 404 for an unknown, malformed, deleted or foreign entity, and a deleted system', async () => {
    const { sys, id } = await mg.satellite();
    const other = await mg.satellite();
    await write(sys, id('VBAT'), 'about to go');
    await mg.save(sys, { deletes: [id('VBAT')] });
    const gone = await mg.satellite();
    await write(gone.sys, gone.id('EPS'), 'system about to go');
    await mg.deleteSystem(gone.sys);

    const targets: [string, string][] = [
      [sys, randomUUID()],
      [sys, 'not-a-uuid'],
      [sys, id('VBAT')],
      [sys, other.id('Battery')],
      [randomUUID(), id('EPS')],
      [gone.sys, gone.id('EPS')],
    ];
    for (const [s, e] of targets) {
      expectProblem(await current(s, e), 404);
      expectProblem(await put(s, e, { content: 'x' }), 404);
      expectProblem(await history(s, e), 404);
      expectProblem(await restore(s, e, { version: 1 }), 404);
    }
    // Nothing was written to the other system's entity through the wrong path.
    expect(await versions(other.sys, other.id('Battery'))).toEqual([]);
  });
});
