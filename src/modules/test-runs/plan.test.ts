// TestRunsService.createFromPlan, the entry point of templates and the JUnit import: one transaction
// makes the run, its cards, steps, measurements and observations; a refused plan leaves nothing.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../core/auth.js';
import { HwaError } from '../../core/errors.js';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { runClient } from '../../../test/test-run-helpers.js';
import type { Page } from '../../core/schemas.js';
import { TestCardTemplatesService } from '../test-card-templates/templates.service.js';
import { TokensService } from '../tokens/tokens.service.js';
import type { RunPlan, TestRunSummary } from './test-runs.schemas.js';
import { TestRunsService } from './test-runs.service.js';

let ctx: TestContext;
let ann: TestUser;
let actor: Actor;
let runs: TestRunsService;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
  actor = await new TokensService(ctx.database.db).authenticate(`Bearer ${ann.token}`);
  runs = new TestRunsService(ctx.database.db, new TestCardTemplatesService(ctx.database.db));
});

const plan = (system_id: string): RunPlan => ({
  system_id,
  title: 'JUnit: power suite',
  cards: [
    {
      title: 'PowerTests',
      steps: [
        {
          title: 'testBusVoltage',
          measurements: [{ name: 'vbat', value: 27, units: 'V', low: 24, high: 32, marginal_low: 26 }],
          observations: ['stdout: bus nominal'],
          started_at: '2026-11-20T10:00:00.000Z',
          ended_at: '2026-11-20T10:00:01.500Z',
        },
        { title: 'testInrush', execution_status: 'failed', exception: 'expected <5> but was <7>' },
      ],
    },
    { title: 'Empty suite', description: 'no cases', steps: [] },
  ],
});

describe('createFromPlan', () => {
  it('creates the whole tree in order, statuses decided by measurements unless given', async () => {
    const system = await ctx.newSystem(ann);
    const run = await runs.createFromPlan(actor, plan(system.system_id));
    expect(run).toEqual(await runClient(ctx, ann).get(run.uuid));
    expect(run).toMatchObject({ test_run_id: 'TR-0001', contributors: [ann.email], created_by: ann.email });
    expect(run.test_cards.map((c) => [c.order, c.title, c.description, c.template_id])).toEqual([
      [1, 'PowerTests', '', null],
      [2, 'Empty suite', 'no cases', null],
    ]);
    const [bus, inrush] = run.test_cards[0]!.test_steps;
    expect(bus).toMatchObject({
      order: 1,
      execution_status: 'passed',
      started_at: '2026-11-20T10:00:00.000Z',
      ended_at: '2026-11-20T10:00:01.500Z',
      measurements: [{ name: 'vbat', value: 27, outcome: 'pass', marginal_high: null }],
      observations: [{ text: 'stdout: bus nominal', created_by: ann.email, attachment_ids: [] }],
    });
    expect(inrush).toMatchObject({
      order: 2,
      execution_status: 'failed',
      exception: 'expected <5> but was <7>',
    });
  });

  it('refuses a plan with bad limits or an unknown system and leaves nothing behind', async () => {
    const system = await ctx.newSystem(ann);
    const bad = plan(system.system_id);
    bad.cards[0]!.steps[0]!.measurements![0]!.low = 40;
    const refused = await runs.createFromPlan(actor, bad).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HwaError);
    expect((refused as HwaError).errors.map((e) => e.path)).toEqual([
      'plan.cards[0].steps[0].measurements[0].high',
      'plan.cards[0].steps[0].measurements[0].marginal_low',
    ]);
    const missing = await runs.createFromPlan(actor, plan(randomUUID())).catch((err: unknown) => err);
    expect((missing as HwaError).status).toBe(404);
    const query = { system_id: system.system_id };
    expect(ok(await ann.call<Page<TestRunSummary>>('GET', '/test-runs', undefined, { query })).count).toBe(0);
    // The refused plan took no number: the next run of the system is still the first.
    expect((await runs.createFromPlan(actor, plan(system.system_id))).test_run_id).toBe('TR-0001');
  });
});
