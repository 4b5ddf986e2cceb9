// Card templates: create with every default, list and page, read, change (version + 1), delete (then
// 404, and no longer instantiable); instantiating by POST /test-runs template_ids and POST cards
// template_id; a template change does not alter cards made earlier.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { runClient } from '../../../test/test-run-helpers.js';
import type { Page } from '../../core/schemas.js';
import type { TestCard } from '../test-runs/test-runs.schemas.js';
import type { Template } from './templates.schemas.js';

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

const limits = { name: 'vbat', units: 'V', low: 24, high: 32, marginal_low: 26, marginal_high: 30 };
const STEPS = [
  { title: 'Power on' },
  { title: 'Measure bus', description: 'at the LCL', step_type: 'measurement', measurements: [limits] },
];

describe('/test-card-templates CRUD', () => {
  it('creates a template with every default, reads, changes and deletes it', async () => {
    const made = await rc.template({ title: 'Functional test', steps: STEPS });
    expect(made).toMatchObject({
      title: 'Functional test',
      description: '',
      version: 1,
      created_by: ann.email,
      steps: [
        { title: 'Power on', description: '', step_type: 'passfail', measurements: [] },
        { title: 'Measure bus', description: 'at the LCL', step_type: 'measurement', measurements: [limits] },
      ],
    });
    expect(made.created_at).toMatch(ISO_MS_Z);
    const path = `/test-card-templates/${made.uuid}`;
    expect(ok(await bob.call<Template>('GET', path))).toEqual(made);
    const changed = ok(await bob.call<Template>('PATCH', path, { description: 'v2' }));
    expect(changed).toMatchObject({ description: 'v2', version: 2, title: 'Functional test' });
    expect(ok(await bob.call<Template>('PATCH', path, {})).version).toBe(2);
    expect(ok(await bob.call<Template>('PATCH', path, { steps: [] }))).toMatchObject({
      version: 3,
      steps: [],
    });
    expect((await ann.call('DELETE', path)).status).toBe(204);
    expectProblem(await ann.call('GET', path), 404);
    expectProblem(await ann.call('PATCH', path, { title: 'x' }), 404);
    expectProblem(await ann.call('DELETE', path), 404);
  });

  it('lists live templates oldest first, with paging and the total', async () => {
    const before = ok(await ann.call<Page<Template>>('GET', '/test-card-templates')).count;
    const [a, b] = [await rc.template({ title: 'A' }), await rc.template({ title: 'B' })];
    const all = ok(await ann.call<Page<Template>>('GET', '/test-card-templates'));
    expect(all.count).toBe(before + 2);
    expect(all.items.slice(-2).map((t) => t.uuid)).toEqual([a.uuid, b.uuid]);
    const page = ok(
      await ann.call<Page<Template>>('GET', '/test-card-templates', undefined, {
        query: { limit: '1', offset: String(before + 1) },
      }),
    );
    expect(page.items.map((t) => t.uuid)).toEqual([b.uuid]);
    expectProblem(await ann.call('GET', '/test-card-templates?limit=1001'), 400, ['query.limit']);
  });

  it('refuses bad titles, step titles over 100, unknown step types and limits that cannot judge', async () => {
    const post = (body: unknown) => ann.call('POST', '/test-card-templates', body);
    expectProblem(await post({}), 400, ['body.title']);
    expectProblem(await post({ title: 'x'.repeat(501) }), 400, ['body.title']);
    ok(await post({ title: 't', steps: [{ title: 'x'.repeat(100) }] }), 201);
    expectProblem(await post({ title: 't', steps: [{ title: 'x'.repeat(101) }] }), 400, [
      'body.steps[0].title',
    ]);
    expectProblem(await post({ title: 't', steps: [{ title: 's', step_type: 'x' }] }), 400, [
      'body.steps[0].step_type',
    ]);
    const bad = { title: 's', measurements: [{ ...limits, marginal_low: 20 }] };
    expectProblem(await post({ title: 't', steps: [bad] }), 400, [
      'body.steps[0].measurements[0].marginal_low',
    ]);
    expectProblem(await post({ title: 't', colour: 1 }), 400, ['body.colour']);
  });
});

