// Asking for an analysis report as a test engineer does: the scope rules (spec Errors rule 3) and the
// ids of this run, the report created pending with its job run in the same transaction (a refused
// request starts nothing), list and get, a cancelled job run making the report cancelled, and the
// report listed on the run, card and step it covers. No workers here: the job is in reports.job.test.ts.
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, UUID, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { deleteIssue, newIssue } from '../../../test/issue-helpers.js';
import { insertCard, insertRun, insertStep, softDeleteRun } from '../../../test/test-run-rows.js';
import { newId } from '../../core/ids.js';
import { jobRuns, testDataAssociations, testDataFiles, testRunIssues } from '../../db/schema.js';
import type { JobRun } from '../jobs/jobs.schemas.js';
import { ANALYSIS_CONTEXT_MAX, type Report } from './reports.schemas.js';
import type { TestRun } from './test-runs.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let run: string;
let runNumber: number;
let card: string;
let step: string;
let otherCard: string;
let otherCardStep: string;
let foreignCard: string;
let foreignStep: string;

beforeAll(async () => {
  ctx = await testApp({ env: { HWA_WORKER_CONCURRENCY: '0' } });
  ann = await ctx.newUser({ email: 'ann@example.com' });
  ({ runId: run, runNumber } = await insertRun(ctx, ann));
  otherCard = await insertCard(ctx.database, run, 'Functional test');
  otherCardStep = await insertStep(ctx.database, run, otherCard, 'Power on');
  card = await insertCard(ctx.database, run, 'Thermal cycle');
  step = await insertStep(ctx.database, run, card, 'Ramp to +55 °C');
  const foreign = await insertRun(ctx, ann);
  foreignCard = await insertCard(ctx.database, foreign.runId);
  foreignStep = await insertStep(ctx.database, foreign.runId, foreignCard);
});

const url = (runId = run) => `/test-runs/${runId}/reports`;
const ask = (body: object, runId = run) => ann.call<Report>('POST', url(runId), body);
// Report runs only: every write below a run also queues the run's re-embedding (test_run_embedding).
const jobRunCount = async () =>
  Number(
    (
      await ctx.database.db.select({ n: count() }).from(jobRuns).where(eq(jobRuns.jobType, 'test_run_report'))
    )[0]!.n,
  );

