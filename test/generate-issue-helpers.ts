// A thermal-vacuum run to file issues from (generate_issue suites): two cards with a failed step each
// (one with a failed measurement), a passed step, a data file stored under the storage root, and a
// completed run report whose findings are one high, one medium and one low — rows written directly,
// as the report job would leave them (findings in the analyst's Finding shape plus `file`,
// `data_file_id` and `chart_attachment_id`).
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { newId } from '../src/core/ids.js';
import {
  attachments,
  testCards,
  testDataAssociations,
  testDataFiles,
  testRunReports,
  testSteps,
} from '../src/db/schema.js';
import type { JobRun } from '../src/modules/jobs/jobs.schemas.js';
import { ok, type TestContext, type TestUser } from './helpers.js';
import { waitForRun } from './job-types.js';
import { insertRun } from './test-run-factories.js';

export interface SeededRun {
  runId: string;
  runNumber: number;
  hotCardId: string;
  hotStepId: string;
  coldStepId: string;
  dataFileId: string;
  chartId: string;
  reportId: string;
  findings: { high: StoredFindingSeed; medium: StoredFindingSeed; low: StoredFindingSeed };
}

type StoredFindingSeed = Record<string, unknown> & { id: string };

/** A finding as the report job stores it; `id` unique to this call so runs never share keys. */
export function finding(
  kind: string,
  severity: string,
  fields: Record<string, unknown> = {},
): StoredFindingSeed {
  return {
    id: newId().replace(/-/g, '').slice(-16),
    kind,
    channels: ['tc_heater_2_C'],
    start_row: 1200,
    end_row: 1260,
    start_time: '2026-11-20T10:20:00Z',
    end_time: '2026-11-20T10:21:00Z',
    t_start: 1200,
    t_end: 1260,
    severity,
    evidence: { duration_s: 60, values: { baseline: 60.1, peak: 74.2 }, limit: { max: 70 }, margin: 4.2 },
    description: `tc_heater_2_C ${kind} from 10:20:00 to 10:21:00`,
    file: 'tvac.csv',
    ...fields,
  };
}

/** A completed report of `runId` with these findings, written as the report job leaves it. */
export async function insertReport(
  ctx: TestContext,
  runId: string,
  findings: unknown[],
  fields: Partial<typeof testRunReports.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  await ctx.database.db.insert(testRunReports).values({
    id,
    runId,
    scope: 'run',
    title: 'Run report',
    status: 'completed',
    content: '# Report',
    summary: 'Heater 2 over temperature.',
    findings,
    analysisContext: 'Hot plateau +60 °C; heater 2 limit 70 °C.',
    createdBy: 'ann@example.com',
    ...fields,
  });
  return id;
}

export async function seedRun(ctx: TestContext, systemId: string, root: string): Promise<SeededRun> {
  const db = ctx.database.db;
  const { id: runId, runNumber } = await insertRun(db, {
    systemId,
    title: 'TVAC qualification',
    cards: [
      {
        title: 'Hot soak',
        steps: [
          { title: 'Hold +60 °C', status: 'failed' },
          { title: 'Ramp', status: 'passed' },
        ],
      },
      {
        title: 'Cold soak',
        steps: [
          {
            title: 'Bus voltage at -40 °C',
            status: 'failed',
            measurements: [{ name: 'bus_voltage', value: 26.1, units: 'V', low: 27, high: 29 }],
          },
        ],
      },
    ],
  });
  const [hot] = await db
    .select()
    .from(testCards)
    .where(and(eq(testCards.runId, runId), eq(testCards.position, 1)));
  const steps = await db.select().from(testSteps).where(eq(testSteps.runId, runId));
  const stepId = (title: string) => steps.find((s) => s.title === title)!.id;
  await fs.writeFile(path.join(root, 'tvac.csv'), 'time,tc_heater_2_C\n0,60\n');
  const dataFileId = newId();
  await db.insert(testDataFiles).values({
    id: dataFileId,
    runId,
    fileName: 'tvac.csv',
    storageUrl: `file://${path.join(root, 'tvac.csv')}`,
    fileSize: 21,
    contentType: 'text/csv',
    uploadedBy: 'ann@example.com',
  });
  await db
    .insert(testDataAssociations)
    .values({ id: newId(), fileId: dataFileId, cardId: hot!.id, stepId: null });
  const chartId = newId();
  await db.insert(attachments).values({
    id: chartId,
    userId: null,
    createdBy: 'assistant',
    name: 'tc_heater_2_C.svg',
    attachmentType: 'svg',
    contentType: 'image/svg+xml',
    size: 10,
    storageKey: `charts/${chartId}.svg`,
  });
  const findings = {
    high: finding('limit_breach', 'high', { data_file_id: dataFileId, chart_attachment_id: chartId }),
    medium: finding('stuck', 'medium', {
      channels: ['tc_3_C'],
      evidence: { duration_s: 900, values: { value: 21.5 } },
    }),
    low: finding('spike', 'low', { channels: ['bus_current_A'] }),
  };
  const reportId = await insertReport(ctx, runId, [findings.high, findings.medium, findings.low]);
  return {
    runId,
    runNumber,
    hotCardId: hot!.id,
    hotStepId: stepId('Hold +60 °C'),
    coldStepId: stepId('Bus voltage at -40 °C'),
    dataFileId,
    chartId,
    reportId,
    findings,
  };
}

/** Creates a generate_issue job with `config` and runs it to its end; the run as it ended. */
export async function runGenerateIssue(user: TestUser, config: Record<string, unknown>): Promise<JobRun> {
  const job = ok(
    await user.call<{ uuid: string }>('POST', '/jobs', {
      job_type: 'generate_issue',
      config: { job_type: 'generate_issue', ...config },
    }),
    201,
  );
  const run = ok(await user.call<JobRun>('POST', '/job-runs', { job_id: job.uuid }), 201);
  return waitForRun(user, run.uuid, (r) => ['completed', 'failed', 'cancelled'].includes(r.status));
}
