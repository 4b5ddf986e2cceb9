// Global skills and their review: a non-admin's global skill, or change to one, waits as
// `pending_version` until an admin approves or rejects it; users get `current_version` meanwhile.
// Admins' own changes are approved at once; only the owner or an admin changes a skill.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { ISO_MS_Z } from '../../../test/metagraph-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import type { Page } from '../../core/schemas.js';
import type { Skill, SkillVersion } from './skills.schemas.js';

let ctx: TestContext;
/** Proposes global skills; owns them. */
let colleague: TestUser;
/** Approves and rejects. */
let admin: TestUser;
/** Anyone else in the organisation. */
let third: TestUser;

beforeAll(async () => {
  ctx = await testApp();
  colleague = await ctx.newUser();
  admin = await ctx.newUser({ admin: true });
  third = await ctx.newUser();
});

const get = (id: string, as: TestUser) => as.call<Skill>('GET', `/skills/${id}`);
const patch = (id: string, body: unknown, as = colleague) => as.call<Skill>('PATCH', `/skills/${id}`, body);
const review = (verdict: 'approve' | 'reject', id: string, as = admin, body?: unknown) =>
  as.call<Skill>('POST', `/skills/${id}/${verdict}`, body);
const versions = async (id: string, as = colleague) =>
  ok(await as.call<SkillVersion[]>('GET', `/skills/${id}/versions`));
const statuses = async (id: string) => (await versions(id)).map((v) => [v.version_number, v.status]);
const listedIds = async (as: TestUser, query: Record<string, string> = {}) =>
  ok(await as.call<Page<Skill>>('GET', '/skills', undefined, { query })).items.map((s) => s.uuid);

/** A global skill proposed by the colleague and approved by the admin. */
async function published(fields: Record<string, string> = {}): Promise<Skill> {
  const skill = await ctx.newSkill(colleague, { scope: 'global', ...fields });
  return ok(await review('approve', skill.uuid));
}

describe('a global skill proposed by a non-admin', () => {
  it('waits as pending_approval, seen only by its owner and admins, invoked by nobody', async () => {
    const skill = await ctx.newSkill(colleague, { scope: 'global' });
    expect(skill).toMatchObject({
      scope: 'global',
      status: 'pending_approval',
      current_version: 1,
      pending_version: 1,
    });
    expect(ok(await get(skill.uuid, admin))).toEqual(skill);
    expectProblem(await get(skill.uuid, third), 404);
    expect(await listedIds(third)).not.toContain(skill.uuid);
    expect(await listedIds(admin, { status: 'pending_approval' })).toContain(skill.uuid);
    for (const user of [colleague, third, admin]) {
      expectProblem(
        await user.call('GET', '/skills/resolve', undefined, { query: { command: skill.power_command } }),
        404,
      );
    }
    expect(await statuses(skill.uuid)).toEqual([[1, 'pending_approval']]);
  });

  it('is everyone’s once an admin approves it, with the review kept on the version', async () => {
    const skill = await ctx.newSkill(colleague, { scope: 'global' });
    const approved = ok(
      await review('approve', skill.uuid, admin, { comment: 'Checked against MIL-HDBK-217' }),
    );
    expect(approved).toMatchObject({
      status: 'approved',
      current_version: 1,
      pending_version: null,
      scope: 'global',
    });
    expect(ok(await get(skill.uuid, third))).toEqual(approved);
    expect(await listedIds(third, { scope: 'global' })).toContain(skill.uuid);
    const resolved = await third.call<Skill>('GET', '/skills/resolve', undefined, {
      query: { command: `/${skill.power_command}` },
    });
    expect(ok(resolved)).toEqual(approved);
    const [v1] = await versions(skill.uuid, third);
    expect(v1).toMatchObject({
      status: 'approved',
      reviewed_by: admin.email,
      review_comment: 'Checked against MIL-HDBK-217',
      created_by: colleague.email,
    });
    expect(v1!.reviewed_at).toMatch(ISO_MS_Z);
  });

  it('stays with its owner and the admins when rejected, and can be proposed again', async () => {
    const skill = await ctx.newSkill(colleague, { scope: 'global', instructions: 'draft' });
    const rejected = ok(await review('reject', skill.uuid, admin, { comment: 'Cite the derating standard' }));
    expect(rejected).toMatchObject({ status: 'rejected', current_version: 1, pending_version: null });
    expectProblem(await get(skill.uuid, third), 404);
    expect(ok(await get(skill.uuid, admin)).status).toBe('rejected');
    expect(await listedIds(colleague, { status: 'rejected' })).toContain(skill.uuid);
    expect((await versions(skill.uuid))[0]).toMatchObject({
      status: 'rejected',
      reviewed_by: admin.email,
      review_comment: 'Cite the derating standard',
    });

    const again = ok(
      await patch(skill.uuid, { instructions: 'cites it', change_summary: 'Cite the standard' }),
    );
    expect(again).toMatchObject({ status: 'pending_approval', current_version: 2, pending_version: 2 });
    expect(await statuses(skill.uuid)).toEqual([
      [1, 'rejected'],
      [2, 'pending_approval'],
    ]);
    expect(ok(await review('approve', skill.uuid)).instructions).toBe('cites it');
  });
});

