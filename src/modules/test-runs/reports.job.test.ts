// The test_run_report job as a test engineer meets it: register the CSV of a thermal-vacuum cycle (an
// over-temperature and a stuck sensor in it) with a limits sidecar, ask for a report, and poll it to
// `completed` with both faults found, the commanded heater step not reported, the limits named, and
// the charts stored as assistant attachments that download. Then the ways a report fails (no data in
// scope, a file that is not what its name says), step-measurement limits, and a cancel mid-analysis.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { insertCard, insertRun, insertStep } from '../../../test/test-run-rows.js';
import { tvacCsv } from '../../../test/tvac-csv.js';
import type { Analyst, CompletionRequest } from '../../analysis/analyst.js';
import { createBuiltinAnalyst } from '../../analysis/builtin.js';
import { newId } from '../../core/ids.js';
import { attachments, testSteps } from '../../db/schema.js';
import { RunStop } from '../../jobs/context.js';
import type { JobContext } from '../../jobs/registry.js';
import { FileStorage } from '../../storage/fs.js';
import { insertReport } from './reports.repository.js';
import { testRunReportJob } from './reports.job.js';
import type { Report } from './reports.schemas.js';
import type { TestDataFile } from './test-runs.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let root: string;

/**
 * The language model as the job sees it: unavailable (the built-in prose is written) unless a test
 * scripts `modelProse`; what it was asked is kept.
 */
let modelProse: { summary: string; overview: string } | undefined;
const asked: CompletionRequest[] = [];
const analyst: Analyst = {
  kind: 'openai',
  complete(request) {
    asked.push(request);
    if (!modelProse) return Promise.resolve({ available: false, reason: 'no model in this test' });
    const usage = { model: 'fake', inputTokens: 10, outputTokens: 10, durationMs: 1 };
    return Promise.resolve({ available: true, text: JSON.stringify(modelProse), json: modelProse, usage });
  },
};

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-report-root-'));
  ctx = await testApp({ env: { HWA_STORAGE_DIR: root }, analyst });
  ann = await ctx.newUser({ email: 'ann@example.com' });
});

/** Writes `body` into the storage root and registers it for the run (and card/step when given). */
async function register(
  runId: string,
  name: string,
  body: string,
  associate_with: { test_card_id?: string; test_step_id?: string } = {},
): Promise<TestDataFile> {
  const file = path.join(root, runId, name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, body);
  const storage_url = pathToFileURL(file).href;
  const size = Buffer.byteLength(body);
  return ok(
    await ann.call<TestDataFile>('POST', `/test-runs/${runId}/data`, {
      file_name: name,
      storage_url,
      file_size: size,
      associate_with,
    }),
    201,
  );
}

/**
 * The report job's context driven by hand, cancelled at the first progress message `at` accepts (the
 * report is inserted without a job run, so no worker takes it).
 */
function cancelledAt(reportId: string, jobRunId: string, at: (message: string | undefined) => boolean) {
  const controller = new AbortController();
  return {
    run: { id: jobRunId, jobId: newId(), jobType: 'test_run_report', attempt: 1, createdBy: ann.email },
    config: { job_type: 'test_run_report' as const, report_id: reportId },
    signal: controller.signal,
    saved: undefined,
    progress: (_pct: number, message?: string) => {
      if (!at(message)) return Promise.resolve();
      controller.abort(new RunStop('cancelled', 'The run was cancelled.'));
      return Promise.reject(controller.signal.reason as Error);
    },
    checkpoint: () => Promise.resolve(),
    analyst: createBuiltinAnalyst(),
    addOutputReference: () => Promise.resolve(),
    db: ctx.database.db,
  } satisfies JobContext<{ job_type: 'test_run_report'; report_id: string }>;
}

