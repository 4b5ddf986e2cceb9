// Test runs as a client sees them: creating with every default, the per-system run number, assets,
// issues and templates checked by field, reading, changing, deleting (then the run and everything
// below it answer 404). Lists and summaries: test-runs-list.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, UUID, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { deleteIssue, newIssue } from '../../../test/issue-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { runClient } from '../../../test/test-run-helpers.js';
import type { TestRun } from './test-runs.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
let rc: ReturnType<typeof runClient>;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
  bob = await ctx.newUser();
  rc = runClient(ctx, ann);
});

const post = (body: unknown, as = ann) => as.call<TestRun>('POST', '/test-runs', body);

describe('POST /test-runs and GET /test-runs/{id}', () => {
  it('creates a run with every default and reads it back the same', async () => {
    const system = await ctx.newSystem(ann);
    const run = ok(await post({ title: 'TVAC cycle 1', system_id: system.system_id }), 201);
    expect(run).toMatchObject({
      test_run_id: 'TR-0001',
      title: 'TVAC cycle 1',
      description: '',
      system_id: system.system_id,
      system_name: system.system_name,
      asset_ids: [],
      issues: [],
      test_cards: [],
      test_data: [],
      reports: [],
      contributors: [ann.email],
      created_by: ann.email,
    });
    expect(run.uuid).toMatch(UUID);
    expect(run.created_at).toMatch(ISO_MS_Z);
    expect(await rc.get(run.uuid, bob)).toEqual(run); // team-wide
  });

  it('numbers runs per system: two systems both start at TR-0001', async () => {
    const [a, b] = [await ctx.newSystem(ann), await ctx.newSystem(ann)];
    const ids = [];
    for (const system of [a, a, b, a, b])
      ids.push((await rc.run({ system_id: system.system_id })).test_run_id);
    expect(ids).toEqual(['TR-0001', 'TR-0002', 'TR-0001', 'TR-0003', 'TR-0002']);
  });

  it('links live, approved assets of the system and live issues, in the order given', async () => {
    const system = await ctx.newSystem(ann);
    const ids = await rc.entities(system.system_id, ['Battery', 'Radio']);
    const issue = await newIssue(ann);
    const run = await rc.run({
      system_id: system.system_id,
      description: 'Thermal balance',
      asset_ids: [ids.Radio, ids.Battery, ids.Radio],
      issue_ids: [issue],
    });
    expect(run.description).toBe('Thermal balance');
    expect(run.asset_ids).toEqual([ids.Radio, ids.Battery]);
    expect(run.issues.map((i) => i.uuid)).toEqual([issue]);
  });

  it('refuses an unknown or deleted system with 404', async () => {
    expectProblem(await post({ title: 'x', system_id: randomUUID() }), 404);
    const system = await ctx.newSystem(ann);
    ok(await ann.call('DELETE', `/systems/${system.system_id}`));
    expectProblem(await post({ title: 'x', system_id: system.system_id }), 404);
  });

  it('refuses, by field and index, assets of another system, unknown assets and issues and templates', async () => {
    const [mine, other] = [await ctx.newSystem(ann), await ctx.newSystem(ann)];
    const own = await rc.entities(mine.system_id, ['Battery']);
    const foreign = await rc.entities(other.system_id, ['Wheel']);
    const gone = await newIssue(ann);
    await deleteIssue(ann, gone);
    const answer = await post({
      title: 'x',
      system_id: mine.system_id,
      asset_ids: [own.Battery, foreign.Wheel, randomUUID()],
      issue_ids: [gone],
    });
    expectProblem(answer, 400, ['body.asset_ids[1]', 'body.asset_ids[2]', 'body.issue_ids[0]']);
    const templates = await post({ title: 'x', system_id: mine.system_id, template_ids: [randomUUID()] });
    expectProblem(templates, 400, ['body.template_ids[0]']);
  });

  it('refuses a missing or too long title, a missing system_id and unknown fields', async () => {
    const system_id = (await ctx.newSystem(ann)).system_id;
    expectProblem(await post({ system_id }), 400, ['body.title']);
    expectProblem(await post({ title: '', system_id }), 400, ['body.title']);
    expectProblem(await post({ title: 'x'.repeat(501), system_id }), 400, ['body.title']);
    ok(await post({ title: 'x'.repeat(500), system_id }), 201);
    expectProblem(await post({ title: 'x' }), 400, ['body.system_id']);
    expectProblem(await post({ title: 'x', system_id, colour: 'red' }), 400, ['body.colour']);
  });

  it('answers 404 for an unknown or malformed run id', async () => {
    expectProblem(await ann.call('GET', `/test-runs/${randomUUID()}`), 404);
    expectProblem(await ann.call('GET', '/test-runs/not-a-uuid'), 404);
  });
});

describe('PATCH and DELETE /test-runs/{id}', () => {
  it('changes only the fields given, moves updated_at and adds the editor as contributor', async () => {
    const run = await rc.run({ description: 'first' });
    const patched = ok(await bob.call<TestRun>('PATCH', `/test-runs/${run.uuid}`, { title: 'TVAC cycle 2' }));
    expect(patched).toMatchObject({ title: 'TVAC cycle 2', description: 'first' });
    expect(patched.contributors).toEqual([ann.email, bob.email]);
    expect(patched.updated_at >= run.updated_at).toBe(true);
    const same = ok(await ann.call<TestRun>('PATCH', `/test-runs/${run.uuid}`, {}));
    expect(same).toEqual(patched);
    expectProblem(await ann.call('PATCH', `/test-runs/${run.uuid}`, { title: '' }), 400, ['body.title']);
    expectProblem(await ann.call('PATCH', `/test-runs/${randomUUID()}`, { title: 'x' }), 404);
  });

  it('deletes a run: it, its cards and steps then answer 404, and it leaves the list', async () => {
    const run = await rc.run();
    const card = await rc.card(run.uuid);
    const step = await rc.step(run.uuid, card.uuid);
    expect((await ann.call('DELETE', `/test-runs/${run.uuid}`)).status).toBe(204);
    const base = `/test-runs/${run.uuid}`;
    expectProblem(await ann.call('GET', base), 404);
    expectProblem(await ann.call('PATCH', base, { title: 'x' }), 404);
    expectProblem(await ann.call('DELETE', base), 404);
    expectProblem(await ann.call('POST', `${base}/cards`, { title: 'x' }), 404);
    expectProblem(await ann.call('PATCH', `${base}/cards/${card.uuid}`, { title: 'x' }), 404);
    expectProblem(await ann.call('DELETE', `${base}/cards/${card.uuid}`), 404);
    expectProblem(await ann.call('POST', `${base}/cards/${card.uuid}/steps`, { title: 'x' }), 404);
    expectProblem(await rc.patchStep(run.uuid, card.uuid, step.uuid, { execution_status: 'done' }), 404);
    expectProblem(await ann.call('DELETE', `${base}/cards/${card.uuid}/steps/${step.uuid}`), 404);
    const list = ok(
      await ann.call<{ items: TestRun[] }>('GET', '/test-runs', undefined, {
        query: { system_id: run.system_id },
      }),
    );
    expect(list.items).toEqual([]);
  });
});
