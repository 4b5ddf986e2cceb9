// Power commands: unique among the skills a user can invoke (their own and the approved global ones),
// a clash being 409 power_command_taken naming the skill that holds the command; and
// GET /skills/resolve, which finds the skill a command invokes for the caller: their own first, then global.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import type { Skill } from './skills.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
  bob = await ctx.newUser();
  admin = await ctx.newUser({ admin: true });
});

/** A command nobody else in this file uses. */
const command = () => `cmd-${randomBytes(4).toString('hex')}`;
const create = (user: TestUser, power_command: string, fields: Record<string, string> = {}) =>
  user.call<Skill>('POST', '/skills', {
    name: `${power_command}-skill`,
    description: 'd',
    instructions: 'i',
    power_command,
    ...fields,
  });
const resolve = (user: TestUser, typed: string) =>
  user.call<Skill>('GET', '/skills/resolve', undefined, { query: { command: typed } });
const approve = async (skill: Skill) => ok(await admin.call<Skill>('POST', `/skills/${skill.uuid}/approve`));

function expectTaken(answer: Awaited<ReturnType<typeof create>>, holder: Skill) {
  const problem = expectProblem(answer, 409);
  expect(problem.type).toBe('urn:hwa:problem:power_command_taken');
  expect(problem.detail).toContain(`/${holder.power_command}`);
  expect(problem.detail).toContain(`"${holder.name}"`);
  expect(problem.detail).toContain(holder.uuid);
  expect(problem.skill_id).toBe(holder.uuid);
  return problem;
}