/** Polls the report until it is final (the worker runs it); a bound, not an expectation. */
async function settled(runId: string, reportId: string): Promise<Report> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const report = ok(await ann.call<Report>('GET', `/test-runs/${runId}/reports/${reportId}`));
    if (['completed', 'failed', 'cancelled'].includes(report.status)) return report;
    if (Date.now() > deadline) throw new Error(`report not final in time: ${JSON.stringify(report)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ask = async (runId: string, body: object) =>
  settled(runId, ok(await ann.call<Report>('POST', `/test-runs/${runId}/reports`, body), 201).uuid);

const SIDECAR = JSON.stringify({ channels: { tc_1_degC: { max: 60 }, tc_3_degC: { min: -40, max: 90 } } });

describe('a thermal-vacuum run report', () => {
  let runId: string;
  let report: Report;

  beforeAll(async () => {
    ({ runId } = await insertRun(ctx, ann));
    const card = await insertCard(ctx.database, runId, 'Thermal cycle');
    const step = await insertStep(ctx.database, runId, card, 'Ramp to +55 °C');
    await register(runId, 'tvac.csv', tvacCsv(), { test_step_id: step });
    await register(runId, 'tvac.csv.limits.json', SIDECAR);
    report = await ask(runId, { scope: 'run' });
  });

  it('completes with the over-temperature against the sidecar limit and the stuck sensor', () => {
    expect(report.status, report.error ?? '').toBe('completed');
    const breach = report.findings.find((f) => f.kind === 'limit_breach');
    expect(breach).toMatchObject({
      channels: ['tc_1_degC'],
      file_name: 'tvac.csv',
      severity: expect.stringMatching(/high|medium/),
      evidence: { limit: { max: 60 } },
    });
    expect(breach!.start_row).toBeGreaterThanOrEqual(1000);
    expect(breach!.end_row).toBeLessThan(1100);
    const stuck = report.findings.find((f) => f.kind === 'stuck');
    expect(stuck).toMatchObject({ channels: ['tc_3_degC'], file_name: 'tvac.csv' });
    expect(stuck!.start_row).toBeGreaterThanOrEqual(440);
    expect(stuck!.end_row).toBeLessThanOrEqual(660);
    for (const f of report.findings) expect(f.id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('does not report the commanded heater step on the bus current', () => {
    expect(report.findings.filter((f) => f.channels.includes('bus_current_A'))).toEqual([]);
  });

  it('writes a summary and markdown with the findings table, statistics and the limits’ source', () => {
    expect(report.summary).toMatch(/2 findings/);
    expect(report.summary).toContain('tc_1_degC');
    expect(report.summary).toContain('tvac.csv');
    expect(report.content).toContain('| channel | kind | interval | severity | evidence |'.slice(0, 20));
    expect(report.content).toMatch(/\| tc_1_degC \| limit_breach \|/);
    expect(report.content).toMatch(/\| tc_3_degC \| stuck \|/);
    expect(report.content).toContain('## Channel statistics');
    expect(report.content).toContain('tvac.csv.limits.json');
    expect(report.test_data.map((f) => f.file_name).sort()).toEqual(['tvac.csv', 'tvac.csv.limits.json']);
  });

  it('stores one chart per channel with findings as an assistant attachment that downloads', async () => {
    expect(report.charts.map((c) => c.channel).sort()).toEqual(['tc_1_degC', 'tc_3_degC']);
    for (const chart of report.charts) {
      expect(report.content).toContain(`](${chart.download_url})`);
      const [row] = await ctx.database.db
        .select()
        .from(attachments)
        .where(eq(attachments.id, chart.attachment_id));
      expect(row).toMatchObject({ createdBy: 'assistant', userId: null, contentType: 'image/svg+xml' });
      const link = new URL(chart.download_url);
      const res = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(/^<svg /);
      expect(res.body).toContain(chart.channel);
    }
  });
});

describe('limits and failures', () => {
  it('judges a step’s data by the limits of its measurements', async () => {
    const { runId } = await insertRun(ctx, ann);
    const card = await insertCard(ctx.database, runId);
    const step = await insertStep(ctx.database, runId, card);
    const spec = {
      name: 'tc_2_degC',
      units: 'degC',
      low: null,
      high: 40,
      marginal_low: null,
      marginal_high: null,
    };
    await ctx.database.db
      .update(testSteps)
      .set({ measurementSpecs: [spec] })
      .where(eq(testSteps.id, step));
    await register(runId, 'tvac.csv', tvacCsv(), { test_step_id: step });
    const report = await ask(runId, { scope: 'step', test_card_id: card, test_step_id: step });
    expect(report.status, report.error ?? '').toBe('completed');
    expect(
      report.findings.find((f) => f.channels.includes('tc_2_degC') && f.kind === 'limit_breach'),
    ).toMatchObject({
      evidence: { limit: { max: 40 } },
    });
    expect(report.content).toContain('step measurement');
  });

  it('reads limit sentences of the analysis context for channels no other limit covers', async () => {
    const { runId } = await insertRun(ctx, ann);
    await register(runId, 'tvac.csv', tvacCsv());
    const report = await ask(runId, { scope: 'run', analysis_context: 'tc_2_degC max 40. Shroud at 55 °C.' });
    expect(report.status, report.error ?? '').toBe('completed');
    expect(
      report.findings.find((f) => f.channels.includes('tc_2_degC') && f.kind === 'limit_breach'),
    ).toMatchObject({
      evidence: { limit: { max: 40 } },
    });
    expect(report.findings.some((f) => f.channels.includes('tc_1_degC') && f.kind === 'limit_breach')).toBe(
      false,
    );
  });

  it('has the language model write the prose from the computed findings, the numbers staying ours', async () => {
    const { runId } = await insertRun(ctx, ann);
    await register(runId, 'tvac.csv', tvacCsv());
    await register(runId, 'tvac.csv.limits.json', SIDECAR);
    modelProse = {
      summary: 'tc_1_degC peaked at 64.07 °C against 60.',
      overview: 'One breach, one stuck sensor.',
    };
    const before = asked.length;
    try {
      const report = await ask(runId, { scope: 'run' });
      expect(report.status, report.error ?? '').toBe('completed');
      expect(report.summary).toBe(modelProse.summary);
      expect(report.content).toContain('One breach, one stuck sensor.');
      expect(report.content).toMatch(/\| tc_1_degC \| limit_breach \|.*worst 64\.07/);
      expect(JSON.stringify(asked.slice(before))).toContain('64.07');
    } finally {
      modelProse = undefined;
    }
  });

  it('fails with the reason when the scope has no data files, and names an unreadable file', async () => {
    const { runId } = await insertRun(ctx, ann);
    const card = await insertCard(ctx.database, runId);
    const other = await insertCard(ctx.database, runId);
    await register(runId, 'other.csv', tvacCsv({ rows: 50 }), { test_card_id: other });
    const empty = await ask(runId, { scope: 'card', test_card_id: card });
    expect(empty).toMatchObject({ status: 'failed', content: '', summary: '' });
    expect(empty.error).toMatch(/No data files in scope/);
    await register(runId, 'broken.parquet', 'this is not parquet\n', { test_card_id: card });
    const broken = await ask(runId, { scope: 'card', test_card_id: card });
    expect(broken.status).toBe('failed');
    expect(broken.error).toContain('broken.parquet');
    expect(broken.test_data.map((f) => f.file_name)).toEqual(['broken.parquet']);
  });
});

describe('cancel', () => {
  it('stores the report cancelled when its run is cancelled while the analysis runs', async () => {
    const { runId } = await insertRun(ctx, ann);
    await register(runId, 'tvac.csv', tvacCsv({ rows: 300 }));
    // Inserted without a job run, so no worker takes it: the handler is driven here.
    const id = newId();
    await insertReport(ctx.database.db, { id, runId, scope: 'run', title: 'Analysis', createdBy: ann.email });
    // The cancel arrives as the first file's analysis starts.
    const handlerCtx = cancelledAt(id, newId(), () => true);
    await expect(testRunReportJob(new FileStorage(root)).handler!(handlerCtx)).rejects.toThrow(/cancelled/);
    const report = ok(await ann.call<Report>('GET', `/test-runs/${runId}/reports/${id}`));
    expect(report).toMatchObject({
      status: 'cancelled',
      content: '',
      error: expect.stringContaining('cancelled'),
    });
  });

  it('keeps no chart of a report cancelled after its charts were drawn: no attachment row, no stored object', async () => {
    const { runId } = await insertRun(ctx, ann);
    await register(runId, 'tvac.csv', tvacCsv({ rows: 900 }));
    const id = newId();
    await insertReport(ctx.database.db, { id, runId, scope: 'run', title: 'Analysis', createdBy: ann.email });
    const storedCharts = async () =>
      (await fs.readdir(path.join(root, 'reports'), { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((f) => f.isFile())
        .map((f) => path.join(f.parentPath, f.name));
    const before = await storedCharts();
    const jobRunId = newId();
    // The cancel arrives once the charts are drawn, as the prose is being written.
    const handlerCtx = cancelledAt(id, jobRunId, (message) => message === 'writing the report');
    const storage = new FileStorage(root);
    const put = storage.put.bind(storage);
    let charts = 0;
    storage.put = (...args) => {
      charts += 1;
      return put(...args);
    };
    await expect(testRunReportJob(storage).handler!(handlerCtx)).rejects.toThrow(/cancelled/);
    expect(charts).toBeGreaterThan(0); // drawn and stored before the cancel
    const report = ok(await ann.call<Report>('GET', `/test-runs/${runId}/reports/${id}`));
    expect(report).toMatchObject({ status: 'cancelled', charts: [] });
    const rows = await ctx.database.db
      .select({ description: attachments.description })
      .from(attachments)
      .where(eq(attachments.createdBy, 'Assistant'));
    expect(rows.filter((r) => r.description?.includes(jobRunId))).toEqual([]);
    expect(await storedCharts()).toEqual(before);
  });
});
