// Personal skills as a client sees them: create, read, list, update with versions, roll back, delete,
// every limit on both sides of its boundary, and one user's skills invisible to another. Approval of
// global skills: skills.review.test.ts; power commands and resolve: skills.commands.test.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { ISO_MS_Z } from '../../../test/metagraph-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import type { Page } from '../../core/schemas.js';
import type { CreateSkillBody, Skill, SkillVersion } from './skills.schemas.js';

const SKILL_KEYS = [
  'created_at',
  'created_by',
  'current_version',
  'description',
  'group_id',
  'instructions',
  'job_id',
  'name',
  'pending_version',
  'power_command',
  'scope',
  'status',
  'updated_at',
  'uuid',
];
const VERSION_KEYS = [
  'change_summary',
  'created_at',
  'created_by',
  'description',
  'instructions',
  'name',
  'power_command',
  'review_comment',
  'reviewed_at',
  'reviewed_by',
  'scope',
  'status',
  'uuid',
  'version_number',
];

let ctx: TestContext;
let ann: TestUser;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
});

/** A kebab-case tag unique to one test, for names and commands nobody else uses. */
const tag = () => `t${randomBytes(4).toString('hex')}`;
const body = (fields: Partial<CreateSkillBody> = {}): CreateSkillBody => {
  const name = `${tag()}-skill`;
  return { name, power_command: name, description: 'Derate parts', instructions: '# Steps', ...fields };
};
const post = (fields: unknown, as = ann) => as.call<Skill>('POST', '/skills', fields);
const get = (id: string, as = ann) => as.call<Skill>('GET', `/skills/${id}`);
const patch = (id: string, fields: unknown, as = ann) => as.call<Skill>('PATCH', `/skills/${id}`, fields);
const rollback = (id: string, fields: unknown, as = ann) =>
  as.call<Skill>('POST', `/skills/${id}/rollback`, fields);
const versions = async (id: string, as = ann) =>
  ok(await as.call<SkillVersion[]>('GET', `/skills/${id}/versions`));
const list = (query: Record<string, string>, as = ann) =>
  as.call<Page<Skill>>('GET', '/skills', undefined, { query });
const listed = async (query: Record<string, string>, as = ann) => ok(await list(query, as));