describe('POST /test-runs/{run_id}/reports', () => {
  it('creates a run report pending, empty, with its job run started in the same transaction', async () => {
    const before = await jobRunCount();
    const report = ok(await ask({ scope: 'run' }), 201);
    expect(report).toMatchObject({
      uuid: expect.stringMatching(UUID),
      title: expect.stringContaining(`Analysis of TR-${String(runNumber).padStart(4, '0')}`),
      scope: 'run',
      test_card_id: null,
      test_step_id: null,
      status: 'pending',
      content: '',
      summary: '',
      findings: [],
      charts: [],
      error: null,
      analysis_context: '',
      issues: [],
      test_data: [],
      job_run_id: expect.stringMatching(UUID),
      created_by: 'ann@example.com',
      created_at: expect.stringMatching(ISO_MS_Z),
    });
    expect(await jobRunCount()).toBe(before + 1);
    const jobRun = ok(await ann.call<JobRun>('GET', `/job-runs/${report.job_run_id}`));
    expect(jobRun).toMatchObject({ status: 'pending', job_type: 'test_run_report' });
    expect(jobRun.config).toMatchObject({ job_type: 'test_run_report', report_id: report.uuid });
  });

  it('titles a card and a step report after them, and keeps the context and create_issues', async () => {
    const c = ok(await ask({ scope: 'card', test_card_id: card, analysis_context: 'tc_1_degC max 60' }), 201);
    expect(c).toMatchObject({
      scope: 'card',
      test_card_id: card,
      test_step_id: null,
      analysis_context: 'tc_1_degC max 60',
    });
    expect(c.title).toBe(`Analysis of TR-${String(runNumber).padStart(4, '0')} › Card 2: Thermal cycle`);
    const s = ok(
      await ask({ scope: 'step', test_card_id: card, test_step_id: step, create_issues: true }),
      201,
    );
    expect(s.title).toBe(
      `Analysis of TR-${String(runNumber).padStart(4, '0')} › Card 2: Thermal cycle › Step 1: Ramp to +55 °C`,
    );
    const jobRun = ok(await ann.call<JobRun>('GET', `/job-runs/${s.job_run_id}`));
    expect(jobRun.config).toMatchObject({ create_issues: true });
  });

  it.each([
    ['card without test_card_id', { scope: 'card' }, ['body.test_card_id']],
    ['step without test_card_id', { scope: 'step', test_step_id: 'STEP' }, ['body.test_card_id']],
    ['step without test_step_id', { scope: 'step', test_card_id: 'CARD' }, ['body.test_step_id']],
    ['step without either', { scope: 'step' }, ['body.test_card_id', 'body.test_step_id']],
    ['card with null test_card_id', { scope: 'card', test_card_id: null }, ['body.test_card_id']],
    ['run with a card', { scope: 'run', test_card_id: 'CARD' }, ['body.test_card_id']],
    [
      'card with a step',
      { scope: 'card', test_card_id: 'CARD', test_step_id: 'STEP' },
      ['body.test_step_id'],
    ],
    ['an unknown scope', { scope: 'system' }, ['body.scope']],
    ['no scope', {}, ['body.scope']],
    ['an unknown field', { scope: 'run', notes: 'x' }, ['body.notes']],
  ])('refuses %s with 400 naming the field, and starts no job run', async (_name, body, paths) => {
    const filled = JSON.parse(
      JSON.stringify(body).replace('"CARD"', `"${card}"`).replace('"STEP"', `"${step}"`),
    );
    const before = await jobRunCount();
    expectProblem(await ask(filled), 400, paths);
    expect(await jobRunCount()).toBe(before);
  });

  it('takes analysis_context up to its limit and refuses one character more, starting nothing', async () => {
    const before = await jobRunCount();
    expectProblem(await ask({ scope: 'run', analysis_context: 'x'.repeat(ANALYSIS_CONTEXT_MAX + 1) }), 400, [
      'body.analysis_context',
    ]);
    expect(await jobRunCount()).toBe(before);
    ok(await ask({ scope: 'run', analysis_context: 'x'.repeat(ANALYSIS_CONTEXT_MAX) }), 201);
    expect(await jobRunCount()).toBe(before + 1);
  });

  it('answers 400 to a cut or non-JSON body and 415 to another media type, starting nothing', async () => {
    const before = await jobRunCount();
    const send = (raw: string, type: string) =>
      ann.call('POST', url(), undefined, { raw, headers: { 'content-type': type } });
    expect((await send('{"scope": "ru', 'application/json')).status).toBe(400);
    expect((await send('scope=run', 'application/json')).status).toBe(400);
    expect((await send('scope=run', 'text/plain')).status).toBe(415);
    expect(await jobRunCount()).toBe(before);
    ok(await ask({ scope: 'run' }), 201); // and the server still serves
  });

  it.each([
    ['a card of another run', () => ({ scope: 'card', test_card_id: foreignCard })],
    ['a step of another run', () => ({ scope: 'step', test_card_id: card, test_step_id: foreignStep })],
    [
      'a step of another card of this run',
      () => ({ scope: 'step', test_card_id: card, test_step_id: otherCardStep }),
    ],
  ])('answers 404 for %s, and starts no job run', async (_name, body) => {
    const before = await jobRunCount();
    expectProblem(await ask(body()), 404);
    expect(await jobRunCount()).toBe(before);
  });

  it('answers 404 for an unknown or deleted run, and starts no job run', async () => {
    const before = await jobRunCount();
    expectProblem(await ask({ scope: 'run' }, '0195a6f0-0000-7000-8000-000000000000'), 404);
    const gone = await insertRun(ctx, ann);
    await softDeleteRun(ctx.database, gone.runId);
    expectProblem(await ask({ scope: 'run' }, gone.runId), 404);
    expect(await jobRunCount()).toBe(before);
  });
});

