// The Systems endpoints as a client sees them: the System resource, listing with search and paging,
// partial updates, soft delete, unique live names, and every limit on both sides of its boundary.
// One app and database for the file; each test names its systems with its own tag so tests do not
// see each other's rows.
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ISO_MS_Z,
  UUID,
  ok,
  testApp,
  type Method,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import type { MessageResponse, Page } from '../../core/schemas.js';
import { systems as systemsTable } from '../../db/schema.js';
import type { System } from './systems.schemas.js';

const BASE = '/systems';
const SYSTEM_KEYS = [
  'created_at',
  'created_by',
  'description',
  'has_blueprints',
  'is_deleted',
  'system_id',
  'system_name',
];

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser({ email: 'ann@example.com' });
  bob = await ctx.newUser({ email: 'bob@example.com' });
});

/** A tag unique to one test, so its systems can be found by `search` and nobody else's are. */
const tag = () => `t${randomBytes(4).toString('hex')}`;

const post = (body: unknown, as = ann) => as.call<System>('POST', BASE, body);
const get = (id: string) => ann.call<System>('GET', `${BASE}/${id}`);
const put = (id: string, body: unknown, as = ann) => as.call<System>('PUT', `${BASE}/${id}`, body);
const del = (id: string) => ann.call<MessageResponse>('DELETE', `${BASE}/${id}`);
const list = (query: Record<string, string> = {}) =>
  ann.call<Page<System>>('GET', BASE, undefined, { query });

const create = (name: string, description?: string, as = ann): Promise<System> =>
  ctx.newSystem(as, { system_name: name, ...(description === undefined ? {} : { description }) });
const listed = async (query: Record<string, string>) => ok(await list(query));

const names = (page: { items: System[] }) => page.items.map((s) => s.system_name);

function expectSystem(value: unknown): asserts value is System {
  const s = value as System;
  expect(Object.keys(s).sort()).toEqual(SYSTEM_KEYS);
  expect(s.system_id).toMatch(UUID);
  expect(typeof s.system_name).toBe('string');
  expect(s.description === null || typeof s.description === 'string').toBe(true);
  expect(typeof s.has_blueprints).toBe('boolean');
  expect(typeof s.created_by).toBe('string');
  expect(s.created_at).toMatch(ISO_MS_Z);
  expect(new Date(s.created_at).toISOString()).toBe(s.created_at);
  expect(typeof s.is_deleted).toBe('boolean');
}

/** Sends a raw body with a content type, bypassing light-my-request's JSON encoding. */
const raw = (method: Method, path: string, contentType: string, payload: string) =>
  ann.call(method, path, undefined, { raw: payload, headers: { 'content-type': contentType } });

