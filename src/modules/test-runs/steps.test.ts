// Steps: the title bound (100 characters), step types, placing and moving steps, every PATCH field,
// timestamps that may not run backwards, contributors, and a step of another card answering 404.
// Measurements and observations: measurements.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { runClient } from '../../../test/test-run-helpers.js';
import type { TestStep } from './test-runs.schemas.js';

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

async function card() {
  const run = await rc.run();
  const c = await rc.card(run.uuid);
  const post = (body: unknown) =>
    ann.call<TestStep>('POST', `/test-runs/${run.uuid}/cards/${c.uuid}/steps`, body);
  const patch = (step: TestStep, body: unknown, as = ann) =>
    rc.patchStep(run.uuid, c.uuid, step.uuid, body, as);
  const order = async () =>
    (await rc.get(run.uuid)).test_cards[0]!.test_steps.map((s) => `${s.order}:${s.title}`);
  return { run, card: c, post, patch, order };
}

describe('POST steps', () => {
  it('creates a step with every default', async () => {
    const { post } = await card();
    const step = ok(await post({ title: 'Power on' }), 201);
    expect(step).toMatchObject({
      title: 'Power on',
      description: '',
      order: 1,
      step_type: 'passfail',
      execution_status: 'todo',
      exception: null,
      started_at: null,
      ended_at: null,
      measurements: [],
      observations: [],
      test_data: [],
      issues: [],
      reports: [],
    });
  });

  it('takes a title of 100 characters and refuses 101, an empty one and none', async () => {
    const { post } = await card();
    ok(await post({ title: 'x'.repeat(100) }), 201);
    expectProblem(await post({ title: 'x'.repeat(101) }), 400, ['body.title']);
    expectProblem(await post({ title: '' }), 400, ['body.title']);
    expectProblem(await post({ description: 'x' }), 400, ['body.title']);
  });

  it('takes a configured step_type and refuses an unknown one', async () => {
    const { post } = await card();
    expect(ok(await post({ title: 'x', step_type: 'measurement' }), 201).step_type).toBe('measurement');
    expectProblem(await post({ title: 'x', step_type: 'telepathy' }), 400, ['body.step_type']);
  });

  it('inserts at an order and clamps past the end', async () => {
    const { post, order } = await card();
    ok(await post({ title: 'A' }), 201);
    ok(await post({ title: 'B' }), 201);
    expect(ok(await post({ title: 'mid', order: 2 }), 201).order).toBe(2);
    expect(ok(await post({ title: 'end', order: 1000 }), 201).order).toBe(4);
    expect(await order()).toEqual(['1:A', '2:mid', '3:B', '4:end']);
  });
});

describe('PATCH and DELETE steps', () => {
  it('sets every field, adds the editor as contributor and moves updated_at', async () => {
    const { run, post, patch } = await card();
    const step = ok(await post({ title: 'Power on' }), 201);
    const body = {
      title: 'Power on bus A',
      description: 'at 28 V',
      execution_status: 'passed_with_exception',
      exception: 'Inrush 10% above spec',
      started_at: '2026-11-20T10:00:00.000Z',
      ended_at: '2026-11-20T10:05:00.000Z',
      step_type: 'manual',
    };
    const changed = ok(await patch(step, body, bob));
    expect(changed).toMatchObject(body);
    expect(changed.updated_at).toMatch(ISO_MS_Z);
    const detail = await rc.get(run.uuid);
    expect(detail.contributors).toEqual([ann.email, bob.email]);
    expect(detail.updated_at >= changed.updated_at).toBe(true);
    expect(ok(await patch(step, { exception: null, execution_status: 'todo' }))).toMatchObject({
      exception: null,
      execution_status: 'todo',
      title: 'Power on bus A',
    });
  });

  it('refuses bad statuses and unknown fields by name', async () => {
    const { post, patch } = await card();
    const step = ok(await post({ title: 'x' }), 201);
    expectProblem(await patch(step, { execution_status: 'skipped' }), 400, ['body.execution_status']);
    expectProblem(await patch(step, { title: 'x'.repeat(101) }), 400, ['body.title']);
    ok(await patch(step, { title: 'x'.repeat(100) }));
    expectProblem(await patch(step, { colour: 'red' }), 400, ['body.colour']);
    expectProblem(await patch(step, { started_at: 'noon' }), 400, ['body.started_at']);
  });

  it('refuses an end before the start, given together or against the stored one', async () => {
    const { post, patch } = await card();
    const step = ok(await post({ title: 'x' }), 201);
    const t = (m: number) => `2026-11-20T10:${String(m).padStart(2, '0')}:00.000Z`;
    expectProblem(await patch(step, { started_at: t(5), ended_at: t(4) }), 400, ['body.ended_at']);
    ok(await patch(step, { started_at: t(5), ended_at: t(5) })); // equal is fine
    expectProblem(await patch(step, { ended_at: t(4) }), 400, ['body.ended_at']);
    expectProblem(await patch(step, { started_at: t(6) }), 400, ['body.started_at']);
    ok(await patch(step, { started_at: null }));
    expect(ok(await patch(step, { ended_at: t(1) })).ended_at).toBe(t(1));
  });

  it('moves a step and deletes one, keeping orders dense', async () => {
    const { post, patch, order, run, card: c } = await card();
    const steps = [];
    for (const title of ['A', 'B', 'C']) steps.push(ok(await post({ title }), 201));
    expect(ok(await patch(steps[2]!, { order: 1 })).order).toBe(1);
    expect(await order()).toEqual(['1:C', '2:A', '3:B']);
    expect(ok(await patch(steps[2]!, { order: 9 })).order).toBe(3);
    expect(await order()).toEqual(['1:A', '2:B', '3:C']);
    expectProblem(await patch(steps[0]!, { order: 0 }), 400, ['body.order']);
    const path = `/test-runs/${run.uuid}/cards/${c.uuid}/steps/${steps[0]!.uuid}`;
    expect((await ann.call('DELETE', path)).status).toBe(204);
    expect(await order()).toEqual(['1:B', '2:C']);
    expectProblem(await ann.call('DELETE', path), 404);
    expectProblem(await patch(steps[0]!, { title: 'x' }), 404);
  });

  it('answers 404 for a step of another card or run', async () => {
    const one = await card();
    const two = await card();
    const step = ok(await one.post({ title: 'x' }), 201);
    const other = await rc.card(one.run.uuid);
    expectProblem(await rc.patchStep(one.run.uuid, other.uuid, step.uuid, { title: 'y' }), 404);
    expectProblem(await rc.patchStep(two.run.uuid, two.card.uuid, step.uuid, { title: 'y' }), 404);
    expectProblem(await rc.patchStep(one.run.uuid, one.card.uuid, randomUUID(), { title: 'y' }), 404);
  });
});