describe('instantiating templates', () => {
  it('makes cards from template_ids in order, copying steps and recording the version', async () => {
    const [a, b] = [await rc.template({ title: 'A', steps: STEPS }), await rc.template({ title: 'B' })];
    const run = await rc.run({ template_ids: [b.uuid, a.uuid] });
    expect(run.test_cards.map((c) => [c.order, c.title, c.template_id, c.template_version])).toEqual([
      [1, 'B', b.uuid, 1],
      [2, 'A', a.uuid, 1],
    ]);
    expect(
      run.test_cards[1]!.test_steps.map((s) => [s.order, s.title, s.step_type, s.execution_status]),
    ).toEqual([
      [1, 'Power on', 'passfail', 'todo'],
      [2, 'Measure bus', 'measurement', 'todo'],
    ]);
  });

  it('makes a card from template_id, its own title winning, and a template change alters no card', async () => {
    const template = await rc.template({ title: 'Vibration', description: 'sine', steps: STEPS });
    const run = await rc.run();
    const post = (body: unknown) => ann.call<TestCard>('POST', `/test-runs/${run.uuid}/cards`, body);
    const named = ok(await post({ template_id: template.uuid, title: 'Vibration X axis', order: 1 }), 201);
    expect(named).toMatchObject({ title: 'Vibration X axis', description: 'sine', template_version: 1 });
    ok(
      await ann.call('PATCH', `/test-card-templates/${template.uuid}`, {
        title: 'Vibration v2',
        steps: [{ title: 'Only step' }],
      }),
    );
    const later = ok(await post({ template_id: template.uuid }), 201);
    expect(later).toMatchObject({ title: 'Vibration v2', template_version: 2, order: 2 });
    expect(later.test_steps.map((s) => s.title)).toEqual(['Only step']);
    const detail = await rc.get(run.uuid);
    expect(detail.test_cards[0]).toEqual(named);
    ok(await ann.call('DELETE', `/test-card-templates/${template.uuid}`), 204);
    expectProblem(await post({ template_id: template.uuid }), 400, ['body.template_id']);
    expectProblem(await rc.runAnswer({ template_ids: [randomUUID(), template.uuid] }), 400, [
      'body.template_ids[0]',
      'body.template_ids[1]',
    ]);
    expect((await rc.get(run.uuid)).test_cards.map((c) => c.template_id)).toEqual([
      template.uuid,
      template.uuid,
    ]);
  });

  it('gives a step its template limits: a value recorded without limits is judged by them', async () => {
    const template = await rc.template({ steps: STEPS });
    const run = await rc.run({ template_ids: [template.uuid] });
    const card = run.test_cards[0]!;
    const [plain, measured] = card.test_steps;
    expect(plain!.measurement_specs).toEqual([]);
    expect(measured!.measurement_specs).toEqual([limits]);
    ok(await ann.call('PATCH', `/test-card-templates/${template.uuid}`, { steps: [{ title: 'x' }] }));
    const judged = ok(
      await rc.patchStep(run.uuid, card.uuid, measured!.uuid, {
        measurements: [
          { name: 'vbat', value: 25 },
          { name: 'vbat', value: 25, low: 0, high: 50 },
          { name: 'other', value: 25 },
        ],
      }),
    );
    expect(judged.measurements).toEqual([
      { ...limits, value: 25, outcome: 'marginal' },
      {
        name: 'vbat',
        value: 25,
        units: null,
        low: 0,
        high: 50,
        marginal_low: null,
        marginal_high: null,
        outcome: 'pass',
      },
      {
        name: 'other',
        value: 25,
        units: null,
        low: null,
        high: null,
        marginal_low: null,
        marginal_high: null,
        outcome: 'pass',
      },
    ]);
    expect(judged.execution_status).toBe('passed_with_exception');
    expect(judged.measurement_specs).toEqual([limits]); // the template change did not reach it
  });
});