describe('POST /api/v1/systems', () => {
  it('answers 201 with every System field, created by the caller', async () => {
    const name = `Rover ${tag()}`;
    const res = await post({ system_name: name, description: 'Six-wheel test rover' });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json\b/);
    const system = res.body;
    expectSystem(system);
    expect(system).toMatchObject({
      system_name: name,
      description: 'Six-wheel test rover',
      has_blueprints: false,
      created_by: 'ann@example.com',
      is_deleted: false,
    });
    // Ids are UUIDv7 (design.md): the version nibble says so.
    expect(system.system_id[14]).toBe('7');
  });

  it('records whoever created it, and the system reads back the same by id', async () => {
    const system = await create(`Lander ${tag()}`, undefined, bob);
    expect(system.created_by).toBe('bob@example.com');
    const res = await get(system.system_id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(system);
  });

  it('reads description null when none is given', async () => {
    const system = await create(`Plain ${tag()}`);
    expect(system.description).toBeNull();
  });

  it('gives each system its own id', async () => {
    const t = tag();
    const a = await create(`${t} one`);
    const b = await create(`${t} two`);
    expect(a.system_id).not.toBe(b.system_id);
  });

  it('accepts a name of 200 characters and refuses 201', async () => {
    const ok = `${tag()}-`.padEnd(200, 'n');
    expect(ok).toHaveLength(200);
    expect((await create(ok)).system_name).toBe(ok);

    const tooLong = `${tag()}-`.padEnd(201, 'n');
    expectProblem(await post({ system_name: tooLong }), 400, ['body.system_name']);
    expect((await listed({ search: tooLong.slice(0, 20) })).count).toBe(0);
  });

  it.each([
    ['empty', ''],
    ['spaces only', '   '],
    ['white space only', '\t\n '],
  ])('refuses a %s name', async (_label, name) => {
    expectProblem(await post({ system_name: name }), 400, ['body.system_name']);
  });

  it('accepts a description of 10,000 characters and refuses 10,001', async () => {
    const system = await create(`Long ${tag()}`, 'd'.repeat(10_000));
    expect(system.description).toHaveLength(10_000);
    const t = tag();
    expectProblem(await post({ system_name: t, description: 'd'.repeat(10_001) }), 400, ['body.description']);
    expect((await listed({ search: t })).count).toBe(0);
  });

  it('refuses a body without system_name', async () => {
    const body = expectProblem(await post({ description: 'no name' }), 400, ['body.system_name']);
    expect(body.errors[0]!.message).toMatch(/required/);
  });

  it('does not coerce types: a number is not a name and not a description', async () => {
    expectProblem(await post({ system_name: 5 }), 400, ['body.system_name']);
    expectProblem(await post({ system_name: `Typed ${tag()}`, description: 5 }), 400, ['body.description']);
    expectProblem(await post({ system_name: true }), 400, ['body.system_name']);
    expectProblem(await post({ system_name: ['a'] }), 400, ['body.system_name']);
  });

  it('refuses a body field it does not know, naming it, and creates nothing', async () => {
    const t = tag();
    const body = expectProblem(await post({ system_name: t, colour: 'red' }), 400, ['body.colour']);
    expect(body.detail).toContain('colour');
    expect((await listed({ search: t })).count).toBe(0);
  });

  it('lists every invalid field at once', async () => {
    expectProblem(await post({ system_name: 5, description: 5, colour: 'red' }), 400, [
      'body.system_name',
      'body.description',
      'body.colour',
    ]);
  });

  it('refuses a body that is not a JSON object', async () => {
    expectProblem(await post(['not', 'an', 'object']), 400, ['body']);
    expectProblem(await raw('POST', BASE, 'application/json', '"a string"'), 400, ['body']);
  });

  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])(
    'answers 415 to a %s body',
    async (contentType) => {
      const t = tag();
      expectProblem(await raw('POST', BASE, contentType, `system_name=${t}`), 415);
      expect((await listed({ search: t })).count).toBe(0);
    },
  );

  it('answers 400 to malformed JSON and to an empty JSON body', async () => {
    expectProblem(await raw('POST', BASE, 'application/json', '{"system_name": "x"'), 400);
    expectProblem(await raw('POST', BASE, 'application/json', ''), 400);
  });

  it('refuses a second live system whose name differs only in case, naming the name', async () => {
    const name = `Falcon ${tag()}`;
    const first = await create(name);
    const body = expectProblem(await post({ system_name: name.toUpperCase() }), 409);
    expect(body.type).toBe('urn:hwa:problem:name_taken');
    expect(body.detail).toContain(name.toUpperCase());
    const page = await listed({ search: name });
    expect(page.items.map((s) => s.system_id)).toEqual([first.system_id]);
  });
});