describe('POST /skills', () => {
  it('answers 201 with every Skill field: personal, approved, at version 1', async () => {
    const fields = body({
      description: 'Derate parts for temperature',
      instructions: '# Derating\n\n1. Look.',
    });
    const res = await post(fields);
    const skill = ok(res, 201);
    expect(Object.keys(skill).sort()).toEqual(SKILL_KEYS);
    expect(skill).toMatchObject({
      name: fields.name,
      description: 'Derate parts for temperature',
      power_command: fields.power_command,
      instructions: '# Derating\n\n1. Look.',
      scope: 'user',
      status: 'approved',
      current_version: 1,
      pending_version: null,
      created_by: ann.email,
      group_id: null,
      job_id: null,
    });
    expect(skill.uuid[14]).toBe('7'); // UUIDv7
    expect(skill.created_at).toMatch(ISO_MS_Z);
    expect(skill.updated_at).toBe(skill.created_at);
    expect(ok(await get(skill.uuid))).toEqual(skill);
  });

  it('records version 1 with the same fields, approved, without a change summary', async () => {
    const skill = await ctx.newSkill(ann);
    const history = await versions(skill.uuid);
    expect(history).toHaveLength(1);
    expect(Object.keys(history[0]!).sort()).toEqual(VERSION_KEYS);
    expect(history[0]).toMatchObject({
      version_number: 1,
      name: skill.name,
      description: skill.description,
      scope: 'user',
      power_command: skill.power_command,
      instructions: skill.instructions,
      status: 'approved',
      created_by: ann.email,
      change_summary: null,
      reviewed_by: null,
      reviewed_at: null,
      review_comment: null,
    });
    expect(history[0]!.created_at).toMatch(ISO_MS_Z);
  });

  it('keeps a group_id', async () => {
    const group = randomUUID();
    expect((await ctx.newSkill(ann, { group_id: group })).group_id).toBe(group);
  });

  it('accepts a name and a power command of 64 characters and refuses 65', async () => {
    const long = (n: number) => `${tag()}-`.padEnd(n, 'x');
    const skill = await ctx.newSkill(ann, { name: long(64), power_command: long(64) });
    expect(skill.name).toHaveLength(64);
    expect(skill.power_command).toHaveLength(64);
    expectProblem(await post(body({ name: long(65) })), 400, ['body.name']);
    expectProblem(await post(body({ power_command: long(65) })), 400, ['body.power_command']);
    expect((await ctx.newSkill(ann, { name: 'a', power_command: tag().slice(0, 1) + 'z' })).name).toBe('a');
  });

  it.each([
    '',
    'Thermal',
    'thermal_derating',
    'thermal derating',
    'thermal--derating',
    '-thermal',
    'thermal-',
    'é',
  ])('refuses the name and power command %j, which are not kebab-case', async (value) => {
    expectProblem(await post(body({ name: value, power_command: value })), 400, [
      'body.name',
      'body.power_command',
    ]);
  });

  it('refuses a power command with a leading slash, saying to drop it', async () => {
    const fields = body();
    const problem = expectProblem(await post({ ...fields, power_command: `/${fields.power_command}` }), 400, [
      'body.power_command',
    ]);
    expect(problem.errors[0]!.message).toBe(
      `must not start with "/": drop the leading slash and send "${fields.power_command}"`,
    );
    expect(problem.detail).toContain('drop the leading slash');
    expect((await listed({ search: fields.name })).count).toBe(0);
  });

  it('accepts a description of 1 and of 1,024 characters and refuses 0, 1,025 and white space only', async () => {
    expect((await ctx.newSkill(ann, { description: 'd' })).description).toBe('d');
    expect((await ctx.newSkill(ann, { description: 'é'.repeat(1024) })).description).toHaveLength(1024);
    for (const description of ['', 'd'.repeat(1025), 'é'.repeat(1025), ' \n\t ']) {
      expectProblem(await post(body({ description })), 400, ['body.description']);
    }
  });

  it('accepts instructions of 1 and of 100,000 characters and refuses 0, 100,001 and white space only', async () => {
    expect((await ctx.newSkill(ann, { instructions: '#' })).instructions).toBe('#');
    const longest = await ctx.newSkill(ann, { instructions: 'i'.repeat(100_000) });
    expect(ok(await get(longest.uuid)).instructions).toHaveLength(100_000);
    for (const instructions of ['', 'i'.repeat(100_001), '\n\n  ']) {
      expectProblem(await post(body({ instructions })), 400, ['body.instructions']);
    }
  });

  it('refuses a missing field, a bad scope or group_id, an unknown field and wrong types, all at once', async () => {
    expectProblem(await post({}), 400, [
      'body.name',
      'body.description',
      'body.power_command',
      'body.instructions',
    ]);
    const problem = expectProblem(
      await post({ ...body(), scope: 'team', group_id: 'g1', owner: 'x', instructions: 5 }),
      400,
      ['body.scope', 'body.group_id', 'body.owner', 'body.instructions'],
    );
    expect(problem.errors.find((e) => e.path === 'body.scope')!.message).toBe(
      'must be one of "user", "global"',
    );
    expectProblem(await post({ ...body(), name: 5 }), 400, ['body.name']);
  });

  it('creates nothing when it refuses', async () => {
    const before = (await listed({})).count;
    await post(body({ description: '' }));
    await post({ ...body(), colour: 'red' });
    expect((await listed({})).count).toBe(before);
  });
});

describe('GET /skills/{skill_id}', () => {
  it.each([randomUUID(), 'not-a-uuid', '123'])('answers 404 for %s', async (id) => {
    expectProblem(await get(id), 404);
  });
});