describe('a change to a published skill by a non-admin', () => {
  it('waits as pending_version while everyone keeps the current version', async () => {
    const skill = await published({ instructions: 'v1' });
    const waiting = ok(await patch(skill.uuid, { instructions: 'v2', change_summary: 'Add the 85 °C case' }));
    expect(waiting).toMatchObject({
      status: 'pending_approval',
      current_version: 1,
      pending_version: 2,
      instructions: 'v1',
    });
    expect(ok(await get(skill.uuid, third))).toMatchObject({ instructions: 'v1', pending_version: 2 });
    const resolved = await third.call<Skill>('GET', '/skills/resolve', undefined, {
      query: { command: skill.power_command },
    });
    expect(ok(resolved).instructions).toBe('v1');
    const proposal = (await versions(skill.uuid, third))[1]!;
    expect(proposal).toMatchObject({ version_number: 2, instructions: 'v2', status: 'pending_approval' });

    const approved = ok(await review('approve', skill.uuid));
    expect(approved).toMatchObject({
      status: 'approved',
      current_version: 2,
      pending_version: null,
      instructions: 'v2',
    });
    expect(ok(await get(skill.uuid, third)).instructions).toBe('v2');
  });

  it('keeps the current version when rejected; the rejected proposal stays in the history', async () => {
    const skill = await published({ instructions: 'v1' });
    ok(await patch(skill.uuid, { instructions: 'wrong' }));
    const after = ok(await review('reject', skill.uuid));
    expect(after).toMatchObject({
      status: 'approved',
      current_version: 1,
      pending_version: null,
      instructions: 'v1',
    });
    expect(await statuses(skill.uuid)).toEqual([
      [1, 'approved'],
      [2, 'rejected'],
    ]);
  });

  it('supersedes a proposal still waiting, carrying fields over from the current version', async () => {
    const skill = await published({ description: 'd1', instructions: 'v1' });
    ok(await patch(skill.uuid, { description: 'd2' }));
    const second = ok(await patch(skill.uuid, { instructions: 'v3' }));
    expect(second).toMatchObject({ current_version: 1, pending_version: 3 });
    const history = await versions(skill.uuid);
    expect(history.map((v) => [v.version_number, v.status, v.description, v.instructions])).toEqual([
      [1, 'approved', 'd1', 'v1'],
      [2, 'superseded', 'd2', 'v1'],
      [3, 'pending_approval', 'd1', 'v3'],
    ]);
  });

  it('also waits when it is a rollback, or takes the skill back to personal', async () => {
    const skill = await published({ instructions: 'v1' });
    ok(await patch(skill.uuid, { instructions: 'v2' }));
    ok(await review('approve', skill.uuid));
    const rolled = ok(
      await colleague.call<Skill>('POST', `/skills/${skill.uuid}/rollback`, { version_number: 1 }),
    );
    expect(rolled).toMatchObject({
      status: 'pending_approval',
      current_version: 2,
      pending_version: 3,
      instructions: 'v2',
    });
    const refused = expectProblem(
      await colleague.call('POST', `/skills/${skill.uuid}/rollback`, { version_number: 3 }),
      409,
    );
    expect(refused.detail).toContain('waiting for an admin');
    ok(await review('approve', skill.uuid));
    expect(ok(await get(skill.uuid, third)).instructions).toBe('v1');

    const personal = ok(await patch(skill.uuid, { scope: 'user' }));
    expect(personal).toMatchObject({ scope: 'global', pending_version: 4 });
    ok(await review('approve', skill.uuid));
    expectProblem(await get(skill.uuid, third), 404);
    expect(ok(await get(skill.uuid, colleague)).scope).toBe('user');
  });
});

describe('a personal skill becoming global', () => {
  it('stays personal and invocable by its owner until an admin approves the change', async () => {
    const skill = await ctx.newSkill(colleague);
    const waiting = ok(await patch(skill.uuid, { scope: 'global', change_summary: 'Share with the team' }));
    expect(waiting).toMatchObject({
      scope: 'user',
      status: 'pending_approval',
      current_version: 1,
      pending_version: 2,
    });
    expectProblem(await get(skill.uuid, third), 404);
    expect(ok(await get(skill.uuid, admin)).pending_version).toBe(2);
    const own = await colleague.call<Skill>('GET', '/skills/resolve', undefined, {
      query: { command: skill.power_command },
    });
    expect(ok(own).uuid).toBe(skill.uuid);
    ok(await review('approve', skill.uuid));
    expect(ok(await get(skill.uuid, third)).scope).toBe('global');
  });

  it('goes back to personal at once when its owner withdraws a never-approved global skill', async () => {
    const skill = await ctx.newSkill(colleague, { scope: 'global' });
    const personal = ok(await patch(skill.uuid, { scope: 'user' }));
    expect(personal).toMatchObject({
      scope: 'user',
      status: 'approved',
      current_version: 2,
      pending_version: null,
    });
    expect(await statuses(skill.uuid)).toEqual([
      [1, 'superseded'],
      [2, 'approved'],
    ]);
    expectProblem(await get(skill.uuid, admin), 404);
  });
});

