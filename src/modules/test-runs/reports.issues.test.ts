// A report asked for with `create_issues: true` files its findings as issues (generate_issue, beyond
// the spec): the thermal-vacuum cycle of the walk has an over-temperature and a stuck sensor, and
// exactly those two become issues of the Assistant, listed on the report. A second report of the same
// run finds the same faults and files nothing new.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { file, multipart } from '../../../test/multipart.js';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { tvacCsv } from '../../../test/tvac-csv.js';
import type { Report } from './reports.schemas.js';

let ctx: TestContext;
let ann: TestUser;

beforeAll(async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-report-issues-'));
  ctx = await testApp({ env: { HWA_STORAGE_DIR: root } });
  ann = await ctx.newUser({ email: 'ann@example.com' });
});

interface Run {
  uuid: string;
  status: string;
}
interface Issue {
  uuid: string;
  title: string;
  created_by: string;
  job_run_id: string | null;
  priority: string;
}

/** Polls until `check` answers something; a bound for the workers, not an expectation. */
async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function reportWithIssues(runId: string): Promise<Report> {
  const asked = ok(
    await ann.call<Report>('POST', `/test-runs/${runId}/reports`, { scope: 'run', create_issues: true }),
    201,
  );
  const report = await until('the report', async () => {
    const r = ok(await ann.call<Report>('GET', `/test-runs/${runId}/reports/${asked.uuid}`));
    return ['completed', 'failed', 'cancelled'].includes(r.status) ? r : undefined;
  });
  expect(report.status, report.error ?? '').toBe('completed');
  return report;
}

/**
 * Waits until there are `n` generate_issue runs, all final, and answers them: the report reads
 * completed a moment before its job enqueues the issue run.
 */
const issueRuns = (n: number) =>
  until('the generate_issue runs', async () => {
    const page = ok(
      await ann.call<{ items: Run[] }>('GET', '/job-runs', undefined, {
        query: { job_types: 'generate_issue', limit: '100' },
      }),
    );
    return page.items.length >= n && page.items.every((r) => ['completed', 'failed'].includes(r.status))
      ? page.items
      : undefined;
  });

describe('a report with create_issues', () => {
  let runId: string;
  let systemId: string;

  beforeAll(async () => {
    systemId = (await ctx.newSystem(ann)).system_id;
    runId = ok(
      await ann.call<Run>('POST', '/test-runs', { title: 'TVAC cycle 1', system_id: systemId }),
      201,
    ).uuid;
    const csv = Buffer.from(tvacCsv());
    const sidecar = Buffer.from(JSON.stringify({ channels: { tc_1_degC: { max: 60 } } }));
    for (const [name, body] of [
      ['tvac.csv', csv],
      ['tvac.csv.limits.json', sidecar],
    ] as const) {
      const { payload, headers } = multipart([{ ...file(name, body), field: 'file' }]);
      const answer = await ann.call('POST', `/test-runs/${runId}/data/upload`, undefined, {
        raw: payload,
        headers,
      });
      ok(answer, 201);
    }
  });

  it('files one Assistant issue per high or medium finding, and the report lists them', async () => {
    const report = await reportWithIssues(runId);
    const filed = report.findings.filter((f) => f.severity !== 'low');
    expect(filed.map((f) => f.kind).sort()).toEqual(['limit_breach', 'stuck']);
    const runs = await issueRuns(1);
    expect(runs.map((r) => r.status)).toEqual(['completed']);

    const issues = ok(
      await ann.call<{ items: Issue[] }>('GET', '/issues', undefined, { query: { system_id: systemId } }),
    ).items;
    expect(issues).toHaveLength(2);
    for (const issue of issues) {
      expect(issue).toMatchObject({ created_by: 'Assistant', job_run_id: runs[0]!.uuid });
    }
    expect(issues.map((i) => i.title).join(' | ')).toMatch(/tc_1_degC/);
    expect(issues.map((i) => i.title).join(' | ')).toMatch(/tc_3_degC/);
    const listed = ok(await ann.call<Report>('GET', `/test-runs/${runId}/reports/${report.uuid}`)).issues;
    expect(listed.map((i) => i.uuid).sort()).toEqual(issues.map((i) => i.uuid).sort());
    // each finding names its chart, so the issue can show it
    for (const f of filed) expect(report.charts.map((c) => c.attachment_id)).toContain(f.chart_attachment_id);
  });

  it('files nothing new when a second report finds the same faults', async () => {
    await reportWithIssues(runId);
    const runs = await issueRuns(2);
    expect(runs.map((r) => r.status)).toEqual(['completed', 'completed']);
    const issues = ok(
      await ann.call<{ items: Issue[] }>('GET', '/issues', undefined, { query: { system_id: systemId } }),
    ).items;
    expect(issues).toHaveLength(2);
  });
});
