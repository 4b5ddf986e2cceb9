// Cards of a run: the title-or-template rule (spec Errors rule 2) on both sides, placing and moving
// cards (dense 1..n, past the end clamps to the end), changing and deleting, and a card of another run
// answering 404.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { runClient } from '../../../test/test-run-helpers.js';
import type { TestCard } from './test-runs.schemas.js';

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

const titles = async (runId: string) => (await rc.get(runId)).test_cards.map((c) => `${c.order}:${c.title}`);

describe('POST /test-runs/{id}/cards', () => {
  it('creates a card from a title with every default', async () => {
    const run = await rc.run();
    const card = await rc.card(run.uuid, { title: 'Bake-out' }, bob);
    expect(card).toMatchObject({
      title: 'Bake-out',
      description: '',
      order: 1,
      template_id: null,
      template_version: null,
      test_steps: [],
      issues: [],
      test_data: [],
      reports: [],
    });
    expect((await rc.get(run.uuid)).contributors).toEqual([ann.email, bob.email]);
  });

  it('refuses a card with neither title nor template_id, naming both; either alone is enough', async () => {
    const run = await rc.run();
    const answer = await ann.call('POST', `/test-runs/${run.uuid}/cards`, { description: 'x' });
    expectProblem(answer, 400, ['body.title', 'body.template_id']);
    ok(await ann.call('POST', `/test-runs/${run.uuid}/cards`, { title: 'Only a title' }), 201);
    const template = await rc.template({ title: 'From template' });
    const made = ok(
      await ann.call<TestCard>('POST', `/test-runs/${run.uuid}/cards`, { template_id: template.uuid }),
      201,
    );
    expect(made.title).toBe('From template');
    const unknown = await ann.call('POST', `/test-runs/${run.uuid}/cards`, { template_id: randomUUID() });
    expectProblem(unknown, 400, ['body.template_id']);
  });

  it('refuses a title beyond 500 characters and unknown fields', async () => {
    const run = await rc.run();
    const post = (body: unknown) => ann.call('POST', `/test-runs/${run.uuid}/cards`, body);
    expectProblem(await post({ title: 'x'.repeat(501) }), 400, ['body.title']);
    ok(await post({ title: 'x'.repeat(500) }), 201);
    expectProblem(await post({ title: 'x', colour: 1 }), 400, ['body.colour']);
    expectProblem(await post({ title: 'x', order: 0 }), 400, ['body.order']);
  });

  it('inserts at the given order, moving the others; past the end goes to the end', async () => {
    const run = await rc.run();
    await rc.card(run.uuid, { title: 'A' });
    await rc.card(run.uuid, { title: 'B' });
    expect((await rc.card(run.uuid, { title: 'first', order: 1 })).order).toBe(1);
    expect((await rc.card(run.uuid, { title: 'far', order: 99 })).order).toBe(4);
    expect(await titles(run.uuid)).toEqual(['1:first', '2:A', '3:B', '4:far']);
  });
});

describe('PATCH and DELETE /test-runs/{id}/cards/{card_id}', () => {
  it('changes title and description and moves a card up and down', async () => {
    const run = await rc.run();
    const cards = [];
    for (const title of ['A', 'B', 'C', 'D']) cards.push(await rc.card(run.uuid, { title }));
    const path = (c: TestCard) => `/test-runs/${run.uuid}/cards/${c.uuid}`;
    const moved = ok(await ann.call<TestCard>('PATCH', path(cards[3]!), { order: 2, title: 'D2' }));
    expect(moved).toMatchObject({ order: 2, title: 'D2', description: '' });
    expect(await titles(run.uuid)).toEqual(['1:A', '2:D2', '3:B', '4:C']);
    ok(await ann.call('PATCH', path(cards[0]!), { order: 3 }));
    expect(await titles(run.uuid)).toEqual(['1:D2', '2:B', '3:A', '4:C']);
    ok(await ann.call('PATCH', path(cards[1]!), { order: 50, description: 'last' }));
    expect(await titles(run.uuid)).toEqual(['1:D2', '2:A', '3:C', '4:B']);
    expectProblem(await ann.call('PATCH', path(cards[1]!), { title: '' }), 400, ['body.title']);
  });

  it('deletes a card with its steps and closes the gap', async () => {
    const run = await rc.run();
    const a = await rc.card(run.uuid, { title: 'A' });
    await rc.card(run.uuid, { title: 'B' });
    await rc.step(run.uuid, a.uuid);
    expect((await ann.call('DELETE', `/test-runs/${run.uuid}/cards/${a.uuid}`)).status).toBe(204);
    expect(await titles(run.uuid)).toEqual(['1:B']);
    expectProblem(await ann.call('DELETE', `/test-runs/${run.uuid}/cards/${a.uuid}`), 404);
    expectProblem(
      await ann.call('POST', `/test-runs/${run.uuid}/cards/${a.uuid}/steps`, { title: 'x' }),
      404,
    );
    expect((await rc.card(run.uuid, { title: 'C' })).order).toBe(2);
  });

  it('answers 404 for a card of another run', async () => {
    const [one, two] = [await rc.run(), await rc.run()];
    const card = await rc.card(one.uuid);
    const path = `/test-runs/${two.uuid}/cards/${card.uuid}`;
    expectProblem(await ann.call('PATCH', path, { title: 'x' }), 404);
    expectProblem(await ann.call('DELETE', path), 404);
    expectProblem(await ann.call('POST', `${path}/steps`, { title: 'x' }), 404);
    expectProblem(
      await ann.call('PATCH', `/test-runs/${one.uuid}/cards/${randomUUID()}`, { title: 'x' }),
      404,
    );
  });
});
