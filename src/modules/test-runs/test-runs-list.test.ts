// GET /test-runs: summaries with every number computed by hand on a run of mixed step statuses,
// the filters (system, creation window, reports) and paging, newest first.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../core/ids.js';
import { testRunIssues } from '../../db/schema.js';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { deleteIssue, newIssue } from '../../../test/issue-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { runClient } from '../../../test/test-run-helpers.js';
import type { Page } from '../../core/schemas.js';
import type { StepExecutionStatus, TestRunSummary } from './test-runs.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
let rc: ReturnType<typeof runClient>;

beforeAll(async () => {
  // No workers: the query count below must see this file's requests only, not the background
  // re-embedding every run write queues.
  ctx = await testApp({ env: { HWA_WORKER_CONCURRENCY: '0' } });
  ann = await ctx.newUser();
  bob = await ctx.newUser();
  rc = runClient(ctx, ann);
});

const list = async (query: Record<string, string>) =>
  ok(await ann.call<Page<TestRunSummary>>('GET', '/test-runs', undefined, { query }));

describe('GET /test-runs summaries', () => {
  it('computes every number of a run with mixed step statuses', async () => {
    const system = await ctx.newSystem(ann);
    const assets = await rc.entities(system.system_id, ['Battery', 'Radio']);
    const [i1, i2] = [await newIssue(ann), await newIssue(ann)];
    const run = await rc.run({
      system_id: system.system_id,
      asset_ids: [assets.Radio, assets.Battery],
      issue_ids: [i1, i2],
    });
    const statuses: StepExecutionStatus[][] = [
      ['todo', 'passed', 'failed'],
      ['passed_with_exception', 'done', 'todo', 'todo'],
    ];
    for (const card of statuses) {
      const c = await rc.card(run.uuid);
      for (const status of card) {
        const s = await rc.step(run.uuid, c.uuid);
        if (status !== 'todo')
          ok(await rc.patchStep(run.uuid, c.uuid, s.uuid, { execution_status: status }, bob));
      }
      // The same issue linked again to a card counts once.
      await ctx.database.db
        .insert(testRunIssues)
        .values({ id: newId(), runId: run.uuid, issueId: i1, cardId: c.uuid, position: 9 });
    }
    await rc.dataFile(run.uuid);
    await rc.dataFile(run.uuid);
    await rc.report(run.uuid);

    // A deleted issue leaves the count, as it leaves the run's issues.
    const gone = await newIssue(ann);
    await ctx.database.db
      .insert(testRunIssues)
      .values({ id: newId(), runId: run.uuid, issueId: gone, position: 10 });
    await deleteIssue(ann, gone);

    const { items, count } = await list({ system_id: system.system_id });
    expect(count).toBe(1);
    const detail = await rc.get(run.uuid);
    expect(items[0]).toEqual({
      uuid: run.uuid,
      test_run_id: 'TR-0001',
      title: run.title,
      system_id: system.system_id,
      system_name: system.system_name,
      completion_pct: (4 / 7) * 100,
      step_status_counts: { todo: 3, done: 1, passed: 1, passed_with_exception: 1, failed: 1 },
      contributors: [ann.email, bob.email],
      asset_names: ['Radio', 'Battery'],
      asset_count: 2,
      issue_count: 2,
      card_count: 2,
      file_count: 2,
      report_count: 1,
      created_by: ann.email,
      created_at: run.created_at,
      updated_at: detail.updated_at,
    });
  });

  it('answers 0 % and zero counts for a run without steps', async () => {
    const run = await rc.run();
    const [summary] = (await list({ system_id: run.system_id })).items;
    expect(summary).toMatchObject({
      completion_pct: 0,
      step_status_counts: { todo: 0, done: 0, passed: 0, passed_with_exception: 0, failed: 0 },
      asset_names: [],
      asset_count: 0,
      issue_count: 0,
      card_count: 0,
      file_count: 0,
      report_count: 0,
      contributors: [ann.email],
    });
  });
});