describe('GET /skills', () => {
  it('lists your skills as {items, count}, oldest first, with limit and offset', async () => {
    const user = await ctx.newUser();
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await ctx.newSkill(user)).uuid);
    const all = await listed({}, user);
    expect(Object.keys(all).sort()).toEqual(['count', 'items']);
    expect(all.items.map((s) => s.uuid)).toEqual(made);
    expect(all.count).toBe(5);
    expect(Object.keys(all.items[0]!).sort()).toEqual(SKILL_KEYS);
    const page = await listed({ limit: '2', offset: '2' }, user);
    expect(page).toEqual({ items: all.items.slice(2, 4), count: 5 });
    expect(await listed({ offset: '5' }, user)).toEqual({ items: [], count: 5 });
    expect((await listed({ limit: '1000' }, user)).items).toHaveLength(5);
  });

  it('searches name and power command, case-insensitively, with %, _ and \\ taken literally', async () => {
    const t = tag();
    const byName = await ctx.newSkill(ann, { name: `${t}-thermal`, power_command: `${t}-one` });
    const byCommand = await ctx.newSkill(ann, { name: `${t}-other`, power_command: `${t}-thermal-derating` });
    await ctx.newSkill(ann, { name: `${t}-i2c`, power_command: `${t}-i2c` });
    const ids = async (search: string) => (await listed({ search })).items.map((s) => s.uuid);
    expect(await ids(`${t}-THERMAL`)).toEqual([byName.uuid, byCommand.uuid]);
    expect(await ids(`${t}-one`)).toEqual([byName.uuid]);
    expect(await ids(`${t}-thermal-DER`)).toEqual([byCommand.uuid]);
    expect(await ids(`${t}%thermal`)).toEqual([]);
    expect(await ids(`${t}_thermal`)).toEqual([]);
    expect(await ids('s'.repeat(200))).toEqual([]);
    expectProblem(await list({ search: 's'.repeat(201) }), 400, ['query.search']);
  });

  it('filters by scope, status and group_id', async () => {
    const user = await ctx.newUser();
    const admin = await ctx.newUser({ admin: true });
    const group = randomUUID();
    const mine = await ctx.newSkill(user, { group_id: group });
    const proposed = await ctx.newSkill(user, { scope: 'global' });
    const other = await ctx.newSkill(user);
    const ids = async (query: Record<string, string>) => (await listed(query, user)).items.map((s) => s.uuid);
    expect(await ids({ group_id: group })).toEqual([mine.uuid]);
    expect(await ids({ scope: 'user' })).toEqual([mine.uuid, other.uuid]);
    expect(await ids({ scope: 'global' })).toEqual([proposed.uuid]);
    expect(await ids({ status: 'pending_approval' })).toEqual([proposed.uuid]);
    expect(await ids({ status: 'approved', group_id: group })).toEqual([mine.uuid]);
    expect(await ids({ status: 'rejected' })).toEqual([]);
    ok(await admin.call('POST', `/skills/${proposed.uuid}/reject`));
    expect(await ids({ status: 'rejected' })).toEqual([proposed.uuid]);
  });

  it.each([
    [{ limit: '0' }, 'query.limit'],
    [{ limit: '1001' }, 'query.limit'],
    [{ offset: '-1' }, 'query.offset'],
    [{ scope: 'team' }, 'query.scope'],
    [{ status: 'draft' }, 'query.status'],
    [{ group_id: 'g' }, 'query.group_id'],
    [{ colour: 'red' }, 'query.colour'],
  ])('refuses %o naming %s', async (query, path) => {
    expectProblem(await list(query), 400, [path]);
  });
});