describe('GET /api/v1/systems', () => {
  it('answers {items, count} of Systems', async () => {
    const t = tag();
    await create(`${t} listed`, 'about it');
    const res = await list({ search: t });
    expect(res.status).toBe(200);
    const page = res.body;
    expect(Object.keys(page).sort()).toEqual(['count', 'items']);
    expect(page.count).toBe(1);
    expect(page.items).toHaveLength(1);
    expectSystem(page.items[0]);
    expect(page.items[0]).toMatchObject({ system_name: `${t} listed`, description: 'about it' });
  });

  it('searches names by case-insensitive substring', async () => {
    const t = tag();
    await create(`Rig ${t} Alpha`);
    await create(`rig ${t} BETA`);
    await create(`Other ${t} gamma`);
    expect(names(await listed({ search: `RIG ${t.toUpperCase()}` }))).toEqual([
      `Rig ${t} Alpha`,
      `rig ${t} BETA`,
    ]);
    expect(names(await listed({ search: `${t} b` }))).toEqual([`rig ${t} BETA`]);
    expect(names(await listed({ search: `${t} GAMMA` }))).toEqual([`Other ${t} gamma`]);
    expect((await listed({ search: `${t} delta` })).count).toBe(0);
  });

  it('treats %, _ and \\ in a search as the characters themselves, not patterns', async () => {
    const t = tag();
    await create(`${t} 50% scale`);
    await create(`${t} 500 scale`);
    await create(`${t} a_b`);
    await create(`${t} axb`);
    await create(`${t} c\\d`);
    await create(`${t} cxd`);
    expect(names(await listed({ search: `${t} 50%` }))).toEqual([`${t} 50% scale`]);
    expect(names(await listed({ search: `${t} a_b` }))).toEqual([`${t} a_b`]);
    expect(names(await listed({ search: `${t} c\\d` }))).toEqual([`${t} c\\d`]);
    expect((await listed({ search: `${t}%scale` })).count).toBe(0);
    expect((await listed({ search: `${t}_` })).count).toBe(0);
  });

  it('accepts a search of 200 characters and refuses 201', async () => {
    expect((await listed({ search: 's'.repeat(200) })).count).toBe(0);
    expectProblem(await list({ search: 's'.repeat(201) }), 400, ['query.search']);
  });

  it('hides deleted systems by default and with is_deleted=false; is_deleted=true includes them', async () => {
    const t = tag();
    const live = await create(`${t} live`);
    const gone = await create(`${t} gone`);
    expect((await del(gone.system_id)).status).toBe(200);

    const queries: Record<string, string>[] = [{ search: t }, { search: t, is_deleted: 'false' }];
    for (const query of queries) {
      const page = await listed(query);
      expect(page.items.map((s) => s.system_id)).toEqual([live.system_id]);
      expect(page.count).toBe(1);
    }
    const all = await listed({ search: t, is_deleted: 'true' });
    expect(all.count).toBe(2);
    expect(all.items.map((s) => [s.system_id, s.is_deleted])).toEqual([
      [live.system_id, false],
      [gone.system_id, true],
    ]);
  });

  it('refuses an is_deleted that is not a boolean', async () => {
    expectProblem(await list({ is_deleted: 'maybe' }), 400, ['query.is_deleted']);
  });

  it('pages with limit and offset in creation order, count being the total that matches', async () => {
    const t = tag();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await create(`${t} page ${i}`)).system_id);

    const whole = await listed({ search: t });
    expect(whole.items.map((s) => s.system_id)).toEqual(made);
    expect(whole.count).toBe(5);

    const pages = [];
    for (const offset of [0, 2, 4]) {
      const page = await listed({ search: t, limit: '2', offset: String(offset) });
      expect(page.count).toBe(5);
      pages.push(...page.items.map((s) => s.system_id));
    }
    expect(pages).toEqual(made);

    expect(await listed({ search: t, limit: '2', offset: '5' })).toEqual({ items: [], count: 5 });
    expect(await listed({ search: t, offset: '500' })).toEqual({ items: [], count: 5 });
    expect((await listed({ search: t, limit: '1' })).items.map((s) => s.system_id)).toEqual([made[0]]);
    expect((await listed({ search: t, offset: '0' })).items).toHaveLength(5);
  });

  it('orders systems created at the same instant by id', async () => {
    const t = tag();
    const at = new Date('2020-01-01T00:00:00.000Z');
    const earlier = new Date('2019-12-31T23:59:59.999Z');
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const highestId = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
    await ctx.database.db
      .insert(systemsTable)
      .values([
        ...ids.map((id, i) => ({ id, name: `${t} same ${i}`, createdBy: 'seed@example.com', createdAt: at })),
        { id: highestId, name: `${t} earlier`, createdBy: 'seed@example.com', createdAt: earlier },
      ]);
    const page = await listed({ search: t });
    expect(page.items.map((s) => s.system_id)).toEqual([highestId, ...[...ids].sort()]);
    expect(page.items[0]!.created_at).toBe('2019-12-31T23:59:59.999Z');
  });

  it('returns 100 items by default and up to 1000 when asked', async () => {
    const t = tag();
    await ctx.database.db.insert(systemsTable).values(
      Array.from({ length: 101 }, (_, i) => ({
        id: randomUUID(),
        name: `${t} bulk ${String(i).padStart(3, '0')}`,
        createdBy: 'seed@example.com',
      })),
    );
    const byDefault = await listed({ search: t });
    expect(byDefault.items).toHaveLength(100);
    expect(byDefault.count).toBe(101);
    const most = await listed({ search: t, limit: '1000' });
    expect(most.items).toHaveLength(101);
    expect(most.count).toBe(101);
    const rest = await listed({ search: t, offset: '100' });
    expect(rest.items).toHaveLength(1);
    expect(byDefault.items.map((s) => s.system_id)).not.toContain(rest.items[0]!.system_id);
  });

  it.each([
    [{ limit: '0' }, 'query.limit'],
    [{ limit: '1001' }, 'query.limit'],
    [{ limit: '-1' }, 'query.limit'],
    [{ limit: '1.5' }, 'query.limit'],
    [{ limit: 'ten' }, 'query.limit'],
    [{ offset: '-1' }, 'query.offset'],
    [{ offset: 'x' }, 'query.offset'],
    [{ colour: 'red' }, 'query.colour'],
  ])('refuses %o naming %s', async (query, path) => {
    expectProblem(await list(query), 400, [path]);
  });

  it('lists every invalid query parameter at once', async () => {
    expectProblem(await list({ limit: '0', offset: '-1', is_deleted: 'maybe', colour: 'red' }), 400, [
      'query.limit',
      'query.offset',
      'query.is_deleted',
      'query.colour',
    ]);
  });
});