describe('GET /test-runs/{run_id}/reports', () => {
  it('lists the run’s reports oldest first and reads one; another run’s report is 404', async () => {
    const fresh = await insertRun(ctx, ann);
    const a = ok(await ask({ scope: 'run' }, fresh.runId), 201);
    const b = ok(await ask({ scope: 'run', analysis_context: 'second' }, fresh.runId), 201);
    const page = ok(await ann.call<{ items: Report[]; count: number }>('GET', url(fresh.runId)));
    expect(page.count).toBe(2);
    expect(page.items.map((r) => r.uuid)).toEqual([a.uuid, b.uuid]);
    const limited = ok(
      await ann.call<{ items: Report[]; count: number }>('GET', url(fresh.runId), undefined, {
        query: { limit: '1', offset: '1' },
      }),
    );
    expect(limited).toMatchObject({ count: 2, items: [{ uuid: b.uuid }] });
    expect(ok(await ann.call<Report>('GET', `${url(fresh.runId)}/${b.uuid}`))).toEqual(b);
    expectProblem(await ann.call('GET', `${url(run)}/${b.uuid}`), 404);
  });

  it('reads a report as cancelled once its job run is cancelled, on the run tree too', async () => {
    const report = ok(await ask({ scope: 'step', test_card_id: card, test_step_id: step }), 201);
    ok(await ann.call('POST', `/job-runs/${report.job_run_id}/cancel`));
    const read = ok(await ann.call<Report>('GET', `${url()}/${report.uuid}`));
    expect(read).toMatchObject({ status: 'cancelled', error: expect.stringContaining('cancelled') });
    const detail = ok(await ann.call<TestRun>('GET', `/test-runs/${run}`));
    const onStep = detail.test_cards.flatMap((c) => c.test_steps).flatMap((s) => s.reports);
    expect(onStep.find((r) => r.uuid === report.uuid)?.status).toBe('cancelled');
  });

  it('lists as test_data the files of its scope: the run’s all, a card’s and its steps’, a step’s', async () => {
    const fresh = await insertRun(ctx, ann);
    const c = await insertCard(ctx.database, fresh.runId, 'Thermal cycle');
    const s = await insertStep(ctx.database, fresh.runId, c);
    const other = await insertCard(ctx.database, fresh.runId, 'Functional test');
    const file = async (name: string, at?: { cardId: string; stepId?: string }) => {
      const id = newId();
      await ctx.database.db.insert(testDataFiles).values({
        id,
        runId: fresh.runId,
        fileName: name,
        storageUrl: `file:///nowhere/${name}`,
        fileSize: 1,
        uploadedBy: ann.email,
      });
      if (at) {
        await ctx.database.db
          .insert(testDataAssociations)
          .values({ id: newId(), fileId: id, cardId: at.cardId, stepId: at.stepId ?? null });
      }
    };
    await file('run.csv');
    await file('card.csv', { cardId: c });
    await file('step.csv', { cardId: c, stepId: s });
    await file('other.csv', { cardId: other });
    const names = async (body: object) =>
      ok(await ask(body, fresh.runId), 201).test_data.map((f) => f.file_name);
    expect(await names({ scope: 'run' })).toEqual(['run.csv', 'card.csv', 'step.csv', 'other.csv']);
    expect(await names({ scope: 'card', test_card_id: c })).toEqual(['card.csv', 'step.csv']);
    expect(await names({ scope: 'step', test_card_id: c, test_step_id: s })).toEqual(['step.csv']);
  });

  it('lists the live issues filed from the report’s findings, and only those', async () => {
    const fresh = await insertRun(ctx, ann);
    const report = ok(await ask({ scope: 'run' }, fresh.runId), 201);
    const filed = await newIssue(ann, 'tc_1_degC over 60 °C');
    const gone = await newIssue(ann, 'tc_3_degC stuck');
    const linkedToRun = await newIssue(ann, 'Run-level issue');
    await ctx.database.db.insert(testRunIssues).values([
      { id: newId(), runId: fresh.runId, issueId: filed, reportId: report.uuid, position: 1 },
      { id: newId(), runId: fresh.runId, issueId: gone, reportId: report.uuid, position: 2 },
      { id: newId(), runId: fresh.runId, issueId: linkedToRun, position: 3 },
    ]);
    await deleteIssue(ann, gone);
    const read = ok(await ann.call<Report>('GET', `${url(fresh.runId)}/${report.uuid}`));
    expect(read.issues).toEqual([
      {
        uuid: filed,
        title: 'tc_1_degC over 60 °C',
        status: expect.any(String),
        priority: expect.any(String),
      },
    ]);
  });

  it('lists each report on the run, and card and step reports on their card and step', async () => {
    const fresh = await insertRun(ctx, ann);
    const c = await insertCard(ctx.database, fresh.runId, 'Thermal cycle');
    const s = await insertStep(ctx.database, fresh.runId, c);
    const r = ok(await ask({ scope: 'run' }, fresh.runId), 201);
    const cr = ok(await ask({ scope: 'card', test_card_id: c }, fresh.runId), 201);
    const sr = ok(await ask({ scope: 'step', test_card_id: c, test_step_id: s }, fresh.runId), 201);
    const detail = ok(await ann.call<TestRun>('GET', `/test-runs/${fresh.runId}`));
    expect(detail.reports.map((x) => x.uuid)).toEqual([r.uuid, cr.uuid, sr.uuid]);
    expect(detail.test_cards[0]!.reports.map((x) => x.uuid)).toEqual([cr.uuid]);
    expect(detail.test_cards[0]!.test_steps[0]!.reports.map((x) => x.uuid)).toEqual([sr.uuid]);
    expect(detail.reports[2]).toMatchObject({ status: 'pending', summary: '', job_run_id: sr.job_run_id });
  });
});
