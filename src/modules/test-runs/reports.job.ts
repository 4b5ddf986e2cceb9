// The test_run_report job: analyses the data files of one report's scope with the telemetry analyst,
// draws a chart per channel with findings (stored as assistant attachments), writes the markdown and
// the summary, and moves the report pending -> running -> completed | failed | cancelled.
//
// A failure the user can act on (no data files in scope, a file gone from storage, an unreadable file
// or sidecar) fails the report with an `error` naming it, and the job run with the same message. A
// cancel aborts the handler at its next check (between files and charts): the report reads cancelled
// from then on (reports.repository.ts) and is stored so when the handler sees it.
import os from 'node:os';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Type } from 'typebox';
import { renderChart } from '../../analysis/report/charts.js';
import {
  reportMarkdown,
  type AnalysedFile,
  type ReportChartRef,
  type ReportFinding,
} from '../../analysis/report/markdown.js';
import { writeProse } from '../../analysis/report/prose.js';
import { channelSeries } from '../../analysis/report/series.js';
import { analyseTelemetry } from '../../analysis/telemetry/index.js';
import { newId } from '../../core/ids.js';
import type { JobContext, JobType } from '../../jobs/registry.js';
import { RunStop } from '../../jobs/context.js';
import { enqueue } from '../../jobs/queue.js';
import { insertJob } from '../jobs/jobs.repository.js';
import { objectKey, type ObjectStorage } from '../../storage/port.js';
import { ASSISTANT, insertAttachments } from '../attachments/attachments.repository.js';
import * as repo from './reports.repository.js';
import { requestRunIndexing } from './search-index-queue.repository.js';
import { copyToTemp, pickInputs, ReportFailure, tempDir, type DataInput } from './reports.inputs.js';

export const TEST_RUN_REPORT = 'test_run_report';
const GENERATE_ISSUE = 'generate_issue';
/** Charts per report: beyond this many channels with findings, the table carries the rest. */
const MAX_CHARTS = 24;

export const reportConfigSchema = Type.Object(
  {
    job_type: Type.Literal(TEST_RUN_REPORT),
    report_id: Type.String({ format: 'uuid', description: 'the report to fill in' }),
    create_issues: Type.Optional(
      Type.Boolean({ description: 'file issues from the findings when the report completes' }),
    ),
  },
  { additionalProperties: false },
);
type Ctx = JobContext<{ job_type: typeof TEST_RUN_REPORT; report_id: string; create_issues?: boolean }>;