describe('PATCH /skills/{skill_id}', () => {
  it('creates a version per update, carrying over the fields not given, with its change summary', async () => {
    const skill = await ctx.newSkill(ann, { description: 'first', instructions: 'one' });
    const second = ok(await patch(skill.uuid, { instructions: 'two', change_summary: 'Add step two' }));
    expect(second).toMatchObject({
      ...skill,
      instructions: 'two',
      current_version: 2,
      updated_at: expect.any(String),
    });
    const third = ok(await patch(skill.uuid, { description: 'third', change_summary: 'Clarify' }));
    expect(third).toMatchObject({ description: 'third', instructions: 'two', current_version: 3 });
    expect(ok(await get(skill.uuid))).toEqual(third);
    const history = await versions(skill.uuid);
    expect(history.map((v) => [v.version_number, v.description, v.instructions, v.change_summary])).toEqual([
      [1, 'first', 'one', null],
      [2, 'first', 'two', 'Add step two'],
      [3, 'third', 'two', 'Clarify'],
    ]);
    expect(history.every((v) => v.status === 'approved' && v.created_by === ann.email)).toBe(true);
  });

  it('changes name and power command too, and an update without change_summary records null', async () => {
    const skill = await ctx.newSkill(ann);
    const t = tag();
    const renamed = ok(await patch(skill.uuid, { name: `${t}-renamed`, power_command: `${t}-cmd` }));
    expect(renamed).toMatchObject({ name: `${t}-renamed`, power_command: `${t}-cmd`, current_version: 2 });
    expect((await versions(skill.uuid))[1]!.change_summary).toBeNull();
  });

  it('refuses an update that changes nothing, naming the body, and adds no version', async () => {
    const skill = await ctx.newSkill(ann);
    for (const empty of [{}, { change_summary: 'nothing really' }]) {
      const problem = expectProblem(await patch(skill.uuid, empty), 400, ['body']);
      expect(problem.detail).toContain('power_command');
    }
    expect(await versions(skill.uuid)).toHaveLength(1);
  });

  it('applies the limits of POST, and a change summary of 1 to 1,000 characters', async () => {
    const skill = await ctx.newSkill(ann);
    expectProblem(await patch(skill.uuid, { name: 'x'.repeat(65) }), 400, ['body.name']);
    expectProblem(await patch(skill.uuid, { description: '' }), 400, ['body.description']);
    expectProblem(await patch(skill.uuid, { instructions: 'i'.repeat(100_001) }), 400, ['body.instructions']);
    const slash = expectProblem(await patch(skill.uuid, { power_command: '/derate' }), 400, [
      'body.power_command',
    ]);
    expect(slash.errors[0]!.message).toContain('drop the leading slash and send "derate"');
    expectProblem(await patch(skill.uuid, { scope: 'team' }), 400, ['body.scope']);
    expectProblem(await patch(skill.uuid, { instructions: 'x', change_summary: '' }), 400, [
      'body.change_summary',
    ]);
    expectProblem(await patch(skill.uuid, { instructions: 'x', change_summary: 'c'.repeat(1001) }), 400, [
      'body.change_summary',
    ]);
    expectProblem(await patch(skill.uuid, { instructions: 'x', group_id: randomUUID() }), 400, [
      'body.group_id',
    ]);
    expect(await versions(skill.uuid)).toHaveLength(1);
    ok(await patch(skill.uuid, { instructions: 'x', change_summary: 'c'.repeat(1000) }));
    expect((await versions(skill.uuid))[1]!.change_summary).toHaveLength(1000);
  });

  it('answers 404 for an unknown skill', async () => {
    expectProblem(await patch(randomUUID(), { instructions: 'x' }), 404);
  });
});

