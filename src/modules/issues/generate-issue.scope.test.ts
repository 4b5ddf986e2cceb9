// What a generate_issue run covers and refuses: its schema in GET /jobs/schemas; a config naming no
// run refused at creation; report_id and finding_ids narrowing it to findings; a run named TR-0001
// within its system; one issue for a fault several reports found; configs naming something absent or
// of another system failing the run with the field named and nothing filed; a deleted issue filed
// anew; two runs at once filing each failure once. Runs on PGlite and PostgreSQL.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testRunIssues, testRunReports } from '../../db/schema.js';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { waitForRun } from '../../../test/job-types.js';
import { expectProblem } from '../../../test/problems.js';
import { finding, insertReport, runGenerateIssue, seedRun } from '../../../test/generate-issue-helpers.js';
import type { JobRun, JobSchemaEntry } from '../jobs/jobs.schemas.js';
import { resolveScope } from './generate-issue.scope.js';
import { IssueWriter } from './generate-issue.writer.js';

let ctx: TestContext;
let ann: TestUser;
let root: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hwa-genissue-scope-'));
  ctx = await testApp({ env: { HWA_STORAGE_DIR: root, HWA_WORKER_SHUTDOWN_GRACE: '0' } });
  ann = await ctx.newUser();
});

const newSystem = async () => (await ctx.newSystem(ann)).system_id;
const completed = (run: JobRun) => {
  expect(run.status, JSON.stringify(run.error)).toBe('completed');
  return run.output_references.filter((r) => r.type === 'issue');
};
const assistantIssues = async (systemId: string) =>
  ok(
    await ann.call<{ count: number; items: { uuid: string; title: string; priority: string }[] }>(
      'GET',
      '/issues',
      undefined,
      { query: { created_by: 'Assistant', system_id: systemId } },
    ),
  );

describe('the generate_issue config', () => {
  it('is listed in GET /jobs/schemas with system_id required and the optional narrowing fields', async () => {
    const entries = ok(await ann.call<JobSchemaEntry[]>('GET', '/jobs/schemas'));
    const entry = entries.find((e) => e.job_type === 'generate_issue')!;
    expect(entry).toMatchObject({ creatable_on_ui: true, creatable_by_agent: true, visible_on_ui: true });
    expect(entry.json_schema).toMatchObject({
      type: 'object',
      required: ['job_type', 'system_id'],
      properties: {
        job_type: { const: 'generate_issue' },
        system_id: { type: 'string', format: 'uuid' },
        test_run_id: { type: 'string' },
        report_id: { type: 'string', format: 'uuid' },
        finding_ids: { type: 'array' },
        additional_context: { type: 'string' },
      },
    });
  });

  it('is refused at creation without a test_run_id or a report_id, with an unknown field or a bad run id', async () => {
    const systemId = await newSystem();
    const cases: [Record<string, unknown>, string[]][] = [
      // Either would do: each is named.
      [{ system_id: systemId }, ['body.config.test_run_id', 'body.config.report_id']],
      [{ system_id: systemId, test_run_id: 'TR-1', colour: 'red' }, ['body.config.colour']],
      [{ system_id: systemId, test_run_id: 'run 1' }, ['body.config.test_run_id']],
    ];
    for (const [config, paths] of cases) {
      const answer = await ann.call('POST', '/jobs', {
        job_type: 'generate_issue',
        config: { job_type: 'generate_issue', ...config },
      });
      expectProblem(answer, 400, paths);
    }
  });
});

describe('what a run covers', () => {
  it('report_id: only that report’s high and medium findings, listed on that report; no failed step', async () => {
    const systemId = await newSystem();
    const seeded = await seedRun(ctx, systemId, root);
    const later = await insertReport(ctx, seeded.runId, [
      finding('oscillation', 'high'),
      finding('drift', 'low'),
    ]);
    const refs = completed(await runGenerateIssue(ann, { system_id: systemId, report_id: later }));
    expect(refs).toHaveLength(1);
    expect(refs[0]!.title).toContain('Oscillation on tc_heater_2_C');
    const links = await ctx.database.db
      .select()
      .from(testRunIssues)
      .where(eq(testRunIssues.runId, seeded.runId));
    expect(links.map((l) => [l.issueId, l.reportId])).toEqual([[refs[0]!.id, later]]);
  });

  it('finding_ids: only those findings, and no failed step; a low one named is still not filed', async () => {
    const systemId = await newSystem();
    const seeded = await seedRun(ctx, systemId, root);
    const refs = completed(
      await runGenerateIssue(ann, {
        system_id: systemId,
        test_run_id: seeded.runId,
        finding_ids: [seeded.findings.medium.id, seeded.findings.low.id],
      }),
    );
    expect(refs.map((r) => r.title)).toEqual([expect.stringContaining('Stuck sensor on tc_3_C')]);
    expect((await assistantIssues(systemId)).count).toBe(1);
  });

  it('test_run_id may be the TR number within the system', async () => {
    const systemId = await newSystem();
    const seeded = await seedRun(ctx, systemId, root);
    const tr = `TR-${String(seeded.runNumber).padStart(4, '0')}`;
    expect(completed(await runGenerateIssue(ann, { system_id: systemId, test_run_id: tr }))).toHaveLength(4);
  });

  it('a fault found by two reports of the run is one issue', async () => {
    const systemId = await newSystem();
    const seeded = await seedRun(ctx, systemId, root);
    await insertReport(ctx, seeded.runId, [seeded.findings.high], {
      scope: 'card',
      cardId: seeded.hotCardId,
      title: 'Hot soak report',
    });
    completed(await runGenerateIssue(ann, { system_id: systemId, test_run_id: seeded.runId }));
    const issues = await assistantIssues(systemId);
    expect(issues.items.filter((i) => i.title.includes('Limit breach'))).toHaveLength(1);
    expect(issues.count).toBe(4);
  });
});