export function testRunReportJob(storage: ObjectStorage): JobType<typeof reportConfigSchema> {
  return {
    jobType: TEST_RUN_REPORT,
    displayName: 'Analyse test data',
    description:
      'Analyses the data files of a test run report’s scope (DuckDB), charts the channels with findings and writes the report.',
    userFacingDescription:
      'Writes an analysis report of a test run’s data. Started by POST /test-runs/{run_id}/reports.',
    configSchema: reportConfigSchema,
    creatableOnUi: false,
    creatableByAgent: false,
    visibleOnUi: true,
    maxAttempts: 2,
    timeLimitSeconds: 3600,
    async handler(ctx) {
      const found = await repo.findForJob(ctx.db, ctx.config.report_id);
      if (!found || found.runDeleted) {
        await ctx.progress(100, 'the report or its test run was deleted: nothing to analyse');
        return;
      }
      if (!(await repo.markRunning(ctx.db, found.report.id))) {
        await ctx.progress(100, `the report is already ${found.report.status}`);
        return;
      }
      const dir = await tempDir(os.tmpdir());
      let completed: boolean;
      try {
        completed = await fillReport(ctx, storage, found.report, dir);
      } catch (err) {
        const stop = ctx.signal.aborted ? (ctx.signal.reason as RunStop | undefined) : undefined;
        if (stop?.reason === 'cancelled') {
          await repo.finish(ctx.db, found.report.id, {
            status: 'cancelled',
            error: 'The job run was cancelled.',
          });
        } else if (!stop) {
          const message =
            err instanceof ReportFailure
              ? err.message
              : `The analysis failed: ${err instanceof Error ? err.message : String(err)}`;
          await repo.finish(ctx.db, found.report.id, { status: 'failed', error: message.slice(0, 2000) });
          throw new Error(message);
        }
        throw err;
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
      if (completed && ctx.config.create_issues) await requestIssues(ctx, found.report, found.systemId);
    },
  };
}

function scopeName(r: repo.ReportRow): string {
  return r.scope === 'run' ? 'the run' : r.scope === 'card' ? 'the card and its steps' : 'the step';
}

/** Fills the report in; false when it was final before this run could complete it (cancelled). */
async function fillReport(
  ctx: Ctx,
  storage: ObjectStorage,
  report: repo.ReportRow,
  dir: string,
): Promise<boolean> {
  const scope = { runId: report.runId, scope: report.scope, cardId: report.cardId, stepId: report.stepId };
  const inputs = await pickInputs(ctx.db, storage, scope, scopeName(report));
  const analysed: Analysed[] = [];
  const findings: ReportFinding[] = [];
  for (const [i, input] of inputs.data.entries()) {
    await ctx.progress((i / inputs.data.length) * 70, `analysing ${input.file.fileName}`);
    const local = await copyToTemp(storage, input.file, dir);
    let analysis;
    try {
      analysis = await analyseTelemetry({
        path: local,
        fileName: input.file.fileName,
        limits: input.limits,
        context: report.analysisContext,
      });
    } catch (err) {
      ctx.signal.throwIfAborted();
      const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
      throw new ReportFailure(`The data file ${input.file.fileName} could not be read as telemetry: ${why}`);
    }
    analysed.push({
      fileId: input.file.id,
      fileName: input.file.fileName,
      analysis,
      limitSources: input.limitSources,
      path: local,
      input,
    });
    findings.push(
      ...analysis.findings.map((f) => ({ ...f, file_id: input.file.id, file_name: input.file.fileName })),
    );
    ctx.signal.throwIfAborted();
  }
  await ctx.progress(75, 'drawing charts');
  // Charts of a report that did not complete (failed, cancelled, retried) would be attachments nothing
  // refers to: their rows are written only with the completed report, and their objects are removed
  // otherwise (best effort).
  const drawn: DrawnChart[] = [];
  const discard = () => Promise.allSettled(drawn.map((c) => storage.delete(c.row.storageKey)));
  let completed: boolean;
  try {
    completed = await finishWithCharts(
      ctx,
      storage,
      report,
      { analysed, findings, skipped: inputs.skipped },
      drawn,
    );
  } catch (err) {
    await discard();
    throw err;
  }
  if (!completed) {
    await discard(); // cancelled meanwhile
    return false;
  }
  // The report's words become findable by meaning: the run's embedding job reads them next.
  await requestRunIndexing(ctx.db, report.runId, report.createdBy);
  await ctx.addOutputReference({ type: 'report', id: report.id, title: report.title });
  return true;
}

type Analysed = AnalysedFile & { path: string; input: DataInput };
type Skipped = Awaited<ReturnType<typeof pickInputs>>['skipped'];

async function finishWithCharts(
  ctx: Ctx,
  storage: ObjectStorage,
  report: repo.ReportRow,
  { analysed, findings, skipped }: { analysed: Analysed[]; findings: ReportFinding[]; skipped: Skipped },
  drawn: DrawnChart[],
): Promise<boolean> {
  await drawCharts(ctx, storage, analysed, drawn);
  const charts = drawn.map((c) => c.ref);
  // Each finding names the chart of its file and first channel, so an issue filed from it shows it.
  for (const f of findings) {
    const chart = charts.find((c) => c.file_name === f.file_name && f.channels.includes(c.channel));
    if (chart) f.chart_attachment_id = chart.attachment_id;
  }
  await ctx.progress(90, 'writing the report');
  const prose = await writeProse(
    ctx.analyst,
    { title: report.title, context: report.analysisContext, files: analysed, findings },
    ctx.signal,
  );
  const content = reportMarkdown({
    title: report.title,
    scopeLine: `**Scope:** ${scopeName(report)} (${report.scope})${prose.by === 'model' ? ' · prose written by the language model from the computed findings' : ''}`,
    files: analysed,
    skipped,
    findings,
    charts,
    overview: prose.overview,
    context: report.analysisContext,
  });
  ctx.signal.throwIfAborted();
  return ctx.db.transaction(async (tx) => {
    const completed = await repo.finish(tx, report.id, {
      status: 'completed',
      content,
      summary: prose.summary,
      findings,
      charts,
      error: null,
    });
    if (completed) {
      await insertAttachments(
        tx,
        drawn.map((c) => c.row),
      );
    }
    return completed;
  });
}

/** A chart stored in storage, and the assistant attachment row to write with the completed report. */
interface DrawnChart {
  ref: ReportChartRef;
  row: Parameters<typeof insertAttachments>[1][number];
}

/** One SVG per (file, channel) with findings, stored; each is pushed to `drawn` as soon as it is. */
async function drawCharts(ctx: Ctx, storage: ObjectStorage, files: Analysed[], drawn: DrawnChart[]) {
  for (const f of files) {
    const channels = [...new Set(f.analysis.findings.flatMap((x) => x.channels))].slice(
      0,
      MAX_CHARTS - drawn.length,
    );
    if (channels.length === 0) continue;
    const series = await channelSeries(f.path, f.fileName, channels);
    for (const channel of channels) {
      ctx.signal.throwIfAborted();
      const points = series.get(channel);
      if (!points || points.length === 0) continue;
      const svg = await renderChart({
        channel,
        units: f.analysis.channels.find((c) => c.name === channel)?.units ?? null,
        fileName: f.fileName,
        points,
        findings: f.analysis.findings.filter((x) => x.channels.includes(channel)),
        limit:
          f.input.limits[channel] ??
          f.analysis.findings.find((x) => x.channels.includes(channel) && x.evidence.limit)?.evidence.limit,
      });
      const key = objectKey('reports');
      const stored = await storage.put(key, Readable.from([Buffer.from(svg)]), 'image/svg+xml');
      const id = newId();
      drawn.push({
        ref: { attachment_id: id, channel, file_name: f.fileName },
        row: {
          id,
          userId: null,
          createdBy: ASSISTANT,
          name: `${channel.replace(/[^\w.-]+/g, '_')}.svg`,
          attachmentType: 'svg',
          contentType: 'image/svg+xml',
          size: stored.size,
          storageKey: key,
          title: `${channel} — ${f.fileName}`,
          description: `Chart of ${channel} with its findings shaded, from the analysis report job run ${ctx.run.id}.`,
        },
      });
    }
  }
}

/**
 * `create_issues: true`: a generate_issue run over this report's findings, owned by whoever asked for
 * the report. It is a run of its own (retried, cancelled and watched apart), so a failure to file
 * issues never turns a completed report into a failed one.
 */
async function requestIssues(ctx: Ctx, report: repo.ReportRow, systemId: string): Promise<void> {
  const ownerId = report.creatorId;
  if (ownerId === null) return; // only reports asked for by a user: the run needs an owner
  const config = { job_type: GENERATE_ISSUE, system_id: systemId, report_id: report.id };
  const name = `Issues from ${report.title}`.slice(0, 300);
  const runId = await ctx.db.transaction(async (tx) => {
    const job = await insertJob(tx, {
      id: newId(),
      ownerId,
      createdBy: report.createdBy,
      name,
      jobType: GENERATE_ISSUE,
      config,
    });
    return enqueue(tx, {
      jobId: job.id,
      jobType: GENERATE_ISSUE,
      jobName: name,
      config,
      createdBy: report.createdBy,
      maxAttempts: 3,
    });
  });
  await ctx.progress(100, `the report is completed; generate_issue run ${runId} files its issues`);
}