describe('POST /skills/{skill_id}/rollback', () => {
  it('appends a copy of the earlier version, saying so, and never rewrites history', async () => {
    const skill = await ctx.newSkill(ann, { description: 'v1 text', instructions: 'v1 steps' });
    ok(await patch(skill.uuid, { instructions: 'v2 steps', change_summary: 'Second' }));
    ok(await patch(skill.uuid, { description: 'v3 text', change_summary: 'Third' }));
    const before = await versions(skill.uuid);

    const rolled = ok(await rollback(skill.uuid, { version_number: 1 }));
    expect(rolled).toMatchObject({ description: 'v1 text', instructions: 'v1 steps', current_version: 4 });
    expect(ok(await get(skill.uuid))).toEqual(rolled);
    const after = await versions(skill.uuid);
    expect(after.slice(0, 3)).toEqual(before);
    // Version 4 equals version 1 in every field a version holds, with a change summary saying so.
    const contents = (v: SkillVersion) => [
      v.name,
      v.description,
      v.scope,
      v.power_command,
      v.instructions,
      v.status,
    ];
    expect(contents(after[3]!)).toEqual(contents(after[0]!));
    expect(after[3]).toMatchObject({
      version_number: 4,
      change_summary: 'Rolled back to version 1.',
      created_by: ann.email,
    });

    // A rollback is a version like any other: it can be rolled back to.
    expect(ok(await rollback(skill.uuid, { version_number: 2 })).instructions).toBe('v2 steps');
    expect(ok(await rollback(skill.uuid, { version_number: 4 })).current_version).toBe(6);
  });

  it('refuses the current version with 409 and a version the skill does not have with 404', async () => {
    const skill = await ctx.newSkill(ann);
    ok(await patch(skill.uuid, { instructions: 'two' }));
    const current = expectProblem(await rollback(skill.uuid, { version_number: 2 }), 409);
    expect(current.type).toBe('urn:hwa:problem:state_conflict');
    expect(current.detail).toContain('already the current version');
    const unknown = expectProblem(await rollback(skill.uuid, { version_number: 3 }), 404);
    expect(unknown.detail).toContain('no version 3');
    expect(unknown.detail).toContain('1 to 2');
    expect(await versions(skill.uuid)).toHaveLength(2);
  });

  it('refuses a version_number that is not an integer of at least 1', async () => {
    const skill = await ctx.newSkill(ann);
    for (const version_number of [0, -1, 1.5, '1', null]) {
      expectProblem(await rollback(skill.uuid, { version_number }), 400, ['body.version_number']);
    }
    expectProblem(await rollback(skill.uuid, {}), 400, ['body.version_number']);
    expectProblem(await rollback(skill.uuid, { version_number: 1, note: 'x' }), 400, ['body.note']);
    expectProblem(await rollback(randomUUID(), { version_number: 1 }), 404);
  });
});

describe('DELETE /skills/{skill_id}', () => {
  it('answers 204, and then 404 to every call on the skill; it leaves the lists', async () => {
    const skill = await ctx.newSkill(ann);
    const res = await ann.call('DELETE', `/skills/${skill.uuid}`);
    expect(res.status).toBe(204);
    expect(res.res.body).toBe('');
    expectProblem(await get(skill.uuid), 404);
    expectProblem(await ann.call('GET', `/skills/${skill.uuid}/versions`), 404);
    expectProblem(await patch(skill.uuid, { instructions: 'x' }), 404);
    expectProblem(await rollback(skill.uuid, { version_number: 1 }), 404);
    expectProblem(await ann.call('DELETE', `/skills/${skill.uuid}`), 404);
    expect((await listed({ search: skill.name })).count).toBe(0);
  });
});

describe('a personal skill belongs to its creator alone', () => {
  it('reads as absent to another user, on every route, and stays unchanged', async () => {
    const bob = await ctx.newUser();
    const skill = await ctx.newSkill(ann);
    ok(await patch(skill.uuid, { instructions: 'two' }));
    const id = skill.uuid;
    expectProblem(await get(id, bob), 404);
    expectProblem(await bob.call('GET', `/skills/${id}/versions`), 404);
    expectProblem(await bob.call('GET', `/skills/${id}/export`), 404);
    expectProblem(await patch(id, { instructions: 'bob was here' }, bob), 404);
    expectProblem(await rollback(id, { version_number: 1 }, bob), 404);
    expectProblem(await bob.call('DELETE', `/skills/${id}`), 404);
    expect((await listed({ search: skill.name }, bob)).count).toBe(0);
    expect(ok(await get(id))).toMatchObject({ instructions: 'two', current_version: 2 });
  });

  it('reads as absent to an admin too', async () => {
    const admin = await ctx.newUser({ admin: true });
    const skill = await ctx.newSkill(ann);
    expectProblem(await get(skill.uuid, admin), 404);
    expectProblem(await admin.call('POST', `/skills/${skill.uuid}/approve`), 404);
    expect((await listed({ search: skill.name }, admin)).count).toBe(0);
  });

  it('is the same skill through any token of its owner', async () => {
    const again = await ctx.newUser({ email: ann.email });
    const skill = await ctx.newSkill(ann);
    expect(ok(await get(skill.uuid, again))).toEqual(skill);
  });
});