describe('an admin', () => {
  it('creates and changes global skills approved at once', async () => {
    const skill = await ctx.newSkill(admin, { scope: 'global' });
    expect(skill).toMatchObject({ status: 'approved', pending_version: null });
    expect(ok(await get(skill.uuid, third)).uuid).toBe(skill.uuid);
    expect((await versions(skill.uuid, admin))[0]).toMatchObject({ status: 'approved', reviewed_by: null });
    expect(ok(await patch(skill.uuid, { instructions: 'v2' }, admin))).toMatchObject({
      current_version: 2,
      status: 'approved',
    });
  });

  it('changes, rolls back and deletes someone else’s global skill; the version names the admin', async () => {
    const skill = await published({ instructions: 'v1' });
    ok(await patch(skill.uuid, { instructions: 'proposed' }));
    const edited = ok(await patch(skill.uuid, { instructions: 'edited by admin' }, admin));
    expect(edited).toMatchObject({ status: 'approved', current_version: 3, pending_version: null });
    const history = await versions(skill.uuid);
    expect(history.map((v) => [v.status, v.created_by])).toEqual([
      ['approved', colleague.email],
      ['superseded', colleague.email],
      ['approved', admin.email],
    ]);
    ok(await admin.call('POST', `/skills/${skill.uuid}/rollback`, { version_number: 1 }));
    expect(ok(await get(skill.uuid, third)).instructions).toBe('v1');
    expect((await admin.call('DELETE', `/skills/${skill.uuid}`)).status).toBe(204);
    expectProblem(await get(skill.uuid, colleague), 404);
  });
});

describe('approve and reject', () => {
  it('are for admins: 403 to the owner and to anyone who sees the skill, 404 to anyone who does not', async () => {
    const skill = await ctx.newSkill(colleague, { scope: 'global' });
    for (const verdict of ['approve', 'reject'] as const) {
      const own = expectProblem(await review(verdict, skill.uuid, colleague), 403);
      expect(own.detail).toContain('admin');
      expectProblem(await review(verdict, skill.uuid, third), 404);
    }
    const live = await published();
    ok(await patch(live.uuid, { instructions: 'proposal' }));
    for (const verdict of ['approve', 'reject'] as const) {
      expectProblem(await review(verdict, live.uuid, third), 403);
    }
    expect(ok(await get(skill.uuid, colleague)).status).toBe('pending_approval');
    expect(ok(await get(live.uuid, colleague)).pending_version).toBe(2);
  });

  it('refuse with 409 when no version is waiting', async () => {
    const live = await published();
    for (const verdict of ['approve', 'reject'] as const) {
      const problem = expectProblem(await review(verdict, live.uuid), 409);
      expect(problem.type).toBe('urn:hwa:problem:state_conflict');
    }
    expectProblem(await review('approve', randomUUID()), 404);
  });

  it('take no body, an empty one, or a comment of 1 to 1,000 characters', async () => {
    const a = await ctx.newSkill(colleague, { scope: 'global' });
    expect(ok(await review('approve', a.uuid, admin, {})).status).toBe('approved');
    const b = await ctx.newSkill(colleague, { scope: 'global' });
    expectProblem(await review('reject', b.uuid, admin, { comment: '' }), 400, ['body.comment']);
    expectProblem(await review('reject', b.uuid, admin, { comment: 'c'.repeat(1001) }), 400, [
      'body.comment',
    ]);
    expectProblem(await review('reject', b.uuid, admin, { comment: 'x', verdict: 'no' }), 400, [
      'body.verdict',
    ]);
    expect(ok(await get(b.uuid, admin)).status).toBe('pending_approval');
    ok(await review('reject', b.uuid, admin, { comment: 'c'.repeat(1000) }));
    expect((await versions(b.uuid))[0]!.review_comment).toHaveLength(1000);
  });
});

describe('only the owner or an admin changes a skill', () => {
  it('answers 403 to another user who sees a published skill, and changes nothing', async () => {
    const skill = await published({ instructions: 'v1' });
    ok(await patch(skill.uuid, { instructions: 'v2' }));
    ok(await review('approve', skill.uuid));
    const forbidden = expectProblem(await patch(skill.uuid, { instructions: 'mine now' }, third), 403);
    expect(forbidden.detail).toContain('owner');
    expectProblem(await third.call('POST', `/skills/${skill.uuid}/rollback`, { version_number: 1 }), 403);
    expectProblem(await third.call('DELETE', `/skills/${skill.uuid}`), 403);
    expect(ok(await get(skill.uuid, third))).toMatchObject({ instructions: 'v2', current_version: 2 });
    expect(await versions(skill.uuid)).toHaveLength(2);
  });
});