describe('GET /test-runs filters and paging', () => {
  it('lists newest first, pages with limit and offset, counts all matching', async () => {
    const system_id = (await ctx.newSystem(ann)).system_id;
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await rc.run({ system_id, title: `run ${i}` }));
    const all = await list({ system_id });
    expect(all.items.map((r) => r.title)).toEqual(['run 2', 'run 1', 'run 0']);
    expect(all.count).toBe(3);
    const page = await list({ system_id, limit: '1', offset: '1' });
    expect(page).toMatchObject({ count: 3, items: [{ title: 'run 1' }] });
    expect((await list({ system_id, offset: '3' })).items).toEqual([]);
    // created_after is inclusive, created_before exclusive.
    const after = await list({ system_id, created_after: runs[1]!.created_at });
    expect(after.items.map((r) => r.title)).toEqual(['run 2', 'run 1']);
    const before = await list({ system_id, created_before: runs[1]!.created_at });
    expect(before.items.map((r) => r.title)).toEqual(['run 0']);
  });

  it('filters runs with and without reports', async () => {
    const system_id = (await ctx.newSystem(ann)).system_id;
    const [plain, reported] = [await rc.run({ system_id }), await rc.run({ system_id })];
    await rc.report(reported.uuid);
    expect((await list({ system_id, has_reports: 'true' })).items.map((r) => r.uuid)).toEqual([
      reported.uuid,
    ]);
    expect((await list({ system_id, has_reports: 'false' })).items.map((r) => r.uuid)).toEqual([plain.uuid]);
    expect((await list({ system_id })).count).toBe(2);
  });

  it('refuses bad filters and page bounds by name', async () => {
    const get = (query: Record<string, string>) => ann.call('GET', '/test-runs', undefined, { query });
    expectProblem(await get({ created_after: 'yesterday' }), 400, ['query.created_after']);
    expectProblem(await get({ created_before: '2026-13-01T00:00:00Z' }), 400, ['query.created_before']);
    expectProblem(await get({ has_reports: 'maybe' }), 400, ['query.has_reports']);
    expectProblem(await get({ system_id: 'x' }), 400, ['query.system_id']);
    expectProblem(await get({ limit: '0' }), 400, ['query.limit']);
    expectProblem(await get({ limit: '1001' }), 400, ['query.limit']);
    expectProblem(await get({ offset: '-1' }), 400, ['query.offset']);
    ok(await get({ limit: '1000', created_after: '2026-01-01T00:00:00Z' }));
    ok(await get({ limit: '1' }));
  });

  it('reads a page of summaries, and a run, with as many queries for many runs as for one', async () => {
    const system_id = (await ctx.newSystem(ann)).system_id;
    for (let i = 0; i < 4; i++) {
      const run = await rc.run({ system_id });
      const card = await rc.card(run.uuid);
      for (let j = 0; j <= i; j++) await rc.step(run.uuid, card.uuid);
    }
    // Every statement goes through the session's prepareQuery (builders and raw SQL alike).
    const session = (ctx.database.db as unknown as { session: { prepareQuery: () => unknown } }).session;
    const spy = vi.spyOn(session, 'prepareQuery');
    const queries = async (path: string, query: Record<string, string> = {}) => {
      spy.mockClear();
      ok(await ann.call('GET', path, undefined, { query }));
      return spy.mock.calls.length;
    };
    await queries('/test-runs', { system_id, limit: '1' }); // warms the token cache
    const one = await queries('/test-runs', { system_id, limit: '1' });
    expect(one).toBeGreaterThanOrEqual(3); // page ids, count, summaries: the spy sees them
    expect(await queries('/test-runs', { system_id, limit: '4' })).toBe(one);
    // Newest first: the first run has four steps, the last one.
    const { items } = await list({ system_id });
    expect(await queries(`/test-runs/${items[0]!.uuid}`)).toBeGreaterThanOrEqual(10);
    expect(await queries(`/test-runs/${items[0]!.uuid}`)).toBe(await queries(`/test-runs/${items[3]!.uuid}`));
    spy.mockRestore();
  });
});