describe('GET /api/v1/systems/:system_id', () => {
  it('answers 404 problem+json for an unknown id', async () => {
    expectProblem(await get(randomUUID()), 404);
  });

  it.each(['not-a-uuid', '123', 'ffffffff-ffff-ffff-ffff-fffffffffffg'])(
    'answers 404, not 400, for the malformed id %s',
    async (id) => {
      expectProblem(await get(id), 404);
    },
  );
});

describe('PUT /api/v1/systems/:system_id', () => {
  it('changes only system_name when only it is given', async () => {
    const before = await create(`Old ${tag()}`, 'kept');
    const name = `New ${tag()}`;
    const res = await put(before.system_id, { system_name: name }, bob);
    expect(res.status).toBe(200);
    const after = res.body;
    expectSystem(after);
    expect(after).toEqual({ ...before, system_name: name });
    expect((await get(before.system_id)).body).toEqual(after);
  });

  it('changes only description when only it is given', async () => {
    const before = await create(`Desc ${tag()}`, 'first');
    const res = await put(before.system_id, { description: 'second' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before, description: 'second' });
    expect((await get(before.system_id)).body).toEqual({ ...before, description: 'second' });
  });

  it('clears the description with null', async () => {
    const before = await create(`Clear ${tag()}`, 'to be cleared');
    const res = await put(before.system_id, { description: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before, description: null });
    expect((await get(before.system_id)).body.description).toBeNull();
  });

  it('changes nothing for an empty body', async () => {
    const before = await create(`Same ${tag()}`, 'unchanged');
    const res = await put(before.system_id, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before);
    expect((await get(before.system_id)).body).toEqual(before);
  });

  it('accepts a name of 200 characters and a description of 10,000; refuses 201 and 10,001', async () => {
    const system = await create(`Bounds ${tag()}`, 'short');
    const name = `${tag()}-`.padEnd(200, 'n');
    expect((await put(system.system_id, { system_name: name })).body.system_name).toBe(name);
    expectProblem(await put(system.system_id, { system_name: `${name}n` }), 400, ['body.system_name']);
    const desc = 'd'.repeat(10_000);
    expect((await put(system.system_id, { description: desc })).body.description).toBe(desc);
    expectProblem(await put(system.system_id, { description: `${desc}d` }), 400, ['body.description']);
    expect((await get(system.system_id)).body).toMatchObject({ system_name: name, description: desc });
  });

  it.each([
    ['empty', ''],
    ['spaces only', '   '],
  ])('refuses a %s name and keeps the old one', async (_label, name) => {
    const system = await create(`Keep ${tag()}`);
    expectProblem(await put(system.system_id, { system_name: name }), 400, ['body.system_name']);
    expect((await get(system.system_id)).body).toEqual(system);
  });

  it('does not coerce types, refuses unknown fields, lists every invalid field and changes nothing', async () => {
    const system = await create(`Strict ${tag()}`, 'orig');
    expectProblem(await put(system.system_id, { system_name: 5 }), 400, ['body.system_name']);
    expectProblem(await put(system.system_id, { description: 5 }), 400, ['body.description']);
    expectProblem(await put(system.system_id, { description: 'x', has_blueprints: true }), 400, [
      'body.has_blueprints',
    ]);
    expectProblem(
      await put(system.system_id, { system_name: 5, description: false, is_deleted: true }),
      400,
      ['body.system_name', 'body.description', 'body.is_deleted'],
    );
    expect((await get(system.system_id)).body).toEqual(system);
  });

  it('answers 415 to a non-JSON body and 400 to malformed JSON', async () => {
    const system = await create(`Media ${tag()}`);
    expectProblem(await raw('PUT', `${BASE}/${system.system_id}`, 'text/plain', 'system_name=x'), 415);
    expectProblem(
      await raw('PUT', `${BASE}/${system.system_id}`, 'application/json', '{"system_name":'),
      400,
    );
    expect((await get(system.system_id)).body).toEqual(system);
  });

  it('refuses to rename onto another live name in any case, and allows a change of case of its own', async () => {
    const t = tag();
    const taken = await create(`Eagle ${t}`);
    const other = await create(`Hawk ${t}`);
    const body = expectProblem(await put(other.system_id, { system_name: `EAGLE ${t}` }), 409);
    expect(body.type).toBe('urn:hwa:problem:name_taken');
    expect(body.detail).toContain(`EAGLE ${t}`);
    expect((await get(other.system_id)).body).toEqual(other);

    const renamed = await put(taken.system_id, { system_name: `EAGLE ${t}` });
    expect(renamed.status).toBe(200);
    expect(renamed.body.system_name).toBe(`EAGLE ${t}`);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectProblem(await put(randomUUID(), { description: 'x' }), 404);
    expectProblem(await put('not-a-uuid', { description: 'x' }), 404);
  });
});