describe('a config naming the wrong thing fails the run and files nothing', () => {
  const failsWith = async (systemId: string, config: Record<string, unknown>, message: RegExp) => {
    const run = await runGenerateIssue(ann, { system_id: systemId, ...config });
    expect(run.status).toBe('failed');
    expect(run.error?.message).toMatch(message);
    expect(run.output_references).toEqual([]);
    expect((await assistantIssues(systemId)).count).toBe(0);
  };

  it('an unknown system, a run or a report of another system, a report not completed, unknown findings', async () => {
    const other = await newSystem();
    const elsewhere = await seedRun(ctx, other, root);
    const systemId = await newSystem();
    const seeded = await seedRun(ctx, systemId, root);
    await failsWith(randomUUID(), { test_run_id: seeded.runId }, /system_id .* names no live system/);
    await failsWith(systemId, { test_run_id: elsewhere.runId }, /test_run_id .* another system/);
    await failsWith(systemId, { report_id: elsewhere.reportId }, /report_id .* another system/);
    await failsWith(systemId, { report_id: randomUUID() }, /report_id .* names no report/);
    await failsWith(
      systemId,
      { test_run_id: seeded.runId, finding_ids: ['nope'] },
      /finding_ids "nope": not findings of/,
    );
    await ctx.database.db
      .update(testRunReports)
      .set({ status: 'running' })
      .where(eq(testRunReports.id, seeded.reportId));
    await failsWith(
      systemId,
      { report_id: seeded.reportId },
      /report_id .* is running: only a completed report/,
    );
    expect((await assistantIssues(other)).count).toBe(0);
  });
});

describe('the failure key', () => {
  it('files a failure anew when its issue was deleted', async () => {
    const systemId = await newSystem();
    const seeded = await seedRun(ctx, systemId, root);
    const config = {
      system_id: systemId,
      report_id: seeded.reportId,
      finding_ids: [seeded.findings.high.id],
    };
    const [filed] = completed(await runGenerateIssue(ann, config));
    ok(await ann.call('DELETE', `/issues/${filed!.id}`), 204);
    const [again] = completed(await runGenerateIssue(ann, config));
    expect(again!.id).not.toBe(filed!.id);
    expect(again!.title.startsWith('commented: ')).toBe(false);
    const [third] = completed(await runGenerateIssue(ann, config));
    expect(third).toMatchObject({ id: again!.id, title: `commented: ${again!.title}` });
  });

  it('a run resumed after filing a failure (a crash before its checkpoint) neither refiles nor comments', async () => {
    const systemId = await newSystem();
    const seeded = await seedRun(ctx, systemId, root);
    const db = ctx.database.db;
    const { failures } = await resolveScope(db, { system_id: systemId, test_run_id: seeded.runId });
    const job = { jobRunId: randomUUID(), systemId };
    const place = { scheme: 'file' as const, root };
    const filed = await new IssueWriter(db, place, job).write(failures[0]!);
    const resumed = await new IssueWriter(db, place, job).write(failures[0]!);
    expect(filed.filed && resumed.filed).toBe(true);
    expect(resumed.issueId).toBe(filed.issueId);
    const comments = ok(await ann.call<{ count: number }>('GET', `/issues/${filed.issueId}/comments`));
    expect(comments.count).toBe(0);
    expect((await assistantIssues(systemId)).count).toBe(1);
  });

  it('two runs at once file each failure once, the other commenting', async () => {
    const systemId = await newSystem();
    const seeded = await seedRun(ctx, systemId, root);
    const config = { job_type: 'generate_issue', system_id: systemId, test_run_id: seeded.runId };
    const job = ok(
      await ann.call<{ uuid: string }>('POST', '/jobs', { job_type: 'generate_issue', config }),
      201,
    );
    const started = await Promise.all(
      [1, 2].map(async () => ok(await ann.call<JobRun>('POST', '/job-runs', { job_id: job.uuid }), 201)),
    );
    const ended = await Promise.all(
      started.map((r) => waitForRun(ann, r.uuid, (x) => ['completed', 'failed'].includes(x.status))),
    );
    const refs = ended.flatMap(completed);
    expect(refs).toHaveLength(8);
    expect(refs.filter((r) => !r.title.startsWith('commented: '))).toHaveLength(4);
    expect((await assistantIssues(systemId)).count).toBe(4);
  });
});