describe('a power command is unique among the skills a user can invoke', () => {
  it('refuses a second skill of yours with the same command, naming the first, and creates nothing', async () => {
    const c = command();
    const first = ok(await create(ann, c), 201);
    expectTaken(await create(ann, c, { name: 'another-name' }), first);
    const mine = ok(await ann.call<{ count: number }>('GET', '/skills', undefined, { query: { search: c } }));
    expect(mine.count).toBe(1);
  });

  it('refuses an update or a rollback to a command another of your skills holds', async () => {
    const c = command();
    const holder = ok(await create(ann, c), 201);
    const other = ok(await create(ann, command()), 201);
    expectTaken(await ann.call('PATCH', `/skills/${other.uuid}`, { power_command: c }), holder);
    // other's version 2 has the command `free`; after a rollback to version 1, holder takes `free`,
    // so rolling other back to version 2 would make two of Ann's skills answer /free.
    const free = command();
    ok(await ann.call('PATCH', `/skills/${other.uuid}`, { power_command: free }));
    ok(await ann.call('POST', `/skills/${other.uuid}/rollback`, { version_number: 1 }));
    ok(await ann.call('PATCH', `/skills/${holder.uuid}`, { power_command: free }));
    const refreshed = ok(await ann.call<Skill>('GET', `/skills/${holder.uuid}`));
    expectTaken(await ann.call('POST', `/skills/${other.uuid}/rollback`, { version_number: 2 }), refreshed);
  });

  it('lets another user have a personal skill with your personal skill’s command', async () => {
    const c = command();
    const annSkill = ok(await create(ann, c), 201);
    const bobSkill = ok(await create(bob, c), 201);
    expect(ok(await resolve(ann, c)).uuid).toBe(annSkill.uuid);
    expect(ok(await resolve(bob, c)).uuid).toBe(bobSkill.uuid);
  });

  it('refuses anyone a command an approved global skill holds, naming that skill', async () => {
    const c = command();
    const global = await approve(ok(await create(ann, c, { scope: 'global' }), 201));
    expectTaken(await create(bob, c), global);
    expectTaken(await create(admin, c, { scope: 'global' }), global);
  });

  it('lets a proposal that is not approved yet hold a command only for its owner', async () => {
    const c = command();
    const proposal = ok(await create(ann, c, { scope: 'global' }), 201);
    expectTaken(await create(ann, c), proposal);
    const bobs = ok(await create(bob, c), 201);
    // Approving makes it everyone's; Bob's own skill still comes first for Bob.
    await approve(proposal);
    expect(ok(await resolve(bob, c)).uuid).toBe(bobs.uuid);
    expect(ok(await resolve(admin, c)).uuid).toBe(proposal.uuid);
  });

  it('refuses an approval whose command an approved global skill took meanwhile', async () => {
    const c = command();
    const late = ok(await create(ann, c, { scope: 'global' }), 201);
    const early = await approve(ok(await create(bob, c, { scope: 'global' }), 201));
    const problem = expectTaken(await admin.call('POST', `/skills/${late.uuid}/approve`), early);
    expect(problem.status).toBe(409);
    expect(ok(await ann.call<Skill>('GET', `/skills/${late.uuid}`)).status).toBe('pending_approval');
  });

  it('reserves the command a waiting change of yours would give, for you', async () => {
    const skill = ok(await create(ann, command()), 201);
    const next = command();
    ok(await ann.call('PATCH', `/skills/${skill.uuid}`, { power_command: next, scope: 'global' }));
    const problem = expectProblem(await create(ann, next), 409);
    expect(problem.type).toBe('urn:hwa:problem:power_command_taken');
    expect(problem.detail).toContain(`/${next} is already taken by the skill "${skill.name}"`);
    expect(problem.skill_id).toBe(skill.uuid);
  });

  it('frees the command of a deleted skill', async () => {
    const c = command();
    const gone = ok(await create(ann, c), 201);
    expect((await ann.call('DELETE', `/skills/${gone.uuid}`)).status).toBe(204);
    expect(ok(await create(ann, c), 201).power_command).toBe(c);
  });

  it('does not name a skill the caller may not see', async () => {
    const c = command();
    const annPersonal = ok(await create(ann, c), 201);
    const annGlobal = await approve(ok(await create(ann, command(), { scope: 'global' }), 201));
    // The admin moves Ann's global skill onto the command of Ann's personal one, which the admin cannot see.
    const problem = expectProblem(
      await admin.call('PATCH', `/skills/${annGlobal.uuid}`, { power_command: c }),
      409,
    );
    expect(problem.type).toBe('urn:hwa:problem:power_command_taken');
    expect(problem.detail).not.toContain(annPersonal.uuid);
    expect(problem.detail).not.toContain(annPersonal.name);
    expect(problem.skill_id).toBeUndefined();
  });

  it('lets exactly one of several simultaneous creates with one command through', async () => {
    const c = command();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(ann, c, { name: `${c}-${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(expectProblem(a, 409).type).toBe('urn:hwa:problem:power_command_taken');
    }
  });
});

describe('GET /skills/resolve', () => {
  it('finds your skill by its command, with or without the slash, in any case', async () => {
    const c = command();
    const skill = ok(await create(ann, c), 201);
    for (const typed of [c, `/${c}`, `/${c.toUpperCase()}`]) {
      expect(ok(await resolve(ann, typed))).toEqual(skill);
    }
  });

  it('prefers your own skill over a global one with the same command', async () => {
    const c = command();
    const bobs = ok(await create(bob, c), 201);
    const global = await approve(ok(await create(ann, c, { scope: 'global' }), 201));
    expect(ok(await resolve(bob, `/${c}`)).uuid).toBe(bobs.uuid);
    expect(ok(await resolve(ann, `/${c}`)).uuid).toBe(global.uuid);
    expect((await bob.call('DELETE', `/skills/${bobs.uuid}`)).status).toBe(204);
    expect(ok(await resolve(bob, `/${c}`)).uuid).toBe(global.uuid);
  });

  it('answers 404 when nothing answers the command: unknown, someone else’s, deleted or rejected', async () => {
    const c = command();
    expectProblem(await resolve(ann, `/${c}`), 404);
    ok(await create(bob, c), 201);
    const problem = expectProblem(await resolve(ann, `/${c}`), 404);
    expect(problem.detail).toContain(`/${c}`);
    const rejected = ok(await create(ann, command(), { scope: 'global' }), 201);
    ok(await admin.call('POST', `/skills/${rejected.uuid}/reject`));
    expectProblem(await resolve(ann, rejected.power_command), 404);
  });

  it('takes a command of up to 65 characters (64 and the slash) and refuses a missing or longer one', async () => {
    expectProblem(await resolve(ann, `/${'c'.repeat(64)}`), 404);
    expectProblem(await resolve(ann, `/${'c'.repeat(65)}`), 400, ['query.command']);
    expectProblem(await resolve(ann, ''), 400, ['query.command']);
    expectProblem(await ann.call('GET', '/skills/resolve'), 400, ['query.command']);
    expectProblem(
      await ann.call('GET', '/skills/resolve', undefined, { query: { command: 'x', n: '1' } }),
      400,
      ['query.n'],
    );
  });
});