describe('DELETE /api/v1/systems/:system_id', () => {
  it('answers 200 {message, uuid}; afterwards the system is gone except from is_deleted=true lists', async () => {
    const t = tag();
    const system = await create(`${t} doomed`, 'bye');
    const res = await del(system.system_id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json\b/);
    const body = res.body;
    expect(Object.keys(body).sort()).toEqual(['message', 'uuid']);
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.uuid).toBe(system.system_id);

    expectProblem(await get(system.system_id), 404);
    expectProblem(await put(system.system_id, { description: 'back?' }), 404);
    expectProblem(await del(system.system_id), 404);

    expect(await listed({ search: t })).toEqual({ items: [], count: 0 });
    const withDeleted = await listed({ search: t, is_deleted: 'true' });
    expect(withDeleted.count).toBe(1);
    expect(withDeleted.items[0]).toEqual({ ...system, is_deleted: true });
  });

  it('lets a deleted system name be reused in any case, while live names stay unique', async () => {
    const name = `Phoenix ${tag()}`;
    const old = await create(name);
    expect((await del(old.system_id)).status).toBe(200);

    const reborn = await create(name.toLowerCase());
    expect(reborn.system_id).not.toBe(old.system_id);
    expect(expectProblem(await post({ system_name: name }), 409).type).toBe('urn:hwa:problem:name_taken');

    const all = await listed({ search: name, is_deleted: 'true' });
    expect(all.items.map((s) => [s.system_id, s.is_deleted])).toEqual([
      [old.system_id, true],
      [reborn.system_id, false],
    ]);
  });

  it('lets another system be renamed onto a deleted name', async () => {
    const name = `Griffin ${tag()}`;
    const old = await create(name);
    expect((await del(old.system_id)).status).toBe(200);
    const other = await create(`Other ${tag()}`);
    const res = await put(other.system_id, { system_name: name.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.system_name).toBe(name.toUpperCase());
    expect(expectProblem(await post({ system_name: name }), 409).type).toBe('urn:hwa:problem:name_taken');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectProblem(await del(randomUUID()), 404);
    expectProblem(await del('not-a-uuid'), 404);
  });
});

describe('a body larger than the configured limit', () => {
  let small: TestContext;
  let user: TestUser;

  beforeAll(async () => {
    small = await testApp({ env: { HWA_BODY_LIMIT: '2048' } });
    user = await small.newUser();
  });

  it('answers 413 problem+json on create and update, and a body under the limit still works', async () => {
    const t = tag();
    expectProblem(await user.call('POST', BASE, { system_name: t, description: 'd'.repeat(3000) }), 413);
    expect(ok(await user.call<Page<System>>('GET', BASE, undefined, { query: { search: t } })).count).toBe(0);

    const created = ok(
      await user.call<System>('POST', BASE, { system_name: t, description: 'd'.repeat(1500) }),
      201,
    );
    const id = created.system_id;
    expectProblem(await user.call('PUT', `${BASE}/${id}`, { description: 'e'.repeat(3000) }), 413);
    expect(ok(await user.call<System>('GET', `${BASE}/${id}`)).description).toBe('d'.repeat(1500));
  });
});
